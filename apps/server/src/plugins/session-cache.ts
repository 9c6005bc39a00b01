import type { Redis } from 'ioredis';

/** How long a node trusts an "active" answer about a session family without asking the database again. */
export const FAMILY_CACHE_MS_LOCAL = 5_000;
/** With Redis every revocation reaches every node at once; the TTL only covers a missed message. */
export const FAMILY_CACHE_MS_REDIS = 60_000;
const MAX_ENTRIES = 50_000;

interface Entry {
  active: boolean;
  until: number;
}

/**
 * Whether a session family is still active, remembered per node so a signed-in request costs no
 * database query. A revoked family is remembered as revoked (revocation is final); an active one
 * for a short time. A revocation on any node reaches the others through Redis pub/sub when
 * REDIS_URL is set (`<prefix>session:revoked`); without Redis one node (PGlite) sees its own
 * revocations at once, and several PostgreSQL nodes within `ttlMs`.
 */
export class SessionFamilyCache {
  private entries = new Map<string, Entry>();
  private loading = new Map<string, Promise<boolean>>();
  private subscriber: Redis | null = null;
  private readonly listeners = new Set<(familyId: string) => void>();
  private readonly channel: string;
  readonly ttlMs: number;

  constructor(
    private readonly load: (familyId: string) => Promise<boolean>,
    private readonly redis: Redis | null,
    prefix: string,
    ttlMs: number | undefined,
    /** The site's clock in ms (app.clock): when a remembered answer is too old. */
    private readonly now: () => number,
  ) {
    this.channel = `${prefix}session:revoked`;
    this.ttlMs = ttlMs ?? (redis ? FAMILY_CACHE_MS_REDIS : FAMILY_CACHE_MS_LOCAL);
  }

  /** Subscribes to revocations made on other nodes. */
  async start(onError: (err: unknown) => void): Promise<void> {
    if (!this.redis) return;
    const subscriber = this.redis.duplicate();
    subscriber.on('error', onError);
    subscriber.on('message', (channel: string, familyId: string) => {
      if (channel !== this.channel) return;
      this.remember(familyId, false);
      this.tell(familyId);
    });
    await subscriber.subscribe(this.channel);
    this.subscriber = subscriber;
  }

  async stop(): Promise<void> {
    const s = this.subscriber;
    this.subscriber = null;
    if (s) await s.quit().catch(() => s.disconnect());
  }

  /** True while the family is neither revoked nor over; asks the database at most once per TTL. */
  isActive(familyId: string): Promise<boolean> | boolean {
    const hit = this.entries.get(familyId);
    if (hit && (!hit.active || hit.until > this.now())) return hit.active;
    let pending = this.loading.get(familyId);
    if (!pending) {
      pending = this.load(familyId).then(
        (active) => {
          this.loading.delete(familyId);
          // A revocation that arrived while the query ran wins over its (older) answer.
          if (this.entries.get(familyId)?.active !== false) this.remember(familyId, active);
          return this.entries.get(familyId)?.active ?? active;
        },
        (err: unknown) => {
          this.loading.delete(familyId);
          throw err;
        },
      );
      this.loading.set(familyId, pending);
    }
    return pending;
  }

  /**
   * Calls `listener` with every family revoked on this node or (through Redis) on another one, at once;
   * a family may be told twice (this node hears its own message back). Returns the function that stops it.
   */
  onRevoked(listener: (familyId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called after a family was revoked in the database: this node and (through Redis) every other forget it. */
  async revoked(familyId: string): Promise<void> {
    this.remember(familyId, false);
    this.tell(familyId);
    if (this.redis) await this.redis.publish(this.channel, familyId);
  }

  private tell(familyId: string): void {
    for (const listener of this.listeners) listener(familyId);
  }

  private remember(familyId: string, active: boolean): void {
    this.entries.delete(familyId);
    if (this.entries.size >= MAX_ENTRIES) {
      // Map keeps insertion order: the oldest answer goes first.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(familyId, { active, until: this.now() + this.ttlMs });
  }
}

/** Claims of access tokens already verified on this node, kept until the token expires. */
export class VerifiedTokens<T extends { expireAt: Date }> {
  private entries = new Map<string, T>();

  constructor(
    private readonly check: (token: string) => Promise<T | null>,
    private readonly maxEntries = 20_000,
  ) {}

  /** The claims of a token this node has verified and that has not expired; undefined otherwise. */
  known(token: string, now: number): T | undefined {
    const known = this.entries.get(token);
    return known && known.expireAt.getTime() > now ? known : undefined;
  }

  /** The token's claims, or null when it is forged, malformed or expired. */
  async verify(token: string, now: number): Promise<T | null> {
    const known = this.entries.get(token);
    if (known) {
      if (known.expireAt.getTime() > now) return known;
      this.entries.delete(token);
    }
    const claims = await this.check(token);
    if (claims) {
      if (this.entries.size >= this.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      this.entries.set(token, claims);
    }
    return claims;
  }
}
