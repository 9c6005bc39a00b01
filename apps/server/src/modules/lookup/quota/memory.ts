import type { Database, DatabaseHandle } from '../../../db/client';
import { deleteQuotaBefore, readQuotaUsed, saveQuotaUsed } from '../repository';
import { nextMoscowMidnight, quotaDay } from './day';
import type { QuotaClient, QuotaState, QuotaStore } from './store';

// ---- The embedded default: counted in process, written to the database in batches. ----

interface Counter {
  used: number;
}

/** How often counts raised in process are written to the database. */
export const QUOTA_SAVE_MS = 250;

/**
 * The quota of the embedded default (PGlite, one process): counted in memory, so a lookup costs
 * no database statement, and written to `lookup_quota_usage` in batches, one statement every
 * QUOTA_SAVE_MS while anything changed, and on close. A counter starts from the database the first
 * time a client is seen that day, so a restart goes on from the written count; a crash loses at most
 * the last QUOTA_SAVE_MS of counts (decision 011). One store per database, so every app in the
 * process that owns it counts on the same numbers.
 */
export class MemoryQuota implements QuotaStore {
  private static readonly byDatabase = new WeakMap<DatabaseHandle, MemoryQuota>();

  /** The store of this database (made on first use). */
  static of(handle: DatabaseHandle): MemoryQuota {
    let store = MemoryQuota.byDatabase.get(handle);
    if (!store) {
      store = new MemoryQuota(handle.db);
      MemoryQuota.byDatabase.set(handle, store);
    }
    return store;
  }

  private counters = new Map<string, Counter | Promise<Counter>>();
  private dirty = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private saving: Promise<void> = Promise.resolve();
  private day = '';

  private constructor(private readonly db: Database) {}

  private counter(client: QuotaClient, day: string): Counter | Promise<Counter> {
    if (day !== this.day) {
      // A new Moscow day: yesterday's counters are of no use once written.
      for (const id of this.counters.keys())
        if (!id.endsWith(`|${day}`) && !this.dirty.has(id)) this.counters.delete(id);
      this.day = day;
      void deleteQuotaBefore(this.db, day).catch(() => undefined);
    }
    const id = `${client.key}|${day}`;
    const known = this.counters.get(id);
    if (known) return known;
    const loading = readQuotaUsed(this.db, client.key, day).then(
      (used) => {
        const c = { used };
        this.counters.set(id, c);
        return c;
      },
      (err: unknown) => {
        this.counters.delete(id);
        throw err;
      },
    );
    this.counters.set(id, loading);
    return loading;
  }

  async spend(client: QuotaClient, now: Date): Promise<QuotaState & { allowed: boolean }> {
    const day = quotaDay(now);
    const refreshAt = nextMoscowMidnight(now);
    const found = this.counter(client, day);
    // Synchronous from here on: one event-loop turn checks and raises the count, so nothing interleaves.
    const c = found instanceof Promise ? await found : found;
    if (c.used >= client.limit) return { allowed: false, remainingCount: 0, refreshAt };
    c.used += 1;
    this.dirty.add(`${client.key}|${day}`);
    this.timer ??= setTimeout(() => void this.save(), QUOTA_SAVE_MS);
    return { allowed: true, remainingCount: Math.max(0, client.limit - c.used), refreshAt };
  }

  async read(client: QuotaClient, now: Date): Promise<QuotaState> {
    const found = this.counter(client, quotaDay(now));
    const c = found instanceof Promise ? await found : found;
    return { remainingCount: Math.max(0, client.limit - c.used), refreshAt: nextMoscowMidnight(now) };
  }

  /** Writes every count raised since the last write, in one statement; saves run one after another. */
  save(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.saving = this.saving.then(async () => {
      const rows: { clientKey: string; day: string; used: number }[] = [];
      for (const id of this.dirty) {
        const c = this.counters.get(id);
        if (!c || c instanceof Promise) continue;
        const [clientKey, day] = id.split('|') as [string, string];
        rows.push({ clientKey, day, used: c.used });
      }
      this.dirty.clear();
      if (rows.length === 0) return;
      try {
        await saveQuotaUsed(this.db, rows);
      } catch {
        // Tried again with the next write: the counts stay in memory.
        for (const r of rows) this.dirty.add(`${r.clientKey}|${r.day}`);
        this.timer ??= setTimeout(() => void this.save(), QUOTA_SAVE_MS);
      }
    });
    return this.saving;
  }

  async close(): Promise<void> {
    await this.save();
  }
}
