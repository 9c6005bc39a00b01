import type { Database } from '../../db/client';
import type { HoldOutcome, NumberProof, PortationChange, PortingDeps } from './deps';
import { endAsDeleted, tellApplicant } from './ending';
import { EVENT_TEXT, HOLD_REFUSED, type NewEvent } from './events';
import { ADVANCE_QUEUE, HOLD_QUEUE } from './queues';
import * as repo from './repository';
import { applicantProof } from './steps/shared';

/**
 * An application for a number someone else watches is held (portations.held_until) until the watcher
 * answers from their alert, «Да, это я» or «Это не я», or a day passes unanswered. Every way out is
 * decided under the order's and the portation's row locks, taken in the order every caller takes them,
 * so of a confirmation, a refusal and the lapse arriving at once exactly one ends the hold; the engine
 * files nothing while it is set (repository.startFiling).
 */

/** The watcher's answer to a held application. */
export type HoldAnswer = 'confirm' | 'refuse';

/** Who answers: the watcher, and the proof they have of the number now (null: none, their watch lapsed). */
export interface Answerer {
  userId: number;
  proof: NumberProof | null;
}

const RANK: Record<NumberProof, number> = { sms: 1, esia: 2 };

/**
 * Applies the watcher's answer to the held application of an order: a confirmation files it now, a
 * refusal ends it Deleted with a reason the applicant reads. A refusal from a watcher whose proof of the
 * number is weaker than the applicant's (an SMS code against an ESIA profile, or a lapsed one) ends
 * nothing: it marks the order disputed for support's desk, and the watcher's alert says whom to contact.
 * One that no longer waits for an answer (answered already, withdrawn) is left as it is; one whose day
 * has passed lapses now. The watchers' alerts say which happened.
 */
export async function answerHold(
  deps: PortingDeps,
  orderId: number,
  answer: HoldAnswer,
  answerer: Answerer,
): Promise<void> {
  const change = await deps.db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, orderId);
    const portation = (await repo.lockPortationOfOrder(tx, orderId)) ?? null;
    if (!order || portation?.status !== 'PendingBDPN') return null;
    const now = deps.now();
    // Past its day the hold has lapsed, whether or not the job has run yet: the answer comes too late.
    if (portation.heldUntil !== null && portation.heldUntil.getTime() <= now.getTime()) {
      return release(deps, tx, order, portation, 'lapsed', now);
    }
    if (answer === 'refuse' && order.userId !== null) {
      const applicant = applicantProof(order.msisdn, (await repo.findApplicant(tx, order.userId))?.profile ?? null);
      if (answerer.proof === null || RANK[answerer.proof] < RANK[applicant]) {
        await repo.updateOrder(tx, orderId, { disputedAt: order.disputedAt ?? now }, now);
        await deps.watch.dispute(tx, orderId, answerer.userId, now);
        return null;
      }
    }
    if (portation.heldUntil === null) return null;
    if (answer === 'refuse') {
      await deps.watch.settle(tx, orderId, 'refused', now);
      return endAsDeleted(
        deps,
        tx,
        { order, portation },
        `${HOLD_REFUSED}.`,
        { kind: 'hold-refused', description: EVENT_TEXT['hold-refused']() },
        { now, tell: true },
      );
    }
    return release(deps, tx, order, portation, 'confirmed', now);
  });
  if (change) deps.publish(change);
}

/**
 * The hold job: a held application whose day has passed unanswered goes on to the central database,
 * and the timeline says so. A job delivered before its time waits again.
 */
export async function releaseLapsedHold(deps: PortingDeps, portationId: number): Promise<void> {
  const change = await deps.db.transaction(async (tx) => {
    const locked = await repo.lockPortationAndOrder(tx, portationId);
    const p = locked?.portation;
    if (!locked?.order || p?.status !== 'PendingBDPN' || p.heldUntil === null) return null;
    const now = deps.now();
    if (p.heldUntil.getTime() > now.getTime()) {
      await deps.jobs.send(
        HOLD_QUEUE,
        { portationId },
        { startAfter: p.heldUntil, singletonKey: `hold:${portationId}` },
        tx,
      );
      return null;
    }
    return release(deps, tx, locked.order, p, 'lapsed', now);
  });
  if (change) deps.publish(change);
}

/** Ends the hold under the caller's locks: the event, the watchers' alerts, the applicant told, the engine's first step. */
async function release(
  deps: PortingDeps,
  tx: Database,
  order: repo.OrderRow,
  p: repo.PortationRow,
  outcome: Extract<HoldOutcome, 'confirmed' | 'lapsed'>,
  now: Date,
): Promise<PortationChange> {
  const kind = outcome === 'confirmed' ? 'hold-confirmed' : 'hold-lapsed';
  const events: NewEvent[] = [{ kind, status: 'PendingBDPN', description: EVENT_TEXT[kind](), occurredAt: now }];
  await repo.updatePortation(tx, p.id, { heldUntil: null }, now);
  await repo.updateOrder(tx, order.id, {}, now);
  await repo.insertEvents(tx, { orderId: order.id, portationId: p.id }, events);
  await deps.watch.settle(tx, order.id, outcome, now);
  await deps.jobs.send(ADVANCE_QUEUE, { portationId: p.id }, { singletonKey: `portation:${p.id}` }, tx);
  await tellApplicant(deps, tx, { ...order, userId: p.userId }, p.id, events);
  return { userId: p.userId, orderId: order.id, portationId: p.id, msisdn: p.msisdn, status: 'PendingBDPN' };
}
