import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../users';

/**
 * The person's own row: this module owns when personal data ends (docs/privacy.md); each module clears
 * what it keeps through its public face, and the person's row is cleared here.
 */

/** Locks a person's row for an erasure and answers what is needed to tell them and to refuse. */
export async function lockPerson(tx: Database, userId: number) {
  const [row] = await tx
    .select({ id: users.id, oid: users.oid, name: users.name, email: sql<string | null>`${users.profile} ->> 'email'` })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

/**
 * What is left of a person whose data is erased: the row keeps their anonymised applications and
 * timelines (counts stay), under an identity no ESIA sign-in maps to, so the next sign-in starts afresh.
 */
export async function tombstonePerson(tx: Database, userId: number, tombstone: string): Promise<void> {
  await tx
    .update(users)
    .set({ oid: tombstone, name: 'Пользователь удалил свои данные', profile: null, passportSealed: null })
    .where(eq(users.id, userId));
}
