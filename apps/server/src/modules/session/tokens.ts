import { createHash, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Database } from '../../db/client';
import * as repo from './repository';

/** The site's own access token lives 15 minutes; the browser refreshes it a minute before. */
export const ACCESS_TTL_SECONDS = 15 * 60;
/** A refresh token lives 8 hours from its issue; every refresh slides the session on. */
export const REFRESH_TTL_SECONDS = 8 * 60 * 60;
/** Two tabs refreshing at once send the same token; within this window the loser is not treated as theft. */
export const REUSE_GRACE_SECONDS = 30;

const ISSUER = 'perenos-site';
const AUDIENCE = 'perenos-site';

/** Who is signed in, as the routes see it. */
export interface SessionUser {
  userId: number;
  oid: string;
  name: string;
}

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  /** When the access token expires. */
  expireAt: Date;
  refreshExpireAt: Date;
}

/** The HS256 key of access tokens, derived from SESSION_SECRET so the secret itself never signs. */
export function deriveAccessKey(sessionSecret: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', sessionSecret, 'perenos', 'site access token v1', 32));
}

/** Refresh tokens are stored only as this hash. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

async function signAccess(key: Uint8Array, user: SessionUser, familyId: string, now: Date) {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + ACCESS_TTL_SECONDS;
  const token = await new SignJWT({ oid: user.oid, name: user.name, sid: familyId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(String(user.userId))
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(key);
  return { token, expireAt: new Date(exp * 1000) };
}

async function issue(db: Database, key: Uint8Array, user: SessionUser, familyId: string, now: Date) {
  const refreshToken = randomBytes(32).toString('base64url');
  const refreshExpireAt = new Date(now.getTime() + REFRESH_TTL_SECONDS * 1000);
  await repo.insertRefreshToken(db, { hash: hashRefreshToken(refreshToken), familyId, expiresAt: refreshExpireAt });
  const access = await signAccess(key, user, familyId, now);
  return { accessToken: access.token, expireAt: access.expireAt, refreshToken, refreshExpireAt };
}

/** Starts a session after a successful ESIA sign-in: a new refresh family and its first tokens. */
export async function startSession(
  db: Database,
  key: Uint8Array,
  user: SessionUser,
  now: Date,
): Promise<SessionTokens> {
  const familyId = randomUUID();
  await repo.insertFamily(db, {
    id: familyId,
    userId: user.userId,
    expiresAt: new Date(now.getTime() + REFRESH_TTL_SECONDS * 1000),
  });
  return issue(db, key, user, familyId, now);
}

export type RefreshResult =
  | { ok: true; tokens: SessionTokens; user: SessionUser }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'raced' }
  /** The family revoked just now: the caller tells the nodes' session caches. */
  | { ok: false; reason: 'reused'; familyId: string };

/**
 * Rotates a refresh token: the presented one is spent and a new pair is issued in the same family.
 * A spent token presented again means it was copied: the whole family is revoked.
 */
export async function refreshSession(
  db: Database,
  key: Uint8Array,
  refreshToken: string,
  now: Date,
): Promise<RefreshResult> {
  const found = await repo.findRefreshToken(db, hashRefreshToken(refreshToken));
  if (!found) return { ok: false, reason: 'unknown' };
  const { token, family, user } = found;
  if (family.revokedAt) return { ok: false, reason: 'revoked' };
  if (token.usedAt) {
    if (now.getTime() - token.usedAt.getTime() <= REUSE_GRACE_SECONDS * 1000) return { ok: false, reason: 'raced' };
    await repo.revokeFamily(db, family.id, 'reuse', now);
    return { ok: false, reason: 'reused', familyId: family.id };
  }
  if (token.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  // Marking the token spent is a compare-and-set, so two concurrent refreshes cannot both win.
  const spent = await repo.markRefreshTokenUsed(db, token.hash, now);
  if (!spent) return { ok: false, reason: 'raced' };
  const sessionUser: SessionUser = { userId: user.id, oid: user.oid, name: user.name };
  await repo.extendFamily(db, family.id, new Date(now.getTime() + REFRESH_TTL_SECONDS * 1000));
  return { ok: true, tokens: await issue(db, key, sessionUser, family.id, now), user: sessionUser };
}

/** Ends the session the refresh token or access token belongs to. */
export async function endSession(db: Database, familyId: string, now: Date): Promise<void> {
  await repo.revokeFamily(db, familyId, 'logout', now);
}

/** The family id of a refresh token, if it is known. */
export async function familyOfRefreshToken(db: Database, refreshToken: string): Promise<string | null> {
  const found = await repo.findRefreshToken(db, hashRefreshToken(refreshToken));
  return found?.family.id ?? null;
}

export interface AccessClaims extends SessionUser {
  familyId: string;
  expireAt: Date;
}

/** Checks an access token's signature, issuer, audience and expiry; null when any is wrong. */
export async function verifyAccessToken(key: Uint8Array, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    if (
      !Number.isInteger(userId) ||
      typeof payload.oid !== 'string' ||
      typeof payload.name !== 'string' ||
      typeof payload.sid !== 'string' ||
      typeof payload.exp !== 'number'
    ) {
      return null;
    }
    return {
      userId,
      oid: payload.oid,
      name: payload.name,
      familyId: payload.sid,
      expireAt: new Date(payload.exp * 1000),
    };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}

/** True while the session family is neither revoked nor past its end. */
export async function isFamilyActive(db: Database, familyId: string, now: Date): Promise<boolean> {
  const family = await repo.findFamily(db, familyId);
  return family !== undefined && family.revokedAt === null && family.expiresAt.getTime() > now.getTime();
}
