import { flushPortedWrites } from '../lookup';
import { supersedeOrdersNotifications } from '../notifications';
import * as batch from './batch-repository';
import type { PortationChange } from './deps';
import {
  advancePortation,
  applyMessages,
  askCentral,
  changeOf,
  type EngineDeps,
  planStep,
  recordLateFiling,
  type StepAnswer,
  sendNextStep,
  stageMessages,
  writeRegistry,
} from './engine';
import type { PortationRow } from './repository';

/**
 * A fetched batch of engine steps (decision 150): the portations are read and their filings marked in
 * one statement each, the central database is asked for each, and what it answered is written for the
 * whole batch in one transaction: one lock statement, one update of the portations, one of the orders,
 * one insert of the events, the next steps in one insert. A portation whose step fails here is
 * stepped again alone (advancePortation), and its error is its job's.
 *
 * Answers, for each id in the order given, what failed its step (undefined when it did not).
 * `steppedAlone` hears why the batch's transaction failed, before its portations are stepped alone.
 */
export async function advanceBatch(
  deps: EngineDeps,
  ids: number[],
  steppedAlone: (err: unknown) => void = () => {},
): Promise<unknown[]> {
  const failed = new Map<number, unknown>();
  const unique = [...new Set(ids)];
  const rows = (await batch.findPortations(deps.db, unique)).filter((p) => p.status === 'PendingBDPN');
  // A portation of no order (the demo's history) is stepped alone, as before.
  const alone = rows.filter((p) => p.orderId === null);
  const together = rows.filter((p) => p.orderId !== null);
  const marked = await batch.startFilings(
    deps.db,
    together.filter((p) => p.processId === null).map((p) => p.id),
    deps.now(),
  );
  // The applications of the filings, read for all at once.
  const parts = await batch.applicationPartsOf(
    deps.db,
    together.filter((p) => marked.has(p.id)),
  );
  const answered: { p: PortationRow; answer: StepAnswer }[] = [];
  await Promise.all([
    ...alone.map((p) => advancePortation(deps, p.id).catch((err: unknown) => failed.set(p.id, err))),
    ...together.map(async (p) => {
      // Not marked: withdrawn, or held, since it was read.
      if (p.processId === null && !marked.has(p.id)) return;
      try {
        const answer = await askCentral(deps, p, marked.has(p.id) ? parts.get(p.id) : undefined);
        if (answer) answered.push({ p, answer });
      } catch (err) {
        failed.set(p.id, err);
      }
    }),
  ]);
  if (answered.length > 0) {
    try {
      await applyBatch(deps, answered);
    } catch (err) {
      steppedAlone(err);
      // One portation's trouble (a deadlock, a constraint) must not cost the others theirs: each alone.
      await Promise.all(
        answered.map(({ p, answer }) =>
          applyMessages(deps, p.id, answer.view, answer.filing).catch((err: unknown) => failed.set(p.id, err)),
        ),
      );
    }
  }
  return ids.map((id) => failed.get(id));
}

/** Writes the answers of a batch in one transaction (as applyMessages does for one), then tells the nodes. */
async function applyBatch(deps: EngineDeps, answered: { p: PortationRow; answer: StepAnswer }[]): Promise<void> {
  const answers = new Map(answered.map(({ p, answer }) => [p.id, answer]));
  const changes = await deps.db.transaction(async (tx) => {
    const locked = await batch.lockBatch(tx, [...answers.keys()]);
    const now = deps.now();
    const portationRows: Parameters<typeof batch.updatePortations>[1] = [];
    const orderRows: Parameters<typeof batch.updateOrders>[1] = [];
    const eventRows: Parameters<typeof batch.insertBatchEvents>[1] = [];
    const next: { portationId: number; at: Date }[] = [];
    const ported: { p: PortationRow; at: Date }[] = [];
    const messages: Awaited<ReturnType<typeof stageMessages>> = [];
    const ended: number[] = [];
    const changes: NonNullable<ReturnType<typeof changeOf>>[] = [];
    // The applicants' own e-mails, for the notices of orders that name none, in one statement.
    const applicants = await batch.applicantsOf(
      tx,
      locked.filter(({ order }) => !order.email).map(({ portation }) => portation.userId),
    );
    for (const { portation: p, order } of locked) {
      const answer = answers.get(p.id);
      if (!answer) continue;
      if (p.status !== 'PendingBDPN') {
        // Ended while it was being filed: the process just made is cancelled by a retried job.
        if (answer.filing) await recordLateFiling(deps, tx, p, answer.filing);
        continue;
      }
      const plan = planStep(p, answer.view, answer.filing, now);
      portationRows.push({ id: p.id, patch: plan.patch, lastAt: plan.lastAt });
      if (plan.orderChange) orderRows.push({ id: order.id, change: plan.orderChange, lastAt: plan.lastAt });
      eventRows.push({ orderId: p.orderId, portationId: p.id, events: plan.events });
      if (plan.next) next.push({ portationId: p.id, at: plan.next });
      if (plan.told.length > 0) {
        if (plan.ended) ended.push(order.id);
        messages.push(...(await stageMessages(deps, tx, p, order, plan.told, applicants)));
      }
      if (plan.portedAt) ported.push({ p, at: plan.portedAt });
      const change = changeOf(p, plan);
      if (change) changes.push(change);
    }
    // Every portation of the batch locked is written here; one locked by nobody (deleted) is skipped.
    await batch.updatePortations(tx, portationRows);
    await batch.updateOrders(tx, orderRows);
    await batch.insertBatchEvents(tx, eventRows);
    await sendNextStep(deps, tx, next);
    await supersedeOrdersNotifications(tx, ended);
    if (messages.length > 0) await deps.notify(tx, messages);
    if (ported.length > 0) await writeRegistry(deps, tx, ported);
    return changes;
  });
  // The registry's own writes are one at a time across the site: the batch's completions share one.
  if (changes.some((c) => c.ported)) await flushPortedWrites(deps.db);
  for (const c of changes) deps.publish(c.change satisfies PortationChange);
}
