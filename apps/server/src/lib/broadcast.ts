import type { Redis } from 'ioredis';
import type { DatabaseHandle } from '../db/client';

/**
 * A message to every node of the site, on one channel: through Redis pub/sub when REDIS_URL is set, else
 * PostgreSQL LISTEN/NOTIFY (on PGlite, within the one process). Every node hears its own messages back.
 * A lost message is possible (a node restarting, Redis failing over): what listens must bound what a
 * missed message costs (a refetch on reconnect, a time bound on what it keeps).
 */
export class Broadcast {
  private stop: (() => Promise<void>) | undefined;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly redis: Redis | null,
    private readonly redisPrefix: string,
    /** The PostgreSQL channel; on Redis, with the prefix. */
    private readonly channel: string,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Starts hearing the messages sent by any node; `deliver` gets each payload as sent. */
  async start(deliver: (payload: string) => void): Promise<void> {
    if (this.redis) {
      const subscriber = this.redis.duplicate();
      subscriber.on('error', (err) => this.onError(err));
      const channel = `${this.redisPrefix}${this.channel}`;
      subscriber.on('message', (c: string, payload: string) => {
        if (c === channel) deliver(payload);
      });
      await subscriber.subscribe(channel);
      this.stop = async () => {
        await subscriber.quit().catch(() => subscriber.disconnect());
      };
    } else {
      this.stop = await this.database.listen(this.channel, deliver);
    }
  }

  /** Sends `payload` to every node (this one too); resolves once Redis or the database took it. */
  async send(payload: string): Promise<void> {
    if (this.redis) await this.redis.publish(`${this.redisPrefix}${this.channel}`, payload);
    else await this.database.executeSql('select pg_notify($1, $2)', [this.channel, payload]);
  }

  async close(): Promise<void> {
    const stop = this.stop;
    this.stop = undefined;
    await stop?.();
  }
}
