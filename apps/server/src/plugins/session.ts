import type { FastifyInstance, FastifyReply, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/env';
import { HttpProblem } from '../lib/problem';
import {
  deriveAccessKey,
  isFamilyActive,
  type SessionTokens,
  type SessionUser,
  verifyAccessToken,
} from '../modules/esia/session';

export type { SessionUser } from '../modules/esia/session';

/** The client message of spec §6 for every 401. */
export const INVALID_TOKEN_TITLE = 'Некорректный JWT токен';

/** Cookie names and the access-token key, shared by the sign-in routes. */
export interface SessionRuntime {
  accessKey: Uint8Array;
  accessCookie: string;
  refreshCookie: string;
  /** Secure cookies (and `__Host-` names) when the site is served over HTTPS. */
  secure: boolean;
  /** Sets both session cookies on a reply. */
  setCookies(reply: FastifyReply, tokens: SessionTokens): void;
  /** Removes both session cookies. */
  clearCookies(reply: FastifyReply): void;
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
    /** preHandler: 401 «Некорректный JWT токен» when nobody is signed in. */
    requireUser: preHandlerAsyncHookHandler;
    session: SessionRuntime;
  }
}

/** Reads the site's access-token cookie on every request and offers `requireUser` to the routes that need sign-in. */
export default fp(
  async function sessionPlugin(app: FastifyInstance, opts: { config: AppConfig }) {
    const secure = opts.config.publicOrigin?.startsWith('https://') ?? false;
    const prefix = secure ? '__Host-' : '';
    const runtime: SessionRuntime = {
      accessKey: deriveAccessKey(opts.config.sessionSecret),
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
    };
    app.decorate('session', runtime);
    app.decorateRequest('user', null);
    app.decorateRequest('sessionFamilyId', null);
    app.decorateRequest('sessionExpireAt', null);

    app.addHook('onRequest', async (request) => {
      const token = request.cookies[runtime.accessCookie];
      if (!token) return;
      const claims = await verifyAccessToken(runtime.accessKey, token);
      // A signed-out or stolen-and-revoked session ends at once, not when its access token expires.
      if (!claims || !(await isFamilyActive(app.db, claims.familyId))) return;
      request.user = { userId: claims.userId, oid: claims.oid, name: claims.name };
      request.sessionFamilyId = claims.familyId;
      request.sessionExpireAt = claims.expireAt;
    });

    const requireUser: preHandlerAsyncHookHandler = async (request) => {
      if (!request.user) throw new HttpProblem(401, INVALID_TOKEN_TITLE);
    };
    app.decorate('requireUser', requireUser);
  },
  { name: 'session', dependencies: ['database'] },
);
