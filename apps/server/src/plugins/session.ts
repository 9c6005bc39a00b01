import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/env';
import { unauthorized } from '../lib/problem';
import { addRouteHook } from '../lib/route-hooks';
import { deriveKey } from '../lib/seal';
import {
  type AccessClaims,
  deriveAccessKey,
  isFamilyActive,
  type SessionTokens,
  type SessionUser,
  verifyAccessToken,
} from '../modules/session';
import { SessionFamilyCache, VerifiedTokens } from './session-cache';

export type { SessionUser } from '../modules/session';

/** The client message for every 401 (docs/product.md §8). */
export const INVALID_TOKEN_TITLE = 'Некорректный JWT токен';

/** Cookie names and the access-token key, shared by the sign-in routes. */
export interface SessionRuntime {
  accessKey: Uint8Array;
  /** Seals the personal data kept for porting applications (the passport); derived from SESSION_SECRET. */
  sealKey: Buffer;
  accessCookie: string;
  refreshCookie: string;
  /** Secure cookies (and `__Host-` names) when the site is served over HTTPS. */
  secure: boolean;
  /** Sets both session cookies on a reply. */
  setCookies(reply: FastifyReply, tokens: SessionTokens): void;
  /** Removes both session cookies. */
  clearCookies(reply: FastifyReply): void;
  /** Tells this node and every other one that a family was revoked in the database (sign-out, theft). */
  familyRevoked(familyId: string): Promise<void>;
  /**
   * Calls `listener` with each family revoked on any node (on this one only without Redis): what lives
   * beside a session, an open event stream, ends with it. Returns the function that stops listening.
   */
  onFamilyRevoked(listener: (familyId: string) => void): () => void;
  /** Whether a family is still active, as this node's session check answers it (decision 010). */
  familyActive(familyId: string): Promise<boolean> | boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** From the access-token cookie on every request; null when anonymous, invalid, expired or revoked. */
    user: SessionUser | null;
    /** The session family of the access token, when there is one. */
    sessionFamilyId: string | null;
    /** When the access token expires, when there is one. */
    sessionExpireAt: Date | null;
  }
  interface FastifyInstance {
    /**
     * A hook answering 401 «Некорректный JWT токен» when nobody is signed in. Use it as `onRequest`
     * (or declare `config: { signIn: true }`), so the 401 comes before the parameters are looked at;
     * it still works as a `preHandler`.
     */
    requireUser: (request: FastifyRequest) => Promise<void>;
    session: SessionRuntime;
  }
  interface FastifyContextConfig {
    /** The route needs sign-in: anonymous calls answer 401 before their parameters are validated. */
    signIn?: boolean;
  }
}

/** Reads the site's access-token cookie on every request and offers `requireUser` to the routes that need sign-in. */
export default fp(
  async function sessionPlugin(app: FastifyInstance, opts: { config: AppConfig }) {
    const secure = opts.config.publicOrigin?.startsWith('https://') ?? false;
    const prefix = secure ? '__Host-' : '';
    // No database query per signed-in request: the family's state is remembered (decision 010).
    const families = new SessionFamilyCache(
      (familyId) => isFamilyActive(app.db, familyId, app.clock()),
      app.redis,
      app.redisPrefix,
      opts.config.sessionCacheMs,
      () => app.clock().getTime(),
    );
    await families.start((err) => app.log.warn({ err }, 'Redis: подписка на отзыв сессий'));
    app.addHook('onClose', async () => families.stop());
    // jose checks the HMAC through WebCrypto: about half a signed-in lookup's cost. A token is checked
    // once per node and its claims reused until it expires (decision 010).
    const verifiedTokens = new VerifiedTokens((token) => verifyAccessToken(runtime.accessKey, token));
    const runtime: SessionRuntime = {
      accessKey: deriveAccessKey(opts.config.sessionSecret),
      sealKey: deriveKey(opts.config.sessionSecret, 'personal data seal v1'),
      accessCookie: `${prefix}perenos-at`,
      refreshCookie: `${prefix}perenos-rt`,
      secure,
      setCookies(reply, tokens) {
        const base = { httpOnly: true, sameSite: 'lax', secure, path: '/' } as const;
        reply.setCookie(runtime.accessCookie, tokens.accessToken, { ...base, expires: tokens.expireAt });
        reply.setCookie(runtime.refreshCookie, tokens.refreshToken, { ...base, expires: tokens.refreshExpireAt });
      },
      clearCookies(reply) {
        const base = { httpOnly: true, sameSite: 'lax', secure, path: '/' } as const;
        reply.clearCookie(runtime.accessCookie, base);
        reply.clearCookie(runtime.refreshCookie, base);
      },
      familyRevoked: (familyId) => families.revoked(familyId),
      onFamilyRevoked: (listener) => families.onRevoked(listener),
      familyActive: (familyId) => families.isActive(familyId),
    };
    app.decorate('session', runtime);
    app.decorateRequest('user', null);
    app.decorateRequest('sessionFamilyId', null);
    app.decorateRequest('sessionExpireAt', null);

    const signIn = (request: FastifyRequest, claims: AccessClaims) => {
      request.user = { userId: claims.userId, oid: claims.oid, name: claims.name };
      request.sessionFamilyId = claims.familyId;
      request.sessionExpireAt = claims.expireAt;
    };
    const readSession = async (request: FastifyRequest, token: string) => {
      const claims = await verifiedTokens.verify(token, app.clock().getTime());
      // A signed-out or stolen-and-revoked session ends at once, not when its access token expires.
      if (claims && (await families.isActive(claims.familyId))) signIn(request, claims);
    };
    // Callback-style, not async (decision 023): an anonymous request, or a token and family this node
    // already knows, is read without a promise.
    app.addHook('onRequest', (request, _reply, done) => {
      const token = request.cookies[runtime.accessCookie];
      if (!token) return done();
      const claims = verifiedTokens.known(token, app.clock().getTime());
      const active = claims ? families.isActive(claims.familyId) : undefined;
      if (claims && typeof active === 'boolean') {
        if (active) signIn(request, claims);
        return done();
      }
      readSession(request, token).then(() => done(), done);
    });

    const requireUser = async (request: FastifyRequest) => {
      if (!request.user) throw unauthorized(INVALID_TOKEN_TITLE);
    };
    app.decorate('requireUser', requireUser);
    // Sign-in first: a route declaring `config: { signIn: true }` answers 401 to anonymous callers right
    // after the hooks every request runs (the session read, the CSRF check), before body parsing and
    // validation (so no parameter error leaks first). Only those routes carry the check (decision 108).
    app.addHook('onRoute', (route) => {
      if (route.config?.signIn !== true) return;
      addRouteHook(route, 'onRequest', (request, _reply, done) => {
        if (!request.user) throw unauthorized(INVALID_TOKEN_TITLE);
        done();
      });
    });
  },
  { name: 'session', dependencies: ['database', 'redis'] },
);
