import { ENDING_KINDS, type EndingKind } from '@perenos/porting-rules/states';
import { and, asc, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { portedInRegistrySince } from '../lookup';
import { withOperatorNames } from './operator-names';
import { SMS_PROOF_DAYS } from './rules';
import { numberCodes, portationEvents, portationOrders, portations } from './tables';

// A user's orders and portations as their account shows them: porting owns these tables, the account reads them here.

/**
 * The numbers on the user's orders as rows of the account's one read of a user's numbers (account
 * repository, `userNumbersOf`): msisdn, not an ESIA mark, until when an application confirmed when
 * submitted (by ESIA or an SMS code) shows the number is the user's, after the user's own numbers, in
 * number order. That proof lasts SMS_PROOF_DAYS, and ends at once when someone else ported the number
 * since: a Done portation of another person on this site, or a porting day in the ported-number registry
 * that is not one of the user's own portations. Null: no proof.
 */
export function orderedNumbersSql(userId: number): SQL {
  const o = portationOrders;
  const c = numberCodes;
  return sql`select ${o.msisdn} as msisdn, false as esia,
    case when ${o.msisdnConfirmedAt} is not null and not (${portedByOther(userId, sql`${o.msisdn}`, sql`${o.msisdnConfirmedAt}`)})
      then ${o.msisdnConfirmedAt} + ${`${SMS_PROOF_DAYS} days`}::interval end as proof_until,
    1 as src, null::integer as id from ${o} where ${o.userId} = ${userId}
    union all
    select ${c.msisdn}, false,
      case when not (${portedByOther(userId, sql`${c.msisdn}`, sql`${c.confirmedAt}`)})
        then ${c.confirmedAt} + ${`${SMS_PROOF_DAYS} days`}::interval end,
      1, null::integer from ${c} where ${c.userId} = ${userId} and ${c.confirmedAt} is not null`;
}

/**
 * Whether someone else ported the number since the user confirmed it: a Done portation of another person
 * on this site, or a porting day in the ported-number registry that is not one of the user's own portations.
 */
function portedByOther(userId: number, msisdn: SQL, confirmed: SQL): SQL {
  // The Moscow day of an instant (UTC+3 all year), as the registry writes its porting days.
  const day = (at: SQL) => sql`((${at} at time zone 'UTC') + interval '3 hours')::date`;
  return sql`exists (select 1 from ${portations} p where p.msisdn = ${msisdn} and p.user_id <> ${userId}
      and p.status = 'Done' and coalesce(p.completed_at, p.last_updated_at) >= ${confirmed})
    or ${portedInRegistrySince(
      msisdn,
      day(confirmed),
      // The registry's porting day of one of the user's own portations is not someone else's.
      (portedOn) => sql`exists (select 1 from ${portations} q where q.msisdn = ${msisdn} and q.user_id = ${userId}
        and q.status = 'Done' and ${portedOn} in (${day(sql`q.completed_at`)}, ${day(sql`q.portation_at`)}))`,
    )}`;
}

/**
 * How an application ended, when it ended without a porting: the kind of its last ending event
 * (@perenos/porting-rules' ENDING_KINDS), so that a list names a refusal as its page does.
 */
function endingSql(orderId: SQL | Parameters<typeof sql>[1]): SQL<EndingKind | null> {
  const kinds = sql.join(
    ENDING_KINDS.map((k) => sql`${k}`),
    sql`, `,
  );
  return sql<EndingKind | null>`(select e.kind from ${portationEvents} e where e.order_id = ${orderId}
    and e.kind in (${kinds}) order by e.occurred_at desc, e.id desc limit 1)`;
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
        ending: endingSql(portationOrders.id),
        fromOperatorId: portationOrders.fromOperatorId,
        toOperatorId: portationOrders.toOperatorId,
      })
      .from(portationOrders)
      .where(where)
      .orderBy(...order(column, p.sortDesc, portationOrders.id))
      .limit(p.take)
      .offset(p.skip),
    db.select({ n: count() }).from(portationOrders).where(where),
  ]);
  return { rows: await withOperatorNames(db, rows), totalRows: total?.n ?? 0 };
}

const portationColumns = {
  id: portations.id,
  orderId: portations.orderId,
  status: portations.status,
  startedAt: portations.startedAt,
  portationAt: portations.portationAt,
  /** The day the order asked for: the porting's day while it has no date of its own. */
  orderDate: portationOrders.portationDate,
  ending: endingSql(portations.orderId),
  lastUpdatedAt: portations.lastUpdatedAt,
  fromOperatorId: portations.fromOperatorId,
  toOperatorId: portations.toOperatorId,
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
      .where(where)
      // A planned portation has no date yet: it belongs at the newest end.
      .orderBy(p.sortDesc ? desc(column) : asc(column), p.sortDesc ? desc(portations.id) : asc(portations.id))
      .limit(p.take)
      .offset(p.skip),
    db.select({ n: count() }).from(portations).where(where),
  ]);
  return { rows: await withOperatorNames(db, rows), totalRows: total?.n ?? 0 };
}

/** One portation of the user's number with its events, oldest first. */
export async function findPortation(db: Database, userId: number, msisdn: string, id: number) {
  const [stored] = await db
    .select(portationColumns)
    .from(portations)
    .leftJoin(portationOrders, eq(portationOrders.id, portations.orderId))
    .where(and(eq(portations.id, id), eq(portations.userId, userId), eq(portations.msisdn, msisdn)));
  if (!stored) return null;
  const [row] = await withOperatorNames(db, [stored]);
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
