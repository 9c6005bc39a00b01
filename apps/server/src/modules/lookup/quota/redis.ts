import type { Redis } from 'ioredis';
import { nextMoscowMidnight, quotaDay } from './day';
import type { QuotaClient, QuotaState, QuotaStore } from './store';

const DAY_MS = 24 * 60 * 60 * 1000;

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
    return `${this.prefix}quota:${quotaDay(now)}:${client.key}`;
  }

  spend(client: QuotaClient, now: Date): Promise<QuotaState & { allowed: boolean }> {
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

  async read(client: QuotaClient, now: Date): Promise<QuotaState> {
    const used = Number((await this.redis.get(this.key(client, now))) ?? 0);
    return { remainingCount: Math.max(0, client.limit - used), refreshAt: nextMoscowMidnight(now) };
  }

  async close(): Promise<void> {
    if (this.ownsConnection) await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
