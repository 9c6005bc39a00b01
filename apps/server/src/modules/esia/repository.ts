import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type UserProfile, users } from '../users';
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

/** Creates or updates the user of an ESIA object id with the latest name and profile. */
export async function upsertUser(
  db: Database,
  oid: string,
  name: string,
  profile: UserProfile,
  /** Undefined keeps the stored passport (ESIA did not answer for the documents this time). */
  passportSealed: string | null | undefined,
  now: Date,
) {
  const passport = passportSealed === undefined ? {} : { passportSealed };
  const [row] = await db
    .insert(users)
    .values({ oid, name, profile, passportSealed: passportSealed ?? null, lastLoginAt: now })
    .onConflictDoUpdate({ target: users.oid, set: { name, profile, ...passport, lastLoginAt: now } })
    .returning({ id: users.id, oid: users.oid, name: users.name });
  if (!row) throw new Error('upsert returned nothing');
  return row;
}

/** What is stored of a person by their ESIA object id. */
export async function findUserByOid(db: Database, oid: string) {
  const [row] = await db
    .select({ profile: users.profile, passportSealed: users.passportSealed })
    .from(users)
    .where(eq(users.oid, oid));
  return row;
}

/** One user's stored profile. */
export async function findUser(db: Database, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** True when the state is known and still valid (tests and diagnostics). */
export async function loginStateExists(db: Database, state: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ state: esiaLoginStates.state })
    .from(esiaLoginStates)
    .where(and(eq(esiaLoginStates.state, state), gt(esiaLoginStates.expiresAt, now)));
  return rows.length > 0;
}
