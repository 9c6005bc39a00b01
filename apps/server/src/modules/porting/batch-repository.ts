import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { operatorsByIds } from '../operators';
import { findApplicants } from '../users';
import type { NewEvent } from './events';
import type { applicationParts, OrderRow, PortationRow } from './repository';

type ApplicationParts = Awaited<ReturnType<typeof applicationParts>>;

import { type OrderStatus, portationEvents, portationOrders, portations } from './tables';

/**
 * The engine's statements for a fetched batch of steps (engine-batch.ts): each reads or writes the
 * batch's portations in one statement, with what a step of one portation does to its own row.
 */

export async function findPortations(db: Database, ids: number[]): Promise<PortationRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(portations).where(inArray(portations.id, ids));
}

/** Marks the filing of every portation of `ids` still pending and not held (as repo.startFiling); answers those marked. */
export async function startFilings(db: Database, ids: number[], now: Date): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .update(portations)
    .set({ filingStartedAt: sql`coalesce(${portations.filingStartedAt}, ${now})` })
    .where(and(inArray(portations.id, ids), eq(portations.status, 'PendingBDPN'), isNull(portations.heldUntil)))
    .returning({ id: portations.id });
  return new Set(rows.map((r) => r.id));
}

/**
 * Locks the orders and portations of `ids` for the rest of the transaction, in the order of the orders'
 * ids, each order before its portation (decisions 032 and 125); portations of no order are not locked.
 */
export async function lockBatch(tx: Database, ids: number[]): Promise<{ portation: PortationRow; order: OrderRow }[]> {
  if (ids.length === 0) return [];
  return tx
    .select({ order: portationOrders, portation: portations })
    .from(portationOrders)
    .innerJoin(portations, eq(portations.orderId, portationOrders.id))
    .where(inArray(portations.id, ids))
    .orderBy(asc(portationOrders.id))
    .for('no key update', { of: [portationOrders, portations] });
}

/** What the applicant's notices need of several users, by id (the users module reads its table). */
export const applicantsOf = findApplicants;

/**
 * The application parts of several portations (as repo.applicationParts for each) in three statements:
 * the applicants, the orders and the operators. A portation whose applicant is gone has none.
 */
export async function applicationPartsOf(db: Database, ps: PortationRow[]) {
  const orderIds = ps.map((p) => p.orderId).filter((id): id is number => id !== null);
  const operatorIds = ps.flatMap((p) => [p.fromOperatorId, p.toOperatorId]).filter((id): id is number => id !== null);
  const [applicants, orders, named] = await Promise.all([
    findApplicants(
      db,
      ps.map((p) => p.userId),
    ),
    orderIds.length === 0 ? [] : db.select().from(portationOrders).where(inArray(portationOrders.id, orderIds)),
    operatorIds.length === 0 ? new Map() : operatorsByIds(db, [...new Set(operatorIds)]),
  ]);
  const operator = (id: number | null) => (id === null ? null : (named.get(id) ?? null));
  const parts = new Map<number, NonNullable<ApplicationParts>>();
  for (const p of ps) {
    const applicant = applicants.get(p.userId);
    if (!applicant) continue;
    parts.set(p.id, {
      applicant,
      order: orders.find((o) => o.id === p.orderId) ?? null,
      donor: operator(p.fromOperatorId),
      recipient: operator(p.toOperatorId),
    });
  }
  return parts;
}

/** The portation columns a step may write, with their types. */
const PORTATION_COLUMNS = {
  status: ['status', 'text'],
  processId: ['process_id', 'text'],
  processSeq: ['process_seq', 'int'],
  reason: ['reason', 'text'],
  portationAt: ['portation_at', 'timestamptz'],
  windowStart: ['window_start', 'timestamptz'],
  windowEnd: ['window_end', 'timestamptz'],
  completedAt: ['completed_at', 'timestamptz'],
  simIssuedAt: ['sim_issued_at', 'timestamptz'],
  temporaryMsisdn: ['temporary_msisdn', 'text'],
  esimActivationCode: ['esim_activation_code', 'text'],
  debtAmount: ['debt_amount', 'int'],
  debtPayBy: ['debt_pay_by', 'timestamptz'],
  debtPaidAt: ['debt_paid_at', 'timestamptz'],
  debtNumbers: ['debt_numbers', 'jsonb'],
} as const satisfies Partial<Record<keyof PortationRow, readonly [string, string]>>;

type PortationPatch = Partial<Pick<PortationRow, keyof typeof PORTATION_COLUMNS>>;

/**
 * Writes each portation's patch and last update in one statement: a column a patch does not name keeps
 * its value (the rows are locked by the caller).
 */
export async function updatePortations(
  tx: Database,
  rows: { id: number; patch: PortationPatch; lastAt: Date }[],
): Promise<void> {
  if (rows.length === 0) return;
  const sets = Object.entries(PORTATION_COLUMNS).map(([key, [column, type]]) => {
    const value = type === 'jsonb' ? `nullif(v->'${key}', 'null'::jsonb)` : `(v->>'${key}')::${type}`;
    return `${column} = case when v ? '${key}' then ${value} else p.${column} end`;
  });
  const payload = rows.map((r) => ({ ...r.patch, id: r.id, lastAt: r.lastAt }));
  await tx.execute(
    sql`update portations p set ${sql.raw(sets.join(', '))}, last_updated_at = (v->>'lastAt')::timestamptz
      from jsonb_array_elements(${JSON.stringify(payload)}::jsonb) v
      where p.id = (v->>'id')::int`,
  );
}

/** Writes each order's change (status, reason when named) and last update in one statement. */
export async function updateOrders(
  tx: Database,
  rows: { id: number; change: { status?: OrderStatus; reason?: string }; lastAt: Date }[],
): Promise<void> {
  if (rows.length === 0) return;
  const payload = rows.map((r) => ({ ...r.change, id: r.id, lastAt: r.lastAt }));
  await tx.execute(
    sql`update portation_orders o
      set status = case when v ? 'status' then v->>'status' else o.status end,
          reason = case when v ? 'reason' then v->>'reason' else o.reason end,
          last_update_at = (v->>'lastAt')::timestamptz
      from jsonb_array_elements(${JSON.stringify(payload)}::jsonb) v
      where o.id = (v->>'id')::int`,
  );
}

/** Writes the timeline events of several portations in one statement. */
export async function insertBatchEvents(
  tx: Database,
  rows: { orderId: number | null; portationId: number; events: NewEvent[] }[],
): Promise<void> {
  const values = rows.flatMap((r) =>
    r.events.map((e) => ({
      orderId: r.orderId,
      portationId: r.portationId,
      occurredAt: e.occurredAt,
      status: e.status,
      kind: e.kind,
      description: e.description,
    })),
  );
  if (values.length > 0) await tx.insert(portationEvents).values(values);
}
