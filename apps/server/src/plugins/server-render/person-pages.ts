import { type CachedPage, PageCache } from '../../lib/page-cache';

// A signed-in person's pages, kept for that person alone (decision 149): per person, session, data version
// and the person's own epoch, which moves whenever something the person's pages show is known to change.

/**
 * The most a kept page of a person is served without being drawn again: what nothing announces (an alert
 * raised by someone else's step 1, a proof lapsing, Moscow midnight) reaches a reload within it.
 */
export const PERSON_PAGE_TTL_MS = 10_000;

/** People whose epoch a node remembers; past it the node forgets every epoch and every kept person page. */
const MAX_PEOPLE = 100_000;

/** The numbers an answer names (`"msisdn":"79…"`): a kept page is dropped when one of them changes. */
const MSISDN_IN_ANSWER = /"msisdn":"(7\d{10})"/g;

export function msisdnsIn(body: string): string[] {
  return [...body.matchAll(MSISDN_IN_ANSWER)].map((m) => m[1] as string);
}

/**
 * A node's kept person pages and what moves them on (person-signals.ts says when): a person's epoch
 * moves, and what was kept under the old one is not served again.
 */
export class PersonPages {
  private readonly cache: PageCache;
  private readonly epochs = new Map<number, number>();
  /** Who has a kept page naming a number. */
  private readonly byMsisdn = new Map<string, Set<number>>();
  private counter = 0;

  constructor(maxBytes: number, now: () => number) {
    this.cache = new PageCache({ maxBytes, ttlMs: PERSON_PAGE_TTL_MS, now });
  }

  /** The person's epoch on this node: a kept page is served only under the epoch it was drawn in. */
  epochOf(userId: number): number {
    return this.epochs.get(userId) ?? 0;
  }

  /** The key of a person's page (`page` as pageKey made it). */
  key(userId: number, familyId: string, version: string, page: string): string {
    return `${userId} ${familyId} ${version} ${this.epochOf(userId)} ${page}`;
  }

  get(key: string): CachedPage | undefined {
    return this.cache.get(key);
  }

  /** Keeps a page drawn under `epoch`, unless the person's epoch moved while it was drawn. */
  keep(userId: number, epoch: number, key: string, page: CachedPage, msisdns: Iterable<string>): void {
    if (this.epochOf(userId) !== epoch) return;
    if (!this.cache.set(key, page)) return;
    for (const msisdn of msisdns) {
      let people = this.byMsisdn.get(msisdn);
      if (!people) {
        if (this.byMsisdn.size >= MAX_PEOPLE) this.byMsisdn.clear();
        people = new Set();
        this.byMsisdn.set(msisdn, people);
      }
      people.add(userId);
    }
  }

  /** Moves the person's epoch on this node: what was kept for them is not served again. */
  moved(userId: number): void {
    if (this.epochs.size >= MAX_PEOPLE && !this.epochs.has(userId)) {
      // Forgetting an epoch would bring its person back to 0, under which old pages may be kept.
      this.epochs.clear();
      this.byMsisdn.clear();
      this.cache.clear();
    }
    this.epochs.delete(userId);
    this.epochs.set(userId, ++this.counter);
  }

  /** A number's portation changed: every person with a kept page naming it. */
  numberMoved(msisdn: string): void {
    const people = this.byMsisdn.get(msisdn);
    if (!people) return;
    this.byMsisdn.delete(msisdn);
    for (const userId of people) this.moved(userId);
  }

  clear(): void {
    this.cache.clear();
    this.byMsisdn.clear();
  }
}
