import type { Redis } from 'ioredis';
import type { Database, DatabaseHandle } from '../../../db/client';
import { HttpProblem } from '../../../lib/problem';
import { consumeQuotaMany, deleteQuotaBefore, readQuotaUsed, saveQuotaUsed } from '../repository';

// Moscow has kept UTC+3 all year since 2014 (tzdata agrees), so the lookup day is a fixed shift.
const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The Moscow day being counted, kept until it ends: every lookup needs it, and it changes once a day. */
let today = { day: '', start: 0, end: 0, refreshAt: new Date(0) };

function dayAt(now: Date): typeof today {
  const t = now.getTime();
  if (t < today.start || t >= today.end) {
    const start = Math.floor((t + MOSCOW_OFFSET_MS) / DAY_MS) * DAY_MS - MOSCOW_OFFSET_MS;
    const day = new Date(start + MOSCOW_OFFSET_MS).toISOString().slice(0, 10);
    today = { day, start, end: start + DAY_MS, refreshAt: new Date(start + DAY_MS) };
  }
  return today;
}

/** The Moscow calendar day of an instant, `YYYY-MM-DD`. */
export function moscowDay(now: Date): string {
  return dayAt(now).day;
}

/**
 * The refusal of a spent quota: 429 with when it renews (`refreshAt`, and `Retry-After` in seconds),
 * the same for a lookup and for porting step 1, which names what a lookup names.
 */
export function quotaExhausted(refreshAt: Date, now: Date): HttpProblem {
  const seconds = Math.max(1, Math.ceil((refreshAt.getTime() - now.getTime()) / 1000));
  return new HttpProblem(
    429,
    'Лимит проверок на сегодня исчерпан',
    undefined,
    'Новые проверки станут доступны в 00:00 по московскому времени.',
    { refreshAt: refreshAt.toISOString() },
    { 'Retry-After': String(seconds) },
  );
}

/** The next 00:00 Moscow time after `now`: when the quota renews (one shared Date per day: never mutate it). */
export function nextMoscowMidnight(now: Date): Date {
  return dayAt(now).refreshAt;
}

export interface QuotaClient {
  /** `user:<id>` or `ip:<address>`. */
  key: string;
  limit: number;
}

export interface QuotaState {
  remainingCount: number;
  refreshAt: Date;
}

/** The client's quota without spending any. */
export async function readQuota(db: Database, client: QuotaClient, now = new Date()): Promise<QuotaState> {
  const used = await readQuotaUsed(db, client.key, moscowDay(now));
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

/** Where a node counts lookups; every kind answers the same for the same history of spends. */
export interface QuotaStore {
  /** Spends one request; `allowed` is false (and nothing is counted) when the day's quota is used up. */
  spend(client: QuotaClient, now?: Date): Promise<QuotaState & { allowed: boolean }>;
  /** The client's quota without spending any. */
  read(client: QuotaClient, now?: Date): Promise<QuotaState>;
  /** Writes what is not yet written (the in-process store) and lets go of the store. */
  close(): Promise<void>;
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

  read(client: QuotaClient, now = new Date()): Promise<QuotaState> {
    return readQuota(this.db, client, now);
  }

  async close(): Promise<void> {}

  /** Spends one request; `allowed` is false (and nothing is counted) when the day's quota is used up. */
  spend(client: QuotaClient, now = new Date()): Promise<QuotaState & { allowed: boolean }> {
    const day = moscowDay(now);
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
export function spendQuota(db: Database, client: QuotaClient, now = new Date()) {
  return new QuotaSpender(db).spend(client, now);
}

// ---- Redis: atomic scripts shared by every node, one call in flight. ----

/**
 * For each key in turn: spends up to ARGV[3i] lookups, as many as its limit ARGV[3i-2] leaves; a new
 * key ends at ARGV[3i-1], a day after its Moscow day. Returns, per key, how many were granted and the
 * count after. All or part of a key's spends are granted in one step, as the same number of single
 * spends one after another would be.
 */
const SPEND_MANY_SCRIPT = `
local out = {}
for i, key in ipairs(KEYS) do
  local existing = redis.call('GET', key)
  local used = tonumber(existing or '0')
  local granted = math.max(0, math.min(tonumber(ARGV[3 * i]), tonumber(ARGV[3 * i - 2]) - used))
  if granted > 0 then
    used = redis.call('INCRBY', key, granted)
    if not existing then redis.call('PEXPIREAT', key, ARGV[3 * i - 1]) end
  end
  out[2 * i - 1] = granted
  out[2 * i] = used
end
return out`;

type RedisWithQuota = Redis & {
  perenosQuotaSpendMany(keyCount: number, ...keysThenArgs: (string | number)[]): Promise<number[]>;
};

interface RedisSpend {
  resolve(state: QuotaState & { allowed: boolean }): void;
  reject(err: unknown): void;
}

/** The spends of one counter waiting for the next call, in the order they came. */
interface RedisKeySpends {
  limit: number;
  refreshAt: Date;
  spends: RedisSpend[];
}

/**
 * The quota in Redis (REDIS_URL): every node runs the same Lua script on the same keys, so a
 * client's count is exact across nodes without a database transaction. One call is in flight at a
 * time: the spends that arrive meanwhile go together in the next (a call per lookup cost more CPU than
 * the rest of the lookup, decision 011), one entry per counter however many spends it has, as the
 * database store does; the script grants each counter's spends at once, atomically, and the earlier
 * spends get the earlier lookups. When idle a spend is sent at the end of its turn. A node restart
 * changes nothing; how long the counts outlive a Redis restart is Redis's persistence setting.
 */
export class RedisQuota implements QuotaStore {
  private readonly redis: RedisWithQuota;
  private pending = new Map<string, RedisKeySpends>();
  /** A flush is due at the end of this turn, or a call is in flight (the next flush follows its answer). */
  private busy = false;

  /** `ownsConnection`: the store quits `redis` when it closes. */
  constructor(
    redis: Redis,
    private readonly prefix: string,
    private readonly ownsConnection = false,
  ) {
    if (!('perenosQuotaSpendMany' in redis)) {
      redis.defineCommand('perenosQuotaSpendMany', { lua: SPEND_MANY_SCRIPT });
    }
    this.redis = redis as RedisWithQuota;
  }

  private key(client: QuotaClient, now: Date): string {
    return `${this.prefix}quota:${moscowDay(now)}:${client.key}`;
  }

  spend(client: QuotaClient, now = new Date()): Promise<QuotaState & { allowed: boolean }> {
    const key = this.key(client, now);
    let entry = this.pending.get(key);
    if (!entry) {
      entry = { limit: client.limit, refreshAt: nextMoscowMidnight(now), spends: [] };
      this.pending.set(key, entry);
    }
    const spends = entry.spends;
    return new Promise((resolve, reject) => {
      spends.push({ resolve, reject });
      if (!this.busy) this.flushSoon();
    });
  }

  /** At the end of this turn, when the turn's other requests have spent too. */
  private flushSoon(): void {
    this.busy = true;
    setImmediate(() => this.flush());
  }

  /** Sends the waiting spends as one script call and answers each from its counter's result. */
  private flush(): void {
    const batch = this.pending;
    if (batch.size === 0) {
      this.busy = false;
      return;
    }
    this.pending = new Map();
    const keysThenArgs: (string | number)[] = [...batch.keys()];
    for (const k of batch.values()) keysThenArgs.push(k.limit, k.refreshAt.getTime() + DAY_MS, k.spends.length);
    this.redis
      .perenosQuotaSpendMany(batch.size, ...keysThenArgs)
      .then(
        (out) => {
          let i = 0;
          for (const k of batch.values()) {
            const granted = Number(out[i++]);
            const used = Number(out[i++]);
            const before = used - granted;
            k.spends.forEach((s, n) => {
              const allowed = n < granted;
              const remainingCount = allowed ? Math.max(0, k.limit - (before + n + 1)) : 0;
              s.resolve({ allowed, remainingCount, refreshAt: k.refreshAt });
            });
          }
        },
        (err: unknown) => {
          for (const k of batch.values()) for (const s of k.spends) s.reject(err);
        },
      )
      .finally(() => this.flushSoon());
  }

  async read(client: QuotaClient, now = new Date()): Promise<QuotaState> {
    const used = Number((await this.redis.get(this.key(client, now))) ?? 0);
    return { remainingCount: Math.max(0, client.limit - used), refreshAt: nextMoscowMidnight(now) };
  }

  async close(): Promise<void> {
    if (this.ownsConnection) await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

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

  async spend(client: QuotaClient, now = new Date()): Promise<QuotaState & { allowed: boolean }> {
    const day = moscowDay(now);
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

  async read(client: QuotaClient, now = new Date()): Promise<QuotaState> {
    const found = this.counter(client, moscowDay(now));
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

/**
 * The store a node uses: Redis when configured, in process on PGlite, else PostgreSQL transactions.
 * In Redis the quota has a connection of its own without auto-pipelining: its calls are batches
 * already, and wrapping each in a pipeline of one cost ~2 µs of CPU per lookup (measured, decision 011).
 * `onError` hears that connection's errors (a lost connection); a spend meanwhile fails as a call would.
 */
export function quotaStoreFor(
  handle: DatabaseHandle,
  redis: Redis | null,
  prefix: string,
  onError: (err: Error) => void,
): QuotaStore {
  if (redis) {
    const own = redis.duplicate({ enableAutoPipelining: false });
    own.on('error', onError);
    return new RedisQuota(own, prefix, true);
  }
  if (handle.kind === 'pglite') return MemoryQuota.of(handle);
  return new QuotaSpender(handle.db);
}
