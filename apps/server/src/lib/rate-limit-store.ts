import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { LRUCache } from 'lru-cache';
import { wallClockMs } from './clock';

const DEFAULT_WINDOW_MS = 60_000;

/**
 * @fastify/rate-limit's in-process counter, each call answered with its own count. The plugin's own
 * LocalStore answers every call with the same mutable record and reads it a turn later: fifty calls
 * arriving in one turn all read 50, so a limit of 30 refused every one of them (seen with the order
 * documents on PostgreSQL, where fifty requests reach the limit together). Used where there is no
 * Redis; the Redis store answers each call from its own script run.
 */
export class InProcessRateStore implements FastifyRateLimitStore {
  readonly #windows = new LRUCache<string, { count: number; startMs: number }>({ max: 10_000 });

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number = DEFAULT_WINDOW_MS,
  ): void {
    const now = wallClockMs();
    let window = this.#windows.get(key);
    if (!window || window.startMs + timeWindow <= now) {
      window = { count: 0, startMs: now };
      this.#windows.set(key, window);
    }
    window.count++;
    callback(null, { current: window.count, ttl: window.startMs + timeWindow - now });
  }

  /** A route's own counters (the plugin asks for one per route or `app.rateLimit` hook). */
  child(): InProcessRateStore {
    return new InProcessRateStore();
  }
}
