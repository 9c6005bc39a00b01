import { stuckCutoffs } from '@perenos/porting-rules/states';
import { and, asc, count, eq, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { portationOrders, portations } from './tables';

/** The desk's lists: applications under way, and those past what the process allows. */
export type DeskList = 'active' | 'stuck';

/**
 * Which applications a list holds at `now`. «Stuck» is the rules' own (@perenos/porting-rules,
 * `stuckReason`): a draft older than its lifetime, a hold or a window past its end, a porting night gone
 * with no window set — each past its deadline by the grace the engine's jobs need. The same cut-offs in
 * SQL, so that a page of ten is a page of ten.
 */
function listWhere(list: DeskList, now: Date): SQL | undefined {
  const o = portationOrders;
  const p = portations;
  if (list === 'active') return eq(o.status, 'PendingBDPN');
  const cut = stuckCutoffs(now);
  return or(
    and(eq(o.status, 'Initialized'), lt(o.createdAt, cut.draftMadeBefore)),
    and(
      eq(o.status, 'PendingBDPN'),
      or(
        lt(p.heldUntil, cut.missed),
        lt(p.windowEnd, cut.missed),
        and(isNull(p.windowEnd), lte(o.portationDate, cut.lastOverDay)),
      ),
    ),
  );
}

/** A page of a desk list, the longest waiting first, with the facts its stage and stuck reason are read from. */
export async function deskListPage(db: Database, list: DeskList, now: Date, skip: number, take: number) {
  const o = portationOrders;
  const p = portations;
  // An order's newest portation (a refiled application is a new order): one row per order.
  const newest = sql`${p.id} = (select max(q.id) from ${portations} q where q.order_id = ${o.id})`;
  const where = listWhere(list, now);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: o.id,
        msisdn: o.msisdn,
        status: o.status,
        createdAt: o.createdAt,
        submittedAt: o.submittedAt,
        lastUpdateAt: o.lastUpdateAt,
        portationDate: o.portationDate,
        disputedAt: o.disputedAt,
        heldUntil: p.heldUntil,
        processId: p.processId,
        windowStart: p.windowStart,
        windowEnd: p.windowEnd,
      })
      .from(o)
      .leftJoin(p, and(eq(p.orderId, o.id), newest))
      .where(where)
      .orderBy(asc(sql`coalesce(${o.submittedAt}, ${o.createdAt})`), asc(o.id))
      .limit(take)
      .offset(skip),
    db
      .select({ n: count() })
      .from(o)
      .leftJoin(p, and(eq(p.orderId, o.id), newest))
      .where(where),
  ]);
  return { rows, totalRows: total?.n ?? 0 };
}

export type DeskListRow = Awaited<ReturnType<typeof deskListPage>>['rows'][number];
