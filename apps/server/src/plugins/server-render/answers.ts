import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { LocalAnswer, LocalCall } from './entry';
import { msisdnsIn } from './person-pages';

// The page's API calls, answered in process by this server's routes; the answers that are the same for
// everyone kept per data version (decisions 114, 116).

/**
 * The API calls whose answers are the same for every visitor without a session: a page made only of
 * these may be kept and served to anyone without one. Anything else (the quota, which counts the
 * visitor's address; an order; the account) makes the page the visitor's own.
 */
const SHARED_ANSWERS = [
  /^\/api\/v1\/setting\//,
  /^\/api\/v1\/tariff(media|convergence)service$/,
  /^\/api\/v1\/esia\/userinfo$/,
  /^\/api\/v1\/region\//,
  /^\/api\/v1\/operator\//,
  /^\/api\/v2\/tariff\//,
  /^\/api\/v1\/news(\/|$)/,
  /^\/api\/v1\/coverage\//,
  /^\/api\/v1\.1\/msisdn\/info\/plan$/,
];

/**
 * The signed-in person's own answers (decision 149): who they are, their numbers, applications, portings,
 * alerts and watch, and whether their data can be erased now. A page drawn for a person only from these and
 * SHARED_ANSWERS may be kept for that person (person-pages.ts); anything else (the quota, which counts an
 * address; an order being filled in; the staff's calls) is drawn for every view.
 */
const PERSON_ANSWERS = [
  /^\/api\/v1\/esia\/userinfo$/,
  /^\/api\/v1\/account\/(info|orders|portations|portationinfo|erasure|alerts|watch)$/,
];

/**
 * Reference answers the same for every visitor, signed in or not, that the frame and the pickers ask for
 * on nearly every page drawn: the public settings (the theme), the service lists, the regions; the
 * operators' (the list, an operator, their tiles); the news and the coverage map's sources. The renderer keeps them
 * per data version (decisions 114, 116) instead of asking its own routes again for each page: a signed-in
 * visitor's page is drawn for every view.
 */
const REFERENCE_ANSWERS = [
  /^\/api\/v1\/setting\//,
  /^\/api\/v1\/tariff(media|convergence)service$/,
  /^\/api\/v1\/region\/list$/,
  // The operators' pages: the list, an operator, their tiles (tariff counts and prices by catalogue version).
  /^\/api\/v1\/operator\/[^/]+$/,
  /^\/api\/v1\.[12]\/operator\/tile\/list$/,
  // One operator's tile, on its page: counted over the catalogue, as the list is.
  /^\/api\/v1\/operator\/tile\/\d+$/,
  // The news list and a story (the news version is a settings row), the coverage map's sources (an
  // operator's zone is the browser's: decision 117).
  /^\/api\/v1\/news(\/[^/]+)?$/,
  /^\/api\/v1\/coverage\/map$/,
];

/**
 * Answers the same for every visitor without any cookie, asked for on every page drawn: whether one is
 * signed in (no cookie: no). Kept like the reference answers, for cookie-less visitors only.
 */
const COOKIELESS_ANSWERS = [/^\/api\/v1\/esia\/userinfo$/];

/**
 * At most this many reference answers are kept, and this many bytes of them (a query string of its own
 * makes another): the least recently used go first, so a crawler walking the news pages does not push out
 * the answers every page is drawn from.
 */
const KEPT_ANSWERS_MAX = 500;
const KEPT_ANSWERS_BYTES = 16 * 1024 * 1024;

export interface KeptAnswer {
  type: string | undefined;
  body: string;
  bytes: number;
  storedAt: number;
}

/** Reference answers kept for the data version they were made under (REFERENCE_ANSWERS). */
export class KeptAnswers {
  private readonly answers = new LRUCache<string, KeptAnswer>({
    max: KEPT_ANSWERS_MAX,
    maxSize: KEPT_ANSWERS_BYTES,
    sizeCalculation: (answer) => answer.bytes + 100,
  });

  constructor(
    /** The data version this node last read; undefined until read (nothing is kept before). */
    readonly version: () => string | undefined,
    private readonly now: () => number,
    private readonly ttlMs: number,
  ) {}

  clear(): void {
    this.answers.clear();
  }

  /** The key a GET of `url` is kept under for the version `keptFor`; undefined when it is not kept. */
  keyOf(method: string, url: URL, keptFor: string | undefined, cookieless: boolean): string | undefined {
    if (method !== 'GET' || keptFor === undefined) return undefined;
    if (REFERENCE_ANSWERS.some((p) => p.test(url.pathname))) return `${keptFor} ${url.pathname}${url.search}`;
    if (cookieless && COOKIELESS_ANSWERS.some((p) => p.test(url.pathname))) {
      return `${keptFor} cookieless ${url.pathname}${url.search}`;
    }
    return undefined;
  }

  /** The kept answer of `key`, while it is younger than the pages' bound. */
  get(key: string | undefined): KeptAnswer | undefined {
    const kept = key === undefined ? undefined : this.answers.get(key);
    return kept && this.now() - kept.storedAt < this.ttlMs ? kept : undefined;
  }

  /** Keeps an answer made under the version `keptFor`, unless the version moved meanwhile. */
  keep(key: string, keptFor: string | undefined, answer: Omit<KeptAnswer, 'storedAt'>): void {
    if (this.version() === keptFor) this.answers.set(key, { ...answer, storedAt: this.now() });
  }
}

/**
 * The API calls of one page being drawn, answered by this server's routes as the browser's own calls would
 * be (with the visitor's cookies, address and agent). Collects the cookies the calls set and whether every
 * call was one of SHARED_ANSWERS (the page may then be kept for everyone without a session).
 */
export class PageCalls {
  readonly cookies: string[] = [];
  shared: boolean;
  /** Every call was a GET of SHARED_ANSWERS or PERSON_ANSWERS: the page may be kept for its person. */
  personal = true;
  /** The numbers the person's answers named (person-pages.ts drops the page when one of them moves). */
  readonly msisdns = new Set<string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly request: FastifyRequest,
    private readonly kept: KeptAnswers,
    anonymous: boolean,
  ) {
    this.shared = anonymous;
  }

  readonly answer = async (call: LocalCall): Promise<LocalAnswer> => {
    const { request, kept } = this;
    const url = new URL(call.url);
    const shared = call.method === 'GET' && SHARED_ANSWERS.some((pattern) => pattern.test(url.pathname));
    const own = !shared && call.method === 'GET' && PERSON_ANSWERS.some((pattern) => pattern.test(url.pathname));
    if (!shared) this.shared = false;
    if (!shared && !own) this.personal = false;
    const keptFor = kept.version();
    const key = kept.keyOf(call.method, url, keptFor, !request.headers.cookie);
    const known = kept.get(key);
    if (known) return { status: 200, headers: known.type ? { 'content-type': known.type } : {}, body: known.body };
    const answered = await this.app.inject({
      method: call.method as HTTPMethods,
      url: url.pathname + url.search,
      remoteAddress: request.ip,
      headers: {
        // The call's own headers (content type, X-Requested-With), then the visitor's.
        ...call.headers,
        accept: 'application/json',
        ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
        ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
      },
      ...(call.body === undefined ? {} : { payload: call.body }),
    });
    // A call may renew the session's cookies: they go to the browser with the page.
    const setCookie = answered.headers['set-cookie'];
    if (setCookie) this.cookies.push(...(Array.isArray(setCookie) ? setCookie : [setCookie]));
    const type = answered.headers['content-type'];
    const body = answered.body;
    if (own) for (const msisdn of msisdnsIn(body)) this.msisdns.add(msisdn);
    // A page drawn around a failed or refused call is drawn again next time, not kept.
    if (answered.statusCode >= 400) this.personal = false;
    // Kept only when made under the version it is kept for, and the same for everyone (no cookie).
    if (key !== undefined && answered.statusCode === 200 && !setCookie) {
      kept.keep(key, keptFor, {
        type: typeof type === 'string' ? type : undefined,
        body,
        bytes: answered.rawPayload.length,
      });
    }
    return { status: answered.statusCode, headers: typeof type === 'string' ? { 'content-type': type } : {}, body };
  };
}
