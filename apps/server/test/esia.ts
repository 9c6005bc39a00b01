import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** Test citizens of the stand-in by role (see packages/esia-standin/src/citizens.ts). */
export const CITIZENS = {
  /** Иванов: two verified mobiles and a long portation history. */
  ivanov: '1000000001',
  /** Петрова: unverified e-mail. */
  petrova: '1000000002',
  /** Сидоров: no verified mobile. */
  sidorov: '1000000003',
  /** Смирнов: one verified mobile, no portings yet. */
  smirnov: '1000000005',
  /** Фёдорова: a porting under way. */
  fedorova: '1000000006',
  /** Долгова: the donor refuses her porting for a debt. */
  dolgova: '1000000008',
  /** Морозов: the donor refuses his porting for a changed passport. */
  morozov: '1000000009',
} as const;

/** A browser's cookie jar, enough for inject-driven flows. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Takes the Set-Cookie headers of a response; an expired or empty cookie is removed. */
  take(res: LightMyRequestResponse): this {
    for (const c of res.cookies as { name: string; value: string; expires?: Date; maxAge?: number }[]) {
      const gone = c.value === '' || (c.expires !== undefined && c.expires.getTime() <= Date.now()) || c.maxAge === 0;
      if (gone) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return this;
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  set(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  delete(name: string): void {
    this.cookies.delete(name);
  }

  /** The Cookie header. */
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

function pathOf(location: string | undefined): string {
  if (!location) throw new Error('no Location header');
  const url = new URL(location, 'http://localhost');
  return url.pathname + url.search;
}

export interface SignInSteps {
  jar: CookieJar;
  /** The stand-in's authorize URL the site sent the browser to. */
  authorizeUrl: string;
  /** The callback URL the stand-in sent the browser back to (with code and state). */
  callbackUrl: string;
  /** Where the site finally sent the browser. */
  finalLocation: string;
}

/** Walks the stand-in's sign-in as a browser would, stopping before the callback is opened. */
export async function startSignIn(app: FastifyInstance, oid: string, returnUrl = '/account', jar = new CookieJar()) {
  const login = await app.inject({
    method: 'GET',
    url: `/api/v1/esia/login?returnUrl=${encodeURIComponent(returnUrl)}`,
  });
  if (login.statusCode !== 302) throw new Error(`login answered ${login.statusCode}`);
  jar.take(login);
  const authorizeUrl = String(login.headers.location);
  const page = await app.inject({ method: 'GET', url: pathOf(authorizeUrl) });
  const request = /name="request" value="([^"]+)"/.exec(page.body)?.[1];
  if (!request)
    throw new Error(`stand-in page has no request: ${page.statusCode} ${String(page.headers.location ?? '')}`);
  const chosen = await app.inject({
    method: 'POST',
    url: '/esia-standin/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ request, oid }).toString(),
  });
  return { jar, authorizeUrl, callbackUrl: String(chosen.headers.location) };
}

/** Signs in as a test citizen through the whole ESIA flow; the jar then holds the session cookies. */
export async function signIn(
  app: FastifyInstance,
  oid: string,
  returnUrl = '/account',
  jar = new CookieJar(),
): Promise<SignInSteps> {
  const started = await startSignIn(app, oid, returnUrl, jar);
  const back = await app.inject({
    method: 'GET',
    url: pathOf(started.callbackUrl),
    headers: { cookie: started.jar.header() },
  });
  started.jar.take(back);
  return { ...started, finalLocation: String(back.headers.location) };
}

/** Headers of a signed-in browser call (cookies plus the header the API client always sends). */
export function authHeaders(jar: CookieJar): Record<string, string> {
  return { cookie: jar.header(), 'x-requested-with': 'XMLHttpRequest' };
}
