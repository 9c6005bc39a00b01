import {
  aliasedTable,
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/client';
import { operators } from '../../db/schema';
import { portationEvents, portationOrders, portations } from '../porting/tables';
import { userNumbers } from './tables';

const fromOp = aliasedTable(operators, 'from_op');
const toOp = aliasedTable(operators, 'to_op');

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
    db
      .selectDistinct({ msisdn: portationOrders.msisdn })
      .from(portationOrders)
      .where(eq(portationOrders.userId, userId))
      .orderBy(asc(portationOrders.msisdn)),
  ]);
  return [...new Set([...numbers, ...ordered].map((r) => r.msisdn))];
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
    db
      .selectDistinct({ msisdn: portationOrders.msisdn })
      .from(portationOrders)
      .where(and(eq(portationOrders.userId, userId), isNotNull(portationOrders.msisdnConfirmedAt))),
  ]);
  return new Set([...esia, ...submitted].map((r) => r.msisdn));
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

export type OrderSort = 'lastUpdate' | 'created';
export type PortationSort = 'transfered' | 'started' | 'lastUpdate';

function order(column: Parameters<typeof asc>[0], descending: boolean, id: Parameters<typeof asc>[0]): SQL[] {
  return descending ? [desc(column), desc(id)] : [asc(column), asc(id)];
}

/** One page of a user's orders for one number. */
export async function listOrders(
  db: Database,
  p: { userId: number; msisdn: string; skip: number; take: number; sortBy: OrderSort; sortDesc: boolean },
) {
  const where = and(eq(portationOrders.userId, p.userId), eq(portationOrders.msisdn, p.msisdn));
  const column = p.sortBy === 'created' ? portationOrders.createdAt : portationOrders.lastUpdateAt;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: portationOrders.id,
        status: portationOrders.status,
        createdAt: portationOrders.createdAt,
        lastUpdateAt: portationOrders.lastUpdateAt,
        portationDate: portationOrders.portationDate,
        tariffName: portationOrders.tariffName,
        fromOperator: { id: fromOp.id, slug: fromOp.slug, name: fromOp.name },
        toOperator: { id: toOp.id, slug: toOp.slug, name: toOp.name },
      })
      .from(portationOrders)
      .leftJoin(fromOp, eq(fromOp.id, portationOrders.fromOperatorId))
      .leftJoin(toOp, eq(toOp.id, portationOrders.toOperatorId))
      .where(where)
      .orderBy(...order(column, p.sortDesc, portationOrders.id))
      .limit(p.take)
      .offset(p.skip),
    db.select({ n: count() }).from(portationOrders).where(where),
  ]);
  return { rows, totalRows: total?.n ?? 0 };
}

const portationColumns = {
  id: portations.id,
  orderId: portations.orderId,
  status: portations.status,
  startedAt: portations.startedAt,
  portationAt: portations.portationAt,
  /** The day the order asked for: what the account shows as the porting date (the window may run at the demo's time scale). */
  orderDate: portationOrders.portationDate,
  lastUpdatedAt: portations.lastUpdatedAt,
  fromOperator: { id: fromOp.id, slug: fromOp.slug, name: fromOp.name },
  toOperator: { id: toOp.id, slug: toOp.slug, name: toOp.name },
};

/** One page of a user's portations for one number. */
export async function listPortations(
  db: Database,
  p: { userId: number; msisdn: string; skip: number; take: number; sortBy: PortationSort; sortDesc: boolean },
) {
  const where = and(eq(portations.userId, p.userId), eq(portations.msisdn, p.msisdn));
  // A portation that never happened has no transfer date: it sorts by when it started.
  const column =
    p.sortBy === 'started'
      ? portations.startedAt
      : p.sortBy === 'lastUpdate'
        ? portations.lastUpdatedAt
        : sql`coalesce(${portations.portationAt}, ${portations.startedAt})`;
  const [rows, [total]] = await Promise.all([
    db
      .select(portationColumns)
      .from(portations)
      .leftJoin(portationOrders, eq(portationOrders.id, portations.orderId))
      .leftJoin(fromOp, eq(fromOp.id, portations.fromOperatorId))
      .leftJoin(toOp, eq(toOp.id, portations.toOperatorId))
      .where(where)
      // A planned portation has no date yet: it belongs at the newest end.
      .orderBy(p.sortDesc ? desc(column) : asc(column), p.sortDesc ? desc(portations.id) : asc(portations.id))
      .limit(p.take)
      .offset(p.skip),
    db.select({ n: count() }).from(portations).where(where),
  ]);
  return { rows, totalRows: total?.n ?? 0 };
}

/** One portation of the user's number with its events, oldest first. */
export async function findPortation(db: Database, userId: number, msisdn: string, id: number) {
  const [row] = await db
    .select(portationColumns)
    .from(portations)
    .leftJoin(portationOrders, eq(portationOrders.id, portations.orderId))
    .leftJoin(fromOp, eq(fromOp.id, portations.fromOperatorId))
    .leftJoin(toOp, eq(toOp.id, portations.toOperatorId))
    .where(and(eq(portations.id, id), eq(portations.userId, userId), eq(portations.msisdn, msisdn)));
  if (!row) return null;
  const events = await db
    .select({
      occurredAt: portationEvents.occurredAt,
      status: portationEvents.status,
      kind: portationEvents.kind,
      description: portationEvents.description,
    })
    .from(portationEvents)
    .where(
      row.orderId === null
        ? eq(portationEvents.portationId, id)
        : or(eq(portationEvents.portationId, id), eq(portationEvents.orderId, row.orderId)),
    )
    .orderBy(asc(portationEvents.occurredAt), asc(portationEvents.id));
  return { ...row, events };
}
