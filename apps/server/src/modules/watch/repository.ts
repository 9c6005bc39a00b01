import { and, asc, count, desc, eq, gt, inArray, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { moscowDay } from '../../lib/moscow';
import { operatorsByIds } from '../operators';
import { userProfiles } from '../users';
import { type HoldState, numberWatches, type Proof, watchAlerts } from './tables';

export type AlertRow = typeof watchAlerts.$inferSelect;

/** The user's switches for the given numbers. */
export async function watchesOf(db: Database, userId: number, msisdns: string[]) {
  if (msisdns.length === 0) return new Map<string, boolean>();
  const rows = await db
    .select({ msisdn: numberWatches.msisdn, enabled: numberWatches.enabled })
    .from(numberWatches)
    .where(and(eq(numberWatches.userId, userId), inArray(numberWatches.msisdn, msisdns)));
  return new Map(rows.map((r) => [r.msisdn, r.enabled]));
}

/** The proof behind a watch: ESIA (while listed), or an SMS code until `proofUntil`; none lapses it. */
export interface WatchProof {
  proof: Proof | null;
  proofUntil: Date | null;
}

/** Turns the user's switch for a number on or off with the proof it rests on (one upsert). */
export async function setWatch(
  db: Database,
  userId: number,
  msisdn: string,
  enabled: boolean,
  now: Date,
  proof: WatchProof,
) {
  await db
    .insert(numberWatches)
    .values({ userId, msisdn, enabled, updatedAt: now, ...proof })
    .onConflictDoUpdate({
      target: [numberWatches.userId, numberWatches.msisdn],
      set: { enabled, updatedAt: now, ...proof },
    });
}

/**
 * Writes the proof the user has now of each watched number, and switches off the watches of numbers
 * they can no longer show are theirs. A watch's proof only follows the account's: it never outlasts it.
 */
export async function refreshProofs(
  db: Database,
  userId: number,
  numbers: ({ msisdn: string } & WatchProof)[],
  now: Date,
): Promise<void> {
  const proven = numbers.filter((n) => n.proof !== null);
  await db
    .update(numberWatches)
    .set({ enabled: false, proof: null, proofUntil: null, updatedAt: now })
    .where(
      and(
        eq(numberWatches.userId, userId),
        eq(numberWatches.enabled, true),
        proven.length > 0
          ? notInArray(
              numberWatches.msisdn,
              proven.map((n) => n.msisdn),
            )
          : undefined,
      ),
    );
  for (const n of proven) {
    await db
      .update(numberWatches)
      .set({ proof: n.proof, proofUntil: n.proofUntil })
      .where(
        and(
          eq(numberWatches.userId, userId),
          eq(numberWatches.msisdn, n.msisdn),
          eq(numberWatches.enabled, true),
          or(
            sql`${numberWatches.proof} is distinct from ${n.proof}`,
            sql`${numberWatches.proofUntil} is distinct from ${n.proofUntil}`,
          ),
        ),
      );
  }
}

/**
 * Who watches a number with a proof that holds at `at`, with that proof and where to write to them
 * (their ESIA e-mail, when verified). A lapsed watch is nobody's: it neither alerts nor holds.
 */
export async function watchersOf(db: Database, msisdn: string, at: Date) {
  const watches = await db
    .select({ watchId: numberWatches.id, userId: numberWatches.userId, proof: numberWatches.proof })
    .from(numberWatches)
    .where(
      and(
        eq(numberWatches.msisdn, msisdn),
        eq(numberWatches.enabled, true),
        or(eq(numberWatches.proof, 'esia'), and(eq(numberWatches.proof, 'sms'), gt(numberWatches.proofUntil, at))),
      ),
    )
    // Rows are counted (and so locked) in one order by every transaction: no two wait for each other.
    .orderBy(asc(numberWatches.id));
  // Where to write to them: their profile, read through the users module.
  const profiles = await userProfiles(
    db,
    watches.map((w) => w.userId),
  );
  return watches.flatMap((w) => (profiles.has(w.userId) ? [{ ...w, profile: profiles.get(w.userId) ?? null }] : []));
}

/** The proof the user's watch of a number rests on at `at`; null when it is off or has lapsed. */
export async function watchProof(db: Database, userId: number, msisdn: string, at: Date): Promise<Proof | null> {
  const [row] = await db
    .select({ proof: numberWatches.proof, until: numberWatches.proofUntil, enabled: numberWatches.enabled })
    .from(numberWatches)
    .where(and(eq(numberWatches.userId, userId), eq(numberWatches.msisdn, msisdn)));
  if (!row?.enabled || row.proof === null) return null;
  return row.proof === 'esia' || (row.until !== null && row.until.getTime() > at.getTime()) ? row.proof : null;
}

/**
 * The number was ported by someone other than `except`: the SMS proofs of its watchers end now (an SMS
 * code showed who held the SIM before the porting, not after). ESIA proofs end at the next sign-in, when
 * the profile no longer lists the number.
 */
export async function endSmsProofs(db: Database, msisdn: string, except: number | null, at: Date): Promise<void> {
  await db
    .update(numberWatches)
    .set({ proofUntil: at })
    .where(
      and(
        eq(numberWatches.msisdn, msisdn),
        eq(numberWatches.proof, 'sms'),
        gt(numberWatches.proofUntil, at),
        except !== null ? ne(numberWatches.userId, except) : undefined,
      ),
    );
}

/** Which of these numbers have a watch row, on or off (a batch of completions asks the rest nothing). */
export async function watchedAmong(db: Database, msisdns: string[]): Promise<Set<string>> {
  if (msisdns.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ msisdn: numberWatches.msisdn })
    .from(numberWatches)
    .where(inArray(numberWatches.msisdn, msisdns));
  return new Set(rows.map((r) => r.msisdn));
}

/** Every watched number (for an import of the ported-number registry). */
export async function watchedNumbers(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ msisdn: numberWatches.msisdn })
    .from(numberWatches)
    .where(eq(numberWatches.enabled, true));
  return rows.map((r) => r.msisdn);
}

/**
 * Counts one alert about the watched number today and answers the day's count with it: one atomic
 * update (the row stays locked to the end of the transaction), so parallel alerts are counted in turn.
 */
export async function countAlert(db: Database, watchId: number, day: string): Promise<number> {
  const [row] = await db
    .update(numberWatches)
    .set({
      alertSends: sql`case when ${numberWatches.alertDay} = ${day} then ${numberWatches.alertSends} + 1 else 1 end`,
      alertDay: day,
    })
    .where(eq(numberWatches.id, watchId))
    .returning({ n: numberWatches.alertSends });
  return row?.n ?? 0;
}

/**
 * Counts one more event on the user's summary alert about the number of the Moscow day `day`, under the
 * watch's row lock (countAlert); false when there is none yet.
 */
export async function countOnSummary(db: Database, userId: number, msisdn: string, day: string): Promise<boolean> {
  const [last] = await db
    .select({ id: watchAlerts.id, occurredAt: watchAlerts.occurredAt })
    .from(watchAlerts)
    .where(and(eq(watchAlerts.userId, userId), eq(watchAlerts.msisdn, msisdn), eq(watchAlerts.kind, 'summary')))
    .orderBy(desc(watchAlerts.id))
    .limit(1);
  if (!last || moscowDay(last.occurredAt) !== day) return false;
  await db
    .update(watchAlerts)
    .set({ repeats: sql`${watchAlerts.repeats} + 1` })
    .where(eq(watchAlerts.id, last.id));
  return true;
}

/** Records that the watcher disputed a held application they could not end. */
export async function disputeHolds(db: Database, orderId: number, userId: number, at: Date): Promise<void> {
  await db
    .update(watchAlerts)
    .set({ hold: 'disputed', answeredAt: at })
    .where(
      and(
        eq(watchAlerts.orderId, orderId),
        eq(watchAlerts.userId, userId),
        inArray(watchAlerts.hold, ['pending', 'outranked']),
      ),
    );
}

export async function insertAlerts(db: Database, rows: (typeof watchAlerts.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(watchAlerts).values(rows);
}

/** An operator's name. */
export async function operatorName(db: Database, id: number): Promise<string | null> {
  return (await operatorsByIds(db, [id])).get(id)?.name ?? null;
}

/** Alert rows with the name of the operator each number went to, named by the operators module. */
async function withOperatorName<T extends { toOperatorId: number | null }>(db: Database, alerts: T[]) {
  const ops = await operatorsByIds(
    db,
    alerts.flatMap((a) => (a.toOperatorId === null ? [] : [a.toOperatorId])),
  );
  return alerts.map((alert) => ({
    alert,
    toOperatorName: alert.toOperatorId === null ? null : (ops.get(alert.toOperatorId)?.name ?? null),
  }));
}

/** A page of the user's alerts, newest first. */
export async function listAlerts(db: Database, userId: number, skip: number, take: number) {
  const [alerts, [total]] = await Promise.all([
    db
      .select()
      .from(watchAlerts)
      .where(eq(watchAlerts.userId, userId))
      .orderBy(desc(watchAlerts.occurredAt), desc(watchAlerts.id))
      .limit(take)
      .offset(skip),
    db.select({ n: count() }).from(watchAlerts).where(eq(watchAlerts.userId, userId)),
  ]);
  return { rows: await withOperatorName(db, alerts), totalRows: total?.n ?? 0 };
}

/** One alert of the user, with the operator's name. */
export async function findAlert(db: Database, userId: number, id: number) {
  const alerts = await db
    .select()
    .from(watchAlerts)
    .where(and(eq(watchAlerts.id, id), eq(watchAlerts.userId, userId)));
  return (await withOperatorName(db, alerts))[0];
}

/** Records how the hold of an order ended on each of its alerts still waiting for an answer. */
export async function settleHolds(db: Database, orderId: number, state: HoldState, at: Date): Promise<void> {
  await db
    .update(watchAlerts)
    .set({ hold: state, answeredAt: at })
    .where(and(eq(watchAlerts.orderId, orderId), eq(watchAlerts.hold, 'pending')));
}

/** Ends the user's watches and their alerts (an erasure of their data): a watch left on would keep alerting, and holding other people's applications, for nobody. */
export async function eraseWatches(tx: Database, userId: number): Promise<void> {
  await tx.delete(numberWatches).where(eq(numberWatches.userId, userId));
  await tx.delete(watchAlerts).where(eq(watchAlerts.userId, userId));
}
