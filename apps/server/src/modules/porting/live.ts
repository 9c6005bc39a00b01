import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import type { DatabaseHandle } from '../../db/client';
import type { PortationChange } from './deps';

/** PostgreSQL NOTIFY channel (and, with a prefix, the Redis channel) of portation changes. */
const CHANNEL = 'perenos_portation';

/**
 * Tells every node about changes of portations so its open live pages (Server-Sent Events) update:
 * through Redis pub/sub when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY (on PGlite, within the
 * one process). A lost message costs only a late refresh: pages refetch when they reconnect.
 */
export class ChangeFeed {
  private readonly local = new EventEmitter();
  private stop: (() => Promise<void>) | undefined;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly redis: Redis | null,
    private readonly redisPrefix: string,
    private readonly onError: (err: unknown) => void,
  ) {
    // One listener per open page: the default limit of 10 is far too low for a busy node.
    this.local.setMaxListeners(0);
  }

  /** Starts listening to changes made on any node. */
  async start(): Promise<void> {
    const deliver = (payload: string) => {
      try {
        const change = JSON.parse(payload) as PortationChange;
        if (change.userId !== null) this.local.emit(`user:${change.userId}`, change);
        this.local.emit('any', change);
      } catch (err) {
        this.onError(err);
      }
    };
    if (this.redis) {
      const subscriber = this.redis.duplicate();
      subscriber.on('error', (err) => this.onError(err));
      const channel = `${this.redisPrefix}${CHANNEL}`;
      subscriber.on('message', (c: string, payload: string) => {
        if (c === channel) deliver(payload);
      });
      await subscriber.subscribe(channel);
      this.stop = async () => {
        await subscriber.quit().catch(() => subscriber.disconnect());
      };
    } else {
      this.stop = await this.database.listen(CHANNEL, deliver);
    }
  }

  /** Announces a committed change to every node. */
  publish(change: PortationChange): void {
    const payload = JSON.stringify(change);
    const sent = this.redis
      ? this.redis.publish(`${this.redisPrefix}${CHANNEL}`, payload)
      : this.database.executeSql('select pg_notify($1, $2)', [CHANNEL, payload]);
    sent.catch((err: unknown) => this.onError(err));
  }

  /** Calls `handler` with the user's changes; returns the function that stops it. */
  subscribe(userId: number, handler: (change: PortationChange) => void): () => void {
    this.local.on(`user:${userId}`, handler);
    return () => this.local.off(`user:${userId}`, handler);
  }

  /** Calls `handler` with every change (tests, the scale check). */
  subscribeAll(handler: (change: PortationChange) => void): () => void {
    this.local.on('any', handler);
    return () => this.local.off('any', handler);
  }

  async close(): Promise<void> {
    await this.stop?.();
    this.local.removeAllListeners();
  }
}
