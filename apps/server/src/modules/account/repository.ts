import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderedNumbersSql } from '../porting';
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

/** One of a user's numbers, as the account shows it. */
export interface UserNumber {
  msisdn: string;
  /** A verified ESIA mobile of the user. */
  isEsia: boolean;
  /**
   * The user showed it is theirs: a verified ESIA mobile, or the number of one of their applications that
   * was confirmed (by ESIA or an SMS code) when submitted.
   */
  confirmed: boolean;
}

/**
 * Every number of a user in one statement: the user_numbers rows (verified ESIA mobiles first, then as
 * added) and then the numbers on the user's orders (in number order), each once, with its ESIA mark and
 * whether it was confirmed. An account page asked for these three times in up to seven statements.
 */
export async function userNumbersOf(db: Database, userId: number): Promise<UserNumber[]> {
  const result = (await db.execute(sql`
    select msisdn, bool_or(esia) as "isEsia", bool_or(confirmed) as confirmed
    from (
      select ${userNumbers.msisdn} as msisdn, ${userNumbers.isEsiaMsisdn} as esia,
        ${userNumbers.isEsiaMsisdn} as confirmed, 0 as src, ${userNumbers.id} as id
      from ${userNumbers} where ${userNumbers.userId} = ${userId}
      union all ${orderedNumbersSql(userId)}
    ) numbers
    group by msisdn
    order by min(src), bool_or(esia) desc, min(id), msisdn`)) as unknown as { rows: UserNumber[] };
  return result.rows.map((r) => ({ msisdn: r.msisdn, isEsia: r.isEsia === true, confirmed: r.confirmed === true }));
}

/**
 * The numbers the user showed are theirs: verified ESIA mobiles, and numbers of their applications
 * that were confirmed (by ESIA or an SMS code) when submitted.
 */
export async function confirmedMsisdns(db: Database, userId: number): Promise<Set<string>> {
  return new Set((await userNumbersOf(db, userId)).filter((n) => n.confirmed).map((n) => n.msisdn));
}

/** Forgets which numbers are the user's (an erasure of their data). */
export async function forgetNumbers(tx: Database, userId: number): Promise<void> {
  await tx.delete(userNumbers).where(eq(userNumbers.userId, userId));
}
