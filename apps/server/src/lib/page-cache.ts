import { wallClockMs } from './clock';
/** A page drawn for visitors without a session, kept with its compressed forms (decision 040). */
export interface CachedPage {
  status: number;
  /** The document as drawn, and the forms a browser may ask for. */
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** Weak: the same tag for every encoding of the same document. */
  etag: string;
  /** The data version it was drawn from (the key holds it too). */
  version: string;
  storedAt: number;
}

export interface PageCacheOptions {
  /** Bytes of pages (all three forms) kept at most; the least recently served go first. */
  maxBytes: number;
  /** A page older than this is drawn again even if no version moved (stories published on a schedule). */
  ttlMs: number;
  now?: () => number;
}

const sizeOf = (page: CachedPage) => page.identity.length + page.br.length + page.gzip.length;

/**
 * Drawn pages by key (data version and normalised address), least recently served evicted first once
 * their bytes pass the bound. Only ever given pages that depend on nobody (plugins/server-render/ decides).
 */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  private total = 0;
  private readonly now: () => number;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? wallClockMs;
  }

  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.pages.size;
  }

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    if (this.now() - page.storedAt >= this.options.ttlMs) {
      this.delete(key);
      return undefined;
    }
    // Served: now the most recent (a Map iterates in insertion order).
    this.pages.delete(key);
    this.pages.set(key, page);
    return page;
  }

  /** Keeps a page unless it alone would take more than a quarter of the bound. */
  set(key: string, page: CachedPage): boolean {
    const size = sizeOf(page);
    if (size > this.options.maxBytes / 4) return false;
    this.delete(key);
    this.pages.set(key, page);
    this.total += size;
    for (const [oldest] of this.pages) {
      if (this.total <= this.options.maxBytes) break;
      this.delete(oldest);
    }
    return true;
  }

  clear(): void {
    this.pages.clear();
    this.total = 0;
  }

  private delete(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.total -= sizeOf(page);
  }
}

/** The one key of every address no route of the site matches: they all draw the same not-found page. */
export const NOT_FOUND_KEY = '404 *';

/** The address the shared not-found page is drawn for (no route matches it, and it names nobody's typo). */
export const NOT_FOUND_URL = '/404';

/**
 * The query parameters the page of a path reads (the web app's route table, `pageSearch` of its server
 * entry); undefined when no route matches the path.
 */
export type PageSearch = (pathname: string) => readonly string[] | undefined;

/**
 * The cache key of an address (issue 35): its path and the query parameters its page reads, in the order
 * and spelling they came (the page echoes its search in links, so another order of the same filters is
 * drawn, and kept, on its own); any other parameter (`?utm_source=`, `?cb=123`) is not part of it.
 * Every address no route matches shares NOT_FOUND_KEY. Undefined for an address too long to be worth
 * keeping. Without `reads` (a build whose entry does not say) the whole address is the key.
 */
export function pageKey(url: string, reads?: PageSearch): string | undefined {
  if (url.length > 1024) return undefined;
  if (!reads) return url;
  const q = url.indexOf('?');
  const pathname = q < 0 ? url : url.slice(0, q);
  const declared = reads(pathname);
  if (declared === undefined) return NOT_FOUND_KEY;
  if (q < 0) return pathname;
  const kept = url
    .slice(q + 1)
    .split('&')
    .filter((pair) => {
      const eq = pair.indexOf('=');
      const raw = (eq < 0 ? pair : pair.slice(0, eq)).replaceAll('+', ' ');
      let name: string;
      try {
        name = decodeURIComponent(raw);
      } catch {
        return false;
      }
      return declared.includes(name);
    });
  return kept.length > 0 ? `${pathname}?${kept.join('&')}` : pathname;
}

/**
 * Pages drawn afresh per client address and minute (issue 35): a client asking for a new address each
 * time (`/story/x1`, `/story/x2` …) is answered 429 once past the bound, while pages already kept are
 * still served to it and everyone else is drawn for as before. The address is `request.ip`, the client
 * that TRUST_PROXY's balancers name.
 */
export class DrawLimiter {
  private readonly windows: Map<string, { start: number; count: number }> = new Map();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number,
    /** Clients remembered at most; the least recently seen are forgotten first. */
    private readonly maxClients = 50_000,
  ) {}

  /** Counts a draw for the client; false once it is past the bound (the draw is refused, not counted). */
  take(client: string): boolean {
    if (this.perMinute <= 0) return true;
    const now = this.now();
    let window = this.windows.get(client);
    if (!window || now - window.start >= 60_000) window = { start: now, count: 0 };
    this.windows.delete(client);
    this.windows.set(client, window);
    if (this.windows.size > this.maxClients) {
      const oldest = this.windows.keys().next().value;
      if (oldest !== undefined) this.windows.delete(oldest);
    }
    if (window.count >= this.perMinute) return false;
    window.count++;
    return true;
  }

  /** Seconds until the client's minute ends (Retry-After). */
  retryAfter(client: string): number {
    const window = this.windows.get(client);
    return window ? Math.max(1, Math.ceil((window.start + 60_000 - this.now()) / 1000)) : 60;
  }
}
