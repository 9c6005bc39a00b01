import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';

export { findUser, findUserByOid, upsertUser } from '../users';

import { esiaLoginStates } from './tables';

/** Remembers a sign-in's state and where to return; old unused states are swept on the way. */
export async function insertLoginState(
  db: Database,
  row: { state: string; returnUrl: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db.delete(esiaLoginStates).where(lt(esiaLoginStates.expiresAt, now));
  await db.insert(esiaLoginStates).values(row);
}

/** Takes a state once: the row is deleted, so the same state never works twice. */
export async function consumeLoginState(db: Database, state: string, now: Date): Promise<{ returnUrl: string } | null> {
  const rows = await db
    .delete(esiaLoginStates)
    .where(eq(esiaLoginStates.state, state))
    .returning({ returnUrl: esiaLoginStates.returnUrl, expiresAt: esiaLoginStates.expiresAt });
  const row = rows[0];
  return row && row.expiresAt > now ? { returnUrl: row.returnUrl } : null;
}

/** True when the state is known and still valid (tests and diagnostics). */
export async function loginStateExists(db: Database, state: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ state: esiaLoginStates.state })
    .from(esiaLoginStates)
    .where(and(eq(esiaLoginStates.state, state), gt(esiaLoginStates.expiresAt, now)));
  return rows.length > 0;
}
