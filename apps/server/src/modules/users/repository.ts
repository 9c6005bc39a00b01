import { and, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type UserProfile, users } from './tables';

// The users table is read and written only here (decision 131): the others ask by id or ESIA oid.

/** Creates or updates the user of an ESIA object id with the latest name and profile (the sign-in). */
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

/** One user's whole row; undefined when there is none. */
export async function findUser(db: Database, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** What a porting application needs of the user: names, birth date, verified numbers, the sealed passport. */
export async function findApplicant(db: Database, userId: number) {
  const [row] = await db
    .select({ id: users.id, name: users.name, profile: users.profile, passportSealed: users.passportSealed })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** What a porting application needs of several users (as findApplicant), by id, in one statement. */
export async function findApplicants(db: Database, ids: number[]) {
  if (ids.length === 0) return new Map<number, NonNullable<Awaited<ReturnType<typeof findApplicant>>>>();
  const rows = await db
    .select({ id: users.id, name: users.name, profile: users.profile, passportSealed: users.passportSealed })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The ESIA oid of a user; null when there is none. */
export async function userOid(db: Database, userId: number): Promise<string | null> {
  const [row] = await db.select({ oid: users.oid }).from(users).where(eq(users.id, userId));
  return row?.oid ?? null;
}

/** The stored profiles of these users, by id (absent: no such user). */
export async function userProfiles(db: Database, ids: number[]): Promise<Map<number, UserProfile | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, profile: users.profile })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.profile]));
}

/** The names of the people of these ESIA oids who have signed in at least once, by oid. */
export async function userNamesByOid(db: Database, oids: string[]): Promise<Map<string, string>> {
  if (oids.length === 0) return new Map();
  const rows = await db
    .select({ oid: users.oid, name: users.name })
    .from(users)
    .where(inArray(users.oid, [...new Set(oids)]));
  return new Map(rows.map((r) => [r.oid, r.name]));
}

/**
 * Holds a user's row for the rest of the transaction with `FOR KEY SHARE` (the lock a foreign key to it
 * takes anyway, which blocks only an erasure's `FOR UPDATE`). False when the person is gone.
 */
export async function holdUser(tx: Database, userId: number): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('key share');
  return rows.length === 1;
}

/** Locks a person's row for an erasure (`FOR UPDATE`) and answers what is needed to tell them and to refuse. */
export async function lockUserForErasure(tx: Database, userId: number) {
  const [row] = await tx
    .select({ id: users.id, oid: users.oid, name: users.name, email: sql<string | null>`${users.profile} ->> 'email'` })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

/** Leaves of a person only their row's id, under an oid no ESIA sign-in maps to, and a name that says so. */
export async function tombstoneUser(tx: Database, userId: number, tombstone: string): Promise<void> {
  await tx
    .update(users)
    .set({ oid: tombstone, name: 'Пользователь удалил свои данные', profile: null, passportSealed: null })
    .where(eq(users.id, userId));
}

/**
 * Clears the passport, birth date and СНИЛС hash of people who have not signed in since `cutoff` and for
 * whom `busy(userId)` (a condition the caller writes over its own tables) is false; answers how many.
 */
export async function forgetIdlePassports(db: Database, cutoff: Date, busy: (userId: SQL) => SQL): Promise<number> {
  const rows = await db
    .update(users)
    .set({
      passportSealed: null,
      profile: sql`${users.profile} || '{"birthDate": null, "passportMasked": null, "snilsHash": null}'::jsonb`,
    })
    .where(
      and(
        or(sql`${users.passportSealed} is not null`, sql`${users.profile} ->> 'birthDate' is not null`),
        lt(users.lastLoginAt, cutoff),
        sql`not (${busy(sql`${users.id}`)})`,
      ),
    )
    .returning({ id: users.id });
  return rows.length;
}
