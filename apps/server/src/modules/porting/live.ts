import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import type { DatabaseHandle } from '../../db/client';
import { Broadcast } from '../../lib/broadcast';
import type { PortationChange } from './deps';

/** PostgreSQL NOTIFY channel (and, with a prefix, the Redis channel) of portation changes. */
const CHANNEL = 'perenos_portation';

/**
 * Tells every node about changes of portations so its open live pages (Server-Sent Events) update, through
 * the site's broadcast (lib/broadcast.ts: Redis pub/sub, else PostgreSQL LISTEN/NOTIFY). A lost message
 * costs only a late refresh: pages refetch when they reconnect.
 */
export class ChangeFeed {
  private readonly local = new EventEmitter();
  private readonly channel: Broadcast;

  constructor(
    database: DatabaseHandle,
    redis: Redis | null,
    redisPrefix: string,
    private readonly onError: (err: unknown) => void,
  ) {
    this.channel = new Broadcast(database, redis, redisPrefix, CHANNEL, onError);
    // One listener per open page: the default limit of 10 is far too low for a busy node.
    this.local.setMaxListeners(0);
  }

  /** Starts listening to changes made on any node. */
  async start(): Promise<void> {
    await this.channel.start((payload) => {
      try {
        const change = JSON.parse(payload) as PortationChange;
        if (change.userId !== null) this.local.emit(`user:${change.userId}`, change);
        this.local.emit('any', change);
      } catch (err) {
        this.onError(err);
      }
    });
  }

  /** Announces a committed change to every node. */
  publish(change: PortationChange): void {
    this.channel.send(JSON.stringify(change)).catch((err: unknown) => this.onError(err));
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
    await this.channel.close();
    this.local.removeAllListeners();
  }
}
