import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The shared Redis (REDIS_URL), or null on the embedded default: every user of it has an
     * in-process fallback, so the site runs without Redis on one node.
     */
    redis: Redis | null;
    /** Prefix of every key and channel this site uses in Redis (tests share one server). */
    redisPrefix: string;
  }
}

/** Opens a Redis connection; commands wait for it instead of failing while it (re)connects. */
export function openRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 3, enableAutoPipelining: true, lazyConnect: false });
}

/** Connects to Redis when REDIS_URL is set and closes it with the app. */
export default fp(
  async function redisPlugin(app: FastifyInstance, opts: { url: string | undefined; prefix: string }) {
    const redis = opts.url ? openRedis(opts.url) : null;
    if (redis) {
      // Without a listener ioredis reports every reconnect attempt as an unhandled error.
      redis.on('error', (err: Error) => app.log.warn({ err }, 'Redis: нет соединения'));
      await redis.ping();
      app.addHook('onClose', async () => {
        await redis.quit().catch(() => redis.disconnect());
      });
    }
    app.decorate('redis', redis);
    app.decorate('redisPrefix', opts.prefix);
  },
  { name: 'redis' },
);
