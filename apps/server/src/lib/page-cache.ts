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
 * their bytes pass the bound. Only ever given pages that depend on nobody (server-render.ts decides).
 */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  private total = 0;
  private readonly now: () => number;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
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

/**
 * The cache key of an address: path and search exactly as they came (the page echoes its search in links,
 * so another order of the same filters is drawn, and kept, on its own); undefined for an address too
 * long to be worth keeping.
 */
export function pageKey(url: string): string | undefined {
  return url.length > 1024 ? undefined : url;
}
