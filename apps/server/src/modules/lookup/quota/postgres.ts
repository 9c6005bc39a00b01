import type { Database } from '../../../db/client';
import { consumeQuotaMany, deleteQuotaBefore, readQuotaUsed } from '../repository';
import { nextMoscowMidnight, quotaDay } from './day';
import type { QuotaClient, QuotaState, QuotaStore } from './store';

// ---- PostgreSQL: counted by atomic statements, so every node agrees. ----

/** The client's quota without spending any. */
export async function readQuota(db: Database, client: QuotaClient, now: Date): Promise<QuotaState> {
  const used = await readQuotaUsed(db, client.key, quotaDay(now));
  return { remainingCount: Math.max(0, client.limit - used), refreshAt: nextMoscowMidnight(now) };
}

interface Waiter {
  resolve(state: QuotaState & { allowed: boolean }): void;
  reject(err: unknown): void;
  refreshAt: Date;
}

interface Pending {
  clientKey: string;
  day: string;
  limit: number;
  waiters: Waiter[];
}

/**
 * Spends lookups against the quota kept in the database. Every spend is counted by an atomic
 * statement, so all nodes agree; spends that arrive while a statement is running are gathered and
 * counted together by the next one (one row update per client, not per request), which keeps a burst
 * of lookups from queueing on one row lock and one commit each.
 */
export class QuotaSpender implements QuotaStore {
  private pending = new Map<string, Pending>();
  private running = false;
  private sweptDay = '';

  constructor(private readonly db: Database) {}

  read(client: QuotaClient, now: Date): Promise<QuotaState> {
    return readQuota(this.db, client, now);
  }

  async close(): Promise<void> {}

  /** Spends one request; `allowed` is false (and nothing is counted) when the day's quota is used up. */
  spend(client: QuotaClient, now: Date): Promise<QuotaState & { allowed: boolean }> {
    const day = quotaDay(now);
    const id = `${client.key}|${day}`;
    let entry = this.pending.get(id);
    if (!entry) {
      entry = { clientKey: client.key, day, limit: client.limit, waiters: [] };
      this.pending.set(id, entry);
    }
    const waiters = entry.waiters;
    const promise = new Promise<QuotaState & { allowed: boolean }>((resolve, reject) => {
      waiters.push({ resolve, reject, refreshAt: nextMoscowMidnight(now) });
    });
    if (!this.running) void this.flush();
    return promise;
  }

  private async flush(): Promise<void> {
    this.running = true;
    try {
      while (this.pending.size > 0) {
        const batch = [...this.pending.values()];
        this.pending = new Map();
        try {
          const counted = await consumeQuotaMany(
            this.db,
            batch.map((p) => ({ clientKey: p.clientKey, day: p.day, count: p.waiters.length, limit: p.limit })),
          );
          for (const p of batch) {
            const { granted, used } = counted.get(`${p.clientKey}|${p.day}`) ?? { granted: 0, used: p.limit };
            const before = used - granted;
            // Earlier requests get the earlier lookups; the rest find the day's quota spent.
            p.waiters.forEach((w, i) => {
              const allowed = i < granted;
              const remainingCount = allowed ? Math.max(0, p.limit - (before + i + 1)) : 0;
              w.resolve({ allowed, remainingCount, refreshAt: w.refreshAt });
            });
          }
          await this.sweep(batch[0]?.day);
        } catch (err) {
          for (const p of batch) for (const w of p.waiters) w.reject(err);
        }
      }
    } finally {
      this.running = false;
    }
  }

  /** Yesterday's counters are of no use: dropped once a day by each node. */
  private async sweep(day: string | undefined): Promise<void> {
    if (!day || day === this.sweptDay) return;
    this.sweptDay = day;
    await deleteQuotaBefore(this.db, day);
  }
}

/** Spends one request outside a running server (tests, tools). */
export function spendQuota(db: Database, client: QuotaClient, now: Date) {
  return new QuotaSpender(db).spend(client, now);
}
