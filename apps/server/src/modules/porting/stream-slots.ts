import type { Redis } from 'ioredis';

/** Open live streams (`GET /v1/account/events`) one session may hold: a few tabs, never thousands. */
export const MAX_STREAMS_PER_SESSION = 5;
/**
 * How long a stream's slot counts without being renewed (a stream renews it with every heartbeat, 20 s):
 * a node that died without giving its slots back frees them after this.
 */
export const STREAM_SLOT_TTL_MS = 60_000;

/** The slots of a session's open streams, counted on this node or, with Redis, across every node. */
export interface StreamSlots {
  /** Takes a slot for `streamId`; false when the session already holds the maximum. */
  take(familyId: string, streamId: string, now: number): Promise<boolean>;
  /** Keeps the slot counting (a heartbeat). */
  renew(familyId: string, streamId: string, now: number): Promise<void>;
  /** Gives the slot back when the stream ends. */
  release(familyId: string, streamId: string): Promise<void>;
}

/** One node's count (no Redis): exact on one node; with several nodes and no Redis, the cap is per node. */
export function memoryStreamSlots(max = MAX_STREAMS_PER_SESSION): StreamSlots {
  const open = new Map<string, Set<string>>();
  return {
    async take(familyId, streamId) {
      const streams = open.get(familyId) ?? new Set<string>();
      if (streams.size >= max) return false;
      streams.add(streamId);
      open.set(familyId, streams);
      return true;
    },
    async renew() {},
    async release(familyId, streamId) {
      const streams = open.get(familyId);
      streams?.delete(streamId);
      if (streams?.size === 0) open.delete(familyId);
    },
  };
}

/**
 * Forgets slots not renewed within the TTL, then adds this stream's only while fewer than `max` count:
 * one script, so 50 opens at once on any number of nodes leave at most `max` (no read-decide-write).
 */
const TAKE_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`;

type RedisWithSlots = Redis & {
  perenosStreamSlotTake(key: string, now: number, ttlMs: number, max: number, member: string): Promise<number>;
};

/** Every node's streams of a session in one sorted set (`<prefix>streams:<family>`), scored by last renewal. */
export function redisStreamSlots(
  redis: Redis,
  prefix: string,
  max = MAX_STREAMS_PER_SESSION,
  ttlMs = STREAM_SLOT_TTL_MS,
): StreamSlots {
  if (!('perenosStreamSlotTake' in redis))
    redis.defineCommand('perenosStreamSlotTake', { numberOfKeys: 1, lua: TAKE_SCRIPT });
  const client = redis as RedisWithSlots;
  const key = (familyId: string) => `${prefix}streams:${familyId}`;
  return {
    async take(familyId, streamId, now) {
      return (await client.perenosStreamSlotTake(key(familyId), now, ttlMs, max, streamId)) === 1;
    },
    async renew(familyId, streamId, now) {
      await client.zadd(key(familyId), 'XX', now, streamId);
      await client.pexpire(key(familyId), ttlMs);
    },
    async release(familyId, streamId) {
      await client.zrem(key(familyId), streamId);
    },
  };
}
