import { and, asc, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { confirmedOrderMsisdns, orderedMsisdns } from '../porting';
import { userNumbers } from './tables';

/** Marks the verified ESIA mobiles as the user's numbers; numbers no longer verified stay, without the mark. */
export async function syncEsiaNumbers(db: Database, userId: number, msisdns: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(userNumbers)
      .set({ isEsiaMsisdn: false })
      .where(
        and(eq(userNumbers.userId, userId), msisdns.length > 0 ? notInArray(userNumbers.msisdn, msisdns) : undefined),
      );
    if (msisdns.length > 0) {
      await tx
        .insert(userNumbers)
        .values(msisdns.map((msisdn) => ({ userId, msisdn, isEsiaMsisdn: true })))
        .onConflictDoUpdate({ target: [userNumbers.userId, userNumbers.msisdn], set: { isEsiaMsisdn: true } });
    }
  });
}

/** Every number of a user: the user_numbers rows and the numbers on the user's orders. */
export async function listUserMsisdns(db: Database, userId: number): Promise<string[]> {
  const [numbers, ordered] = await Promise.all([
    db
      .select({ msisdn: userNumbers.msisdn })
      .from(userNumbers)
      .where(eq(userNumbers.userId, userId))
      .orderBy(desc(userNumbers.isEsiaMsisdn), asc(userNumbers.id)),
    orderedMsisdns(db, userId),
  ]);
  return [...new Set([...numbers.map((r) => r.msisdn), ...ordered])];
}

/**
 * The numbers the user showed are theirs: verified ESIA mobiles, and numbers of their applications
 * that were confirmed (by ESIA or an SMS code) when submitted.
 */
export async function confirmedMsisdns(db: Database, userId: number): Promise<Set<string>> {
  const [esia, submitted] = await Promise.all([
    db
      .select({ msisdn: userNumbers.msisdn })
      .from(userNumbers)
      .where(and(eq(userNumbers.userId, userId), eq(userNumbers.isEsiaMsisdn, true))),
    confirmedOrderMsisdns(db, userId),
  ]);
  return new Set([...esia.map((r) => r.msisdn), ...submitted]);
}

/** Which of the numbers are the user's verified ESIA mobiles. */
export async function esiaMarks(db: Database, userId: number, msisdns: string[]) {
  if (msisdns.length === 0) return new Map<string, boolean>();
  const rows = await db
    .select({ msisdn: userNumbers.msisdn, isEsiaMsisdn: userNumbers.isEsiaMsisdn })
    .from(userNumbers)
    .where(and(eq(userNumbers.userId, userId), inArray(userNumbers.msisdn, msisdns)));
  return new Map(rows.map((r) => [r.msisdn, r.isEsiaMsisdn]));
}

/** Forgets which numbers are the user's (an erasure of their data). */
export async function forgetNumbers(tx: Database, userId: number): Promise<void> {
  await tx.delete(userNumbers).where(eq(userNumbers.userId, userId));
}
