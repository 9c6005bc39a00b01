import { and, asc, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { operatorsByIds as operatorsOf, operatorServesRegion as servesRegion } from '../operators';
import { findRegion } from '../regions';
import { findApplicant as findUserApplicant, holdUser } from '../users';
import type { NewEvent } from './events';
import { withOperatorNames } from './operator-names';
import {
  codeSendLimits,
  confirmationCodes,
  type OrderStatus,
  portationEvents,
  portationOrders,
  portations,
  recipientOffices,
} from './tables';

export type OrderRow = typeof portationOrders.$inferSelect;
export type PortationRow = typeof portations.$inferSelect;

/**
 * An order with what its answer shows: operators, region, the chosen office, the portation it started.
 * The operators and the region are named by their modules (decision 131), one after another: `db` may be
 * a transaction's one connection.
 */
export async function findOrder(db: Database, id: number) {
  const [row] = await db
    .select({
      order: portationOrders,
      office: {
        id: recipientOffices.id,
        name: recipientOffices.name,
        address: recipientOffices.address,
        hours: recipientOffices.hours,
      },
      portation: {
        id: portations.id,
        windowStart: portations.windowStart,
        windowEnd: portations.windowEnd,
        portationAt: portations.portationAt,
        simIssuedAt: portations.simIssuedAt,
        temporaryMsisdn: portations.temporaryMsisdn,
        esimActivationCode: portations.esimActivationCode,
        debtAmount: portations.debtAmount,
        debtPayBy: portations.debtPayBy,
        debtPaidAt: portations.debtPaidAt,
        debtNumbers: portations.debtNumbers,
      },
    })
    .from(portationOrders)
    .leftJoin(recipientOffices, eq(recipientOffices.id, portationOrders.simOfficeId))
    .leftJoin(
      portations,
      eq(portations.id, sql`(select max(p2.id) from ${portations} p2 where p2.order_id = ${portationOrders.id})`),
    )
    .where(eq(portationOrders.id, id));
  if (!row) return undefined;
  const [named] = await withOperatorNames(db, [row.order]);
  const region = row.order.regionCode === null ? undefined : await findRegion(db, { code: row.order.regionCode });
  return {
    ...row,
    regionName: region?.name ?? null,
    fromOperator: named?.fromOperator ?? null,
    toOperator: named?.toOperator ?? null,
  };
}

/** The recipient's offices in a region, for picking up the SIM. */
export async function officesOf(db: Database, operatorId: number, regionCode: number) {
  return db
    .select({
      id: recipientOffices.id,
      name: recipientOffices.name,
      address: recipientOffices.address,
      hours: recipientOffices.hours,
    })
    .from(recipientOffices)
    .where(and(eq(recipientOffices.operatorId, operatorId), eq(recipientOffices.regionCode, regionCode)))
    .orderBy(asc(recipientOffices.id));
}

/** Stores the demo offices (once per seed). */
export async function insertOffices(tx: Database, rows: (typeof recipientOffices.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(recipientOffices).values(rows).onConflictDoNothing();
}

/** The order's timeline, oldest first (the portation's events carry the order too). */
export async function orderEvents(db: Database, orderId: number) {
  return db
    .select({
      occurredAt: portationEvents.occurredAt,
      status: portationEvents.status,
      kind: portationEvents.kind,
      description: portationEvents.description,
    })
    .from(portationEvents)
    .where(eq(portationEvents.orderId, orderId))
    .orderBy(asc(portationEvents.occurredAt), asc(portationEvents.id));
}

/**
 * Marks that the engine is filing the portation, in one statement (it waits for the row's lock and
 * decides on the row as that lock leaves it); undefined when it is no longer wanted, or is held for
 * the number's watcher (it is filed once the hold is released).
 */
export async function startFiling(db: Database, id: number, now: Date): Promise<{ id: number } | undefined> {
  const [row] = await db
    .update(portations)
    .set({ filingStartedAt: sql`coalesce(${portations.filingStartedAt}, ${now})` })
    .where(and(eq(portations.id, id), eq(portations.status, 'PendingBDPN'), isNull(portations.heldUntil)))
    .returning({ id: portations.id });
  return row;
}

/** Orders of a number that are not over: submitted ones (anybody's) and drafts. */
export async function openOrders(db: Database, msisdn: string) {
  return db
    .select({
      id: portationOrders.id,
      status: portationOrders.status,
      userId: portationOrders.userId,
      browserId: portationOrders.browserId,
    })
    .from(portationOrders)
    .where(and(eq(portationOrders.msisdn, msisdn), inArray(portationOrders.status, ['Initialized', 'PendingBDPN'])));
}

/** Whether the number's watcher disowned an application of this person for this number since `since`. */
export async function refusedByHolderSince(db: Database, msisdn: string, userId: number, since: Date) {
  const [row] = await db
    .select({ id: portationEvents.id })
    .from(portationEvents)
    .innerJoin(portationOrders, eq(portationOrders.id, portationEvents.orderId))
    .where(
      and(
        eq(portationOrders.msisdn, msisdn),
        eq(portationOrders.userId, userId),
        eq(portationEvents.kind, 'hold-refused'),
        gt(portationEvents.occurredAt, since),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Holds the applicant's row against an erasure for the rest of the transaction. Taken before any order or
 * portation: the person's row first, then order, then portation, the one order every transaction that
 * touches a person's applications keeps (decision 032, decision 125). False when the person is gone.
 */
export const holdApplicant = holdUser;

/**
 * Locks an order for the rest of the transaction and returns it. `FOR NO KEY UPDATE`, the lock an UPDATE
 * of the row takes itself: it does not block the key-share lock a foreign-key check takes when another
 * transaction writes an event of the order, so the engine (which holds the portation and writes the
 * order's events) and a withdrawal (which holds the order and waits for the portation) cannot deadlock.
 */
export async function lockOrder(tx: Database, id: number): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(portationOrders).where(eq(portationOrders.id, id)).for('no key update');
  return row;
}

export async function insertOrder(tx: Database, values: typeof portationOrders.$inferInsert): Promise<OrderRow> {
  const [row] = await tx.insert(portationOrders).values(values).returning();
  if (!row) throw new Error('order not stored');
  return row;
}

export async function updateOrder(
  tx: Database,
  id: number,
  patch: Partial<typeof portationOrders.$inferInsert>,
  now: Date,
): Promise<void> {
  await tx
    .update(portationOrders)
    .set({ ...patch, lastUpdateAt: now })
    .where(eq(portationOrders.id, id));
}

/** Writes timeline events of an order (and its portation). */
export async function insertEvents(
  tx: Database,
  ids: { orderId: number | null; portationId: number | null },
  events: NewEvent[],
): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(portationEvents).values(
    events.map((e) => ({
      orderId: ids.orderId,
      portationId: ids.portationId,
      occurredAt: e.occurredAt,
      status: e.status,
      kind: e.kind,
      description: e.description,
    })),
  );
}

export async function insertPortation(tx: Database, values: typeof portations.$inferInsert): Promise<PortationRow> {
  const [row] = await tx.insert(portations).values(values).returning();
  if (!row) throw new Error('portation not stored');
  return row;
}

/** Locks a portation for the rest of the transaction and returns it. */
export async function lockPortation(tx: Database, id: number): Promise<PortationRow | undefined> {
  const [row] = await tx.select().from(portations).where(eq(portations.id, id)).for('no key update');
  return row;
}

/**
 * Locks a portation and its order in the order every caller takes them (order first, as a withdrawal
 * does), so the engine and a withdrawal never wait for each other in a circle. One statement: its row
 * locks are taken in the order of the `of` list.
 */
export async function lockPortationAndOrder(
  tx: Database,
  portationId: number,
): Promise<{ portation: PortationRow; order: OrderRow | undefined } | undefined> {
  const [both] = await tx
    .select({ order: portationOrders, portation: portations })
    .from(portationOrders)
    .innerJoin(portations, eq(portations.orderId, portationOrders.id))
    .where(eq(portations.id, portationId))
    .for('no key update', { of: [portationOrders, portations] });
  if (both) return both;
  // A portation of no order (the demo's history of other people's numbers).
  const portation = await lockPortation(tx, portationId);
  return portation ? { portation, order: undefined } : undefined;
}

export async function findPortation(db: Database, id: number): Promise<PortationRow | undefined> {
  const [row] = await db.select().from(portations).where(eq(portations.id, id));
  return row;
}

/** The portation an order started, if any, locked for the rest of the transaction. */
export async function lockPortationOfOrder(tx: Database, orderId: number): Promise<PortationRow | undefined> {
  const [row] = await tx
    .select()
    .from(portations)
    .where(eq(portations.orderId, orderId))
    .orderBy(desc(portations.id))
    .limit(1)
    .for('no key update');
  return row;
}

export async function updatePortation(
  tx: Database,
  id: number,
  patch: Partial<typeof portations.$inferInsert>,
  now: Date,
): Promise<void> {
  await tx
    .update(portations)
    .set({ ...patch, lastUpdatedAt: now })
    .where(eq(portations.id, id));
}

/** Operators with what an application names them by (read through the operators module). */
export async function operatorsByIds(db: Database, ids: number[]) {
  return [...(await operatorsOf(db, ids)).values()].map(({ id, slug, name, inn }) => ({ id, slug, name, inn }));
}

/** Whether the operator works in the region. */
export const operatorServesRegion = servesRegion;

/** What a porting application needs of the user (the users module reads its table). */
export const findApplicant = findUserApplicant;

/**
 * What a portation's application is made of: the applicant, the order, and the donor's and recipient's
 * names and tax numbers, read at once, each by its owner (the users and operators modules read theirs,
 * decision 131). Undefined when the applicant is gone.
 */
export async function applicationParts(
  db: Database,
  p: Pick<PortationRow, 'userId' | 'orderId' | 'fromOperatorId' | 'toOperatorId'>,
) {
  const ids = [p.fromOperatorId, p.toOperatorId].filter((id): id is number => id !== null);
  const [applicant, orders, named] = await Promise.all([
    findUserApplicant(db, p.userId),
    p.orderId === null ? [] : db.select().from(portationOrders).where(eq(portationOrders.id, p.orderId)),
    operatorsOf(db, ids),
  ]);
  if (!applicant) return undefined;
  const operator = (id: number | null) => (id === null ? null : (named.get(id) ?? null));
  return {
    applicant,
    order: orders[0] ?? null,
    donor: operator(p.fromOperatorId),
    recipient: operator(p.toOperatorId),
  };
}

/** Drafts nobody submitted since `before`. */
export async function staleDrafts(db: Database, before: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: portationOrders.id })
    .from(portationOrders)
    .where(and(eq(portationOrders.status, 'Initialized'), lt(portationOrders.createdAt, before)))
    .orderBy(asc(portationOrders.createdAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function findCode(db: Database, orderId: number) {
  const [row] = await db.select().from(confirmationCodes).where(eq(confirmationCodes.orderId, orderId));
  return row;
}

export async function saveCode(db: Database, values: typeof confirmationCodes.$inferInsert): Promise<void> {
  const { orderId: _orderId, ...rest } = values;
  await db
    .insert(confirmationCodes)
    .values(values)
    .onConflictDoUpdate({ target: confirmationCodes.orderId, set: rest });
}

/**
 * Spends one attempt of an unexpired code and answers what to check the typed code against, in one
 * statement: parallel guesses each take an attempt before any is checked, so five attempts are five.
 * Undefined when there is no such code, it has expired, or its attempts are spent.
 */
export async function takeCodeAttempt(db: Database, orderId: number, now: Date) {
  const [row] = await db
    .update(confirmationCodes)
    .set({ attemptsLeft: sql`${confirmationCodes.attemptsLeft} - 1` })
    .where(
      and(
        eq(confirmationCodes.orderId, orderId),
        gt(confirmationCodes.attemptsLeft, 0),
        gt(confirmationCodes.expiresAt, now),
      ),
    )
    .returning({
      codeHash: confirmationCodes.codeHash,
      msisdn: confirmationCodes.msisdn,
      attemptsLeft: confirmationCodes.attemptsLeft,
    });
  return row;
}

/**
 * Counts one code sent today in `scope` if the day's `limit` is not reached and the last send is at
 * least `minGapMs` ago; answers the count after it, or null when refused. One atomic upsert: the row
 * stays locked to the end of the transaction, so parallel sends are counted one after another.
 */
export async function countCodeSend(
  tx: Database,
  scope: string,
  day: string,
  limit: number,
  now: Date,
  minGapMs: number,
): Promise<number | null> {
  const [row] = await tx
    .insert(codeSendLimits)
    .values({ scope, day, sends: 1, lastSentAt: now })
    .onConflictDoUpdate({
      target: [codeSendLimits.scope, codeSendLimits.day],
      set: { sends: sql`${codeSendLimits.sends} + 1`, lastSentAt: now },
      setWhere: and(
        lt(codeSendLimits.sends, limit),
        sql`${codeSendLimits.lastSentAt} <= ${new Date(now.getTime() - minGapMs)}`,
      ),
    })
    .returning({ sends: codeSendLimits.sends });
  return row?.sends ?? null;
}

/** Today's count of a scope, for the words of a refusal. */
export async function codeSendsOf(db: Database, scope: string, day: string) {
  const [row] = await db
    .select({ sends: codeSendLimits.sends, lastSentAt: codeSendLimits.lastSentAt })
    .from(codeSendLimits)
    .where(and(eq(codeSendLimits.scope, scope), eq(codeSendLimits.day, day)));
  return row;
}

/** Forgets the counts of days before `day`. */
export async function deleteCodeSendsBefore(db: Database, day: string): Promise<void> {
  await db.delete(codeSendLimits).where(lt(codeSendLimits.day, day));
}

export async function deleteCode(db: Database, orderId: number): Promise<void> {
  await db.delete(confirmationCodes).where(eq(confirmationCodes.orderId, orderId));
}

/** The statuses of both records after a change, for the live page. */
export type StatusPair = { order: OrderStatus; portation: OrderStatus | null };

/** Orders by status across the site (the metrics' `perenos_porting_orders`). */
export async function orderCountsByStatus(db: Database): Promise<{ status: string; count: number }[]> {
  return db
    .select({ status: portationOrders.status, count: sql<number>`count(*)::int` })
    .from(portationOrders)
    .groupBy(portationOrders.status);
}

/** Orders for the staff desk: by id, or every order of a number, newest first. */
export async function findOrdersForDesk(db: Database, by: { id?: number; msisdn?: string }, limit: number) {
  const where = by.id !== undefined ? eq(portationOrders.id, by.id) : eq(portationOrders.msisdn, by.msisdn ?? '');
  return db
    .select({
      id: portationOrders.id,
      msisdn: portationOrders.msisdn,
      status: portationOrders.status,
      createdAt: portationOrders.createdAt,
      lastUpdateAt: portationOrders.lastUpdateAt,
      disputedAt: portationOrders.disputedAt,
    })
    .from(portationOrders)
    .where(where)
    .orderBy(desc(portationOrders.id))
    .limit(limit);
}

/** The portation an order started (the newest), for the desk. */
export async function portationForDesk(db: Database, orderId: number): Promise<PortationRow | undefined> {
  const [row] = await db
    .select()
    .from(portations)
    .where(eq(portations.orderId, orderId))
    .orderBy(desc(portations.id))
    .limit(1);
  return row;
}
