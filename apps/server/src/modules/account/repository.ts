import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
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

/** How a person showed a number is theirs: their ESIA profile lists it, or an SMS code (for a while). */
export type Proof = 'esia' | 'sms';

/** One of a user's numbers, as the account shows it. */
export interface UserNumber {
  msisdn: string;
  /** A verified ESIA mobile of the user. */
  isEsia: boolean;
  /**
   * The user can show now that it is theirs (docs/product.md §5): a verified ESIA mobile, or the number of
   * one of their applications confirmed (by ESIA or an SMS code) when submitted, for 30 days and never
   * after someone else ported it.
   */
  confirmed: boolean;
  /** The strongest proof the user has now; null when none. */
  proof: Proof | null;
  /** Until when an SMS proof lasts; null for ESIA (while listed) or no proof. */
  proofUntil: Date | null;
}

/**
 * Every number of a user in one statement: the user_numbers rows (verified ESIA mobiles first, then as
 * added) and then the numbers on the user's orders (in number order), each once, with its ESIA mark and
 * the proof the user has of it at `now`. An account page asked for these three times in up to seven
 * statements.
 */
export async function userNumbersOf(db: Database, userId: number, now: Date): Promise<UserNumber[]> {
  const rows = await rowsOf<{ msisdn: string; isEsia: boolean | null; untilMs: number | string | null }>(
    db,
    sql`
    select msisdn, bool_or(esia) as "isEsia", extract(epoch from max(proof_until))::float8 * 1000 as "untilMs"
    from (
      select ${userNumbers.msisdn} as msisdn, ${userNumbers.isEsiaMsisdn} as esia,
        null::timestamptz as proof_until, 0 as src, ${userNumbers.id} as id
      from ${userNumbers} where ${userNumbers.userId} = ${userId}
      union all ${orderedNumbersSql(userId)}
    ) numbers
    group by msisdn
    order by min(src), bool_or(esia) desc, min(id), msisdn`,
  );
  return rows.map((r) => {
    const isEsia = r.isEsia === true;
    const until = r.untilMs === null ? null : Number(r.untilMs);
    const sms = until !== null && until > now.getTime();
    const proof: Proof | null = isEsia ? 'esia' : sms ? 'sms' : null;
    return {
      msisdn: r.msisdn,
      isEsia,
      confirmed: proof !== null,
      proof,
      proofUntil: proof === 'sms' && until !== null ? new Date(until) : null,
    };
  });
}

/** Forgets which numbers are the user's (an erasure of their data). */
export async function forgetNumbers(tx: Database, userId: number): Promise<void> {
  await tx.delete(userNumbers).where(eq(userNumbers.userId, userId));
}
