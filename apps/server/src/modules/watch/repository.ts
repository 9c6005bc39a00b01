import { and, asc, count, desc, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { operators } from '../../db/schema';
import { users } from '../users';
import { type HoldState, numberWatches, watchAlerts } from './tables';

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

/** Turns the user's switch for a number on or off (one upsert). */
export async function setWatch(db: Database, userId: number, msisdn: string, enabled: boolean, now: Date) {
  await db
    .insert(numberWatches)
    .values({ userId, msisdn, enabled, updatedAt: now })
    .onConflictDoUpdate({ target: [numberWatches.userId, numberWatches.msisdn], set: { enabled, updatedAt: now } });
}

/** Turns off the user's switches of numbers they can no longer show are theirs. */
export async function disableWatches(db: Database, userId: number, keep: string[], now: Date): Promise<void> {
  await db
    .update(numberWatches)
    .set({ enabled: false, updatedAt: now })
    .where(
      and(
        eq(numberWatches.userId, userId),
        eq(numberWatches.enabled, true),
        keep.length > 0 ? notInArray(numberWatches.msisdn, keep) : undefined,
      ),
    );
}

/** Who watches a number, with where to write to them (their ESIA e-mail, when verified). */
export async function watchersOf(db: Database, msisdn: string) {
  return (
    db
      .select({ watchId: numberWatches.id, userId: numberWatches.userId, profile: users.profile })
      .from(numberWatches)
      .innerJoin(users, eq(users.id, numberWatches.userId))
      .where(and(eq(numberWatches.msisdn, msisdn), eq(numberWatches.enabled, true)))
      // Rows are counted (and so locked) in one order by every transaction: no two wait for each other.
      .orderBy(asc(numberWatches.id))
  );
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
 * Counts one e-mail-and-SMS alert of the watch today, unless the day's `cap` is reached: one atomic
 * update (the row stays locked to the end of the transaction), so parallel alerts are counted in turn.
 * True when it may be sent.
 */
export async function countAlertSend(db: Database, watchId: number, day: string, cap: number): Promise<boolean> {
  const rows = await db
    .update(numberWatches)
    .set({
      alertSends: sql`case when ${numberWatches.alertDay} = ${day} then ${numberWatches.alertSends} + 1 else 1 end`,
      alertDay: day,
    })
    .where(
      and(
        eq(numberWatches.id, watchId),
        or(sql`${numberWatches.alertDay} is distinct from ${day}`, sql`${numberWatches.alertSends} < ${cap}`),
      ),
    )
    .returning({ id: numberWatches.id });
  return rows.length > 0;
}

export async function insertAlerts(db: Database, rows: (typeof watchAlerts.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(watchAlerts).values(rows);
}

/** An operator's name. */
export async function operatorName(db: Database, id: number): Promise<string | null> {
  const [row] = await db.select({ name: operators.name }).from(operators).where(eq(operators.id, id));
  return row?.name ?? null;
}

/** A page of the user's alerts, newest first. */
export async function listAlerts(db: Database, userId: number, skip: number, take: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ alert: watchAlerts, toOperatorName: operators.name })
      .from(watchAlerts)
      .leftJoin(operators, eq(operators.id, watchAlerts.toOperatorId))
      .where(eq(watchAlerts.userId, userId))
      .orderBy(desc(watchAlerts.occurredAt), desc(watchAlerts.id))
      .limit(take)
      .offset(skip),
    db.select({ n: count() }).from(watchAlerts).where(eq(watchAlerts.userId, userId)),
  ]);
  return { rows, totalRows: total?.n ?? 0 };
}

/** One alert of the user, with the operator's name. */
export async function findAlert(db: Database, userId: number, id: number) {
  const [row] = await db
    .select({ alert: watchAlerts, toOperatorName: operators.name })
    .from(watchAlerts)
    .leftJoin(operators, eq(operators.id, watchAlerts.toOperatorId))
    .where(and(eq(watchAlerts.id, id), eq(watchAlerts.userId, userId)));
  return row;
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
