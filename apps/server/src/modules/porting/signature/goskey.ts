import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { systemClock } from '../../../lib/clock';

/**
 * Госключ as the site meets it through the Госуслуги API (decision 128): a token for the organisation's
 * API key and a request signed with its key (the signer of ESIA's `client_secret`), a package of
 * documents posted for a person, its status polled, and the detached CMS signatures once they signed.
 * The stand-in (packages/goskey-standin) speaks the same protocol; docs/porting-gateway.md describes it.
 */
export interface Goskey {
  /** Sends one PDF for the person to sign; answers the package's id. */
  send(request: GoskeyRequest): Promise<{ packageId: string; expiresAt: Date }>;
  /** Where the package stands; a signed one carries the signature of each document, in order. */
  status(packageId: string): Promise<GoskeyAnswer>;
}

export interface GoskeyRequest {
  /** The person's ESIA oid: Госключ is tied to their Госуслуги account. */
  recipientOid: string;
  title: string;
  document: { name: string; content: Buffer };
  ttlMinutes: number;
  /** Where the person returns after answering (the stand-in's page links it; the app ignores it). */
  returnUrl?: string | undefined;
}

export interface GoskeyAnswer {
  status: 'pending' | 'signed' | 'refused' | 'expired';
  signatures: (Buffer | null)[];
}

/** Signs the token request as ESIA's `client_secret` is signed: a detached CMS, base64url. */
export interface RequestSigner {
  sign(data: string): Promise<string>;
}

/** Госключ did not answer or answered nonsense: worth trying again. */
export class GoskeyUnavailable extends Error {}

/** Госключ refused the request as it stands (an unknown person, a malformed package): trying again will not help. */
export class GoskeyRefused extends Error {}

const TokenSchema = Type.Object({
  access_token: Type.String({ minLength: 1, maxLength: 4000 }),
  expires_in: Type.Integer({ minimum: 1 }),
});
const SentSchema = Type.Object({
  packageId: Type.String({ minLength: 1, maxLength: 200 }),
  expiresAt: Type.String({ minLength: 10, maxLength: 40 }),
});
const StatusSchema = Type.Object({
  status: Type.Union([
    Type.Literal('pending'),
    Type.Literal('signed'),
    Type.Literal('refused'),
    Type.Literal('expired'),
  ]),
  documents: Type.Array(Type.Object({ signature: Type.Union([Type.String({ maxLength: 1_000_000 }), Type.Null()]) }), {
    maxItems: 10,
  }),
});

/** A token is asked for again a minute before it runs out. */
const TOKEN_MARGIN_MS = 60_000;

/** Госключ over HTTP: JSON with a Bearer token it gives for the API key and a signed request. */
export function createHttpGoskey(options: {
  baseUrl: string;
  apiKey: string;
  signer: RequestSigner;
  fetch?: (url: string, init?: RequestInit) => Promise<Response>;
  now?: () => Date;
  timeoutMs?: number;
}): Goskey {
  const doFetch = options.fetch ?? ((url: string, init?: RequestInit) => fetch(url, init));
  const now = options.now ?? systemClock;
  let token: { value: string; until: number } | null = null;
  /** A token being asked for: calls that need one meanwhile wait for it rather than ask again. */
  let asking: Promise<string> | null = null;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown, bearer?: string) {
    let res: Response;
    try {
      res = await doFetch(`${options.baseUrl}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
    } catch (err) {
      throw new GoskeyUnavailable(`Госключ недоступен: ${err instanceof Error ? err.message : String(err)}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(await res.text());
    } catch {
      throw new GoskeyUnavailable(`Госключ ответил не JSON (HTTP ${res.status})`);
    }
    return { status: res.status, json };
  }

  function accessToken(): Promise<string> {
    if (token && token.until > now().getTime()) return Promise.resolve(token.value);
    asking ??= newToken().finally(() => {
      asking = null;
    });
    return asking;
  }

  async function newToken(): Promise<string> {
    const timestamp = now().toISOString();
    const signature = await options.signer.sign(options.apiKey + timestamp);
    const res = await call('POST', '/api/v1/token', { apiKey: options.apiKey, timestamp, signature });
    if (res.status !== 200 || !Value.Check(TokenSchema, res.json)) {
      throw new GoskeyUnavailable(`Госключ не выдал токен (HTTP ${res.status}): ${messageOf(res.json)}`);
    }
    const { access_token, expires_in } = res.json;
    token = { value: access_token, until: now().getTime() + expires_in * 1000 - TOKEN_MARGIN_MS };
    return access_token;
  }

  /** A call with the token; a token the other side no longer knows is asked for again, once. */
  async function authorised(method: 'GET' | 'POST', path: string, body?: unknown) {
    const first = await call(method, path, body, await accessToken());
    if (first.status !== 401) return first;
    token = null;
    return call(method, path, body, await accessToken());
  }

  return {
    async send(request) {
      const res = await authorised('POST', '/api/v1/packages', {
        recipientOid: request.recipientOid,
        title: request.title,
        ttlMinutes: request.ttlMinutes,
        documents: [
          {
            name: request.document.name,
            title: request.title,
            mimeType: 'application/pdf',
            content: request.document.content.toString('base64'),
          },
        ],
        ...(request.returnUrl ? { returnUrl: request.returnUrl } : {}),
      });
      if (res.status >= 400 && res.status < 500 && res.status !== 429) {
        throw new GoskeyRefused(messageOf(res.json));
      }
      if (res.status !== 201 && res.status !== 200) throw new GoskeyUnavailable(`Госключ ответил HTTP ${res.status}`);
      if (!Value.Check(SentSchema, res.json)) throw new GoskeyUnavailable('ответ Госключа не соответствует протоколу');
      return { packageId: res.json.packageId, expiresAt: new Date(res.json.expiresAt) };
    },
    async status(packageId) {
      const res = await authorised('GET', `/api/v1/packages/${encodeURIComponent(packageId)}`);
      if (res.status === 404) throw new GoskeyRefused('Госключ не знает этого пакета');
      if (res.status !== 200) throw new GoskeyUnavailable(`Госключ ответил HTTP ${res.status}`);
      if (!Value.Check(StatusSchema, res.json))
        throw new GoskeyUnavailable('ответ Госключа не соответствует протоколу');
      return {
        status: res.json.status,
        signatures: res.json.documents.map((d) => (d.signature ? Buffer.from(d.signature, 'base64') : null)),
      };
    },
  };
}

function messageOf(json: unknown): string {
  const message = (json as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message.slice(0, 300) : 'без объяснения';
}
