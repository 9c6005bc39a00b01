import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { findUser } from '../users';
import { refreshTokens, sessionFamilies } from './tables';

/** Inserts a new session family. */
export async function insertFamily(db: Database, row: { id: string; userId: number; expiresAt: Date }): Promise<void> {
  await db.insert(sessionFamilies).values(row);
}

/** Reads one session family. */
export async function findFamily(db: Database, id: string) {
  const [row] = await db.select().from(sessionFamilies).where(eq(sessionFamilies.id, id));
  return row;
}

/** Moves the end of a family on after a refresh. */
export async function extendFamily(db: Database, id: string, expiresAt: Date): Promise<void> {
  await db.update(sessionFamilies).set({ expiresAt }).where(eq(sessionFamilies.id, id));
}

/** Revokes a family once; the first reason is kept. */
export async function revokeFamily(db: Database, id: string, reason: string, at: Date): Promise<void> {
  await db
    .update(sessionFamilies)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(sessionFamilies.id, id), isNull(sessionFamilies.revokedAt)));
}

/** Stores a refresh token hash. */
export async function insertRefreshToken(
  db: Database,
  row: { hash: string; familyId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(row);
}

/** A refresh token with its family and user (the user read through the users module). */
export async function findRefreshToken(db: Database, hash: string) {
  const [row] = await db
    .select({ token: refreshTokens, family: sessionFamilies })
    .from(refreshTokens)
    .innerJoin(sessionFamilies, eq(sessionFamilies.id, refreshTokens.familyId))
    .where(eq(refreshTokens.hash, hash));
  if (!row) return undefined;
  const user = await findUser(db, row.family.userId);
  return user ? { ...row, user } : undefined;
}

/** Spends a refresh token; false when someone else spent it first. */
export async function markRefreshTokenUsed(db: Database, hash: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ usedAt: at })
    .where(and(eq(refreshTokens.hash, hash), isNull(refreshTokens.usedAt)))
    .returning({ hash: refreshTokens.hash });
  return rows.length === 1;
}

/** Ends every live session of the user at once (an erasure of their data); answers the ended families. */
export async function revokeAllSessions(tx: Database, userId: number, now: Date, reason: string): Promise<string[]> {
  const families = await tx
    .update(sessionFamilies)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessionFamilies.userId, userId), isNull(sessionFamilies.revokedAt)))
    .returning({ id: sessionFamilies.id });
  return families.map((f) => f.id);
}
