import type { Database } from '../../db/client';
import { supersedeOrderNotifications } from '../notifications';
import type { PortationChange, PortingDeps } from './deps';
import type { NewEvent } from './events';
import { contactEmail, portationLink, stageNotifications } from './messages';
import * as repo from './repository';

/**
 * Ends an order, and the portation it started if that is still running, as Deleted inside the
 * caller's transaction (which holds their row locks): the status, the reason, the timeline event, and
 * the notifications when the subscriber is to be told. Answers the change for the live pages.
 */
export async function endAsDeleted(
  deps: PortingDeps,
  tx: Database,
  ended: { order: repo.OrderRow; portation: repo.PortationRow | null },
  reason: string,
  event: Pick<NewEvent, 'kind' | 'description'>,
  options: { now: Date; tell: boolean },
): Promise<PortationChange> {
  const { order, portation } = ended;
  const { now } = options;
  await repo.updateOrder(tx, order.id, { status: 'Deleted', reason }, now);
  const running = portation?.status === 'PendingBDPN' ? portation : null;
  if (running) {
    await repo.updatePortation(tx, running.id, { status: 'Deleted', reason, heldUntil: null }, now);
    // Ended while it waited for the watcher's answer: their alert says so (a refusal was recorded first).
    if (running.heldUntil !== null) await deps.watch.settle(tx, order.id, 'withdrawn', now);
  }
  const events: NewEvent[] = [{ ...event, status: 'Deleted', occurredAt: now }];
  await repo.insertEvents(tx, { orderId: order.id, portationId: running?.id ?? null }, events);
  // What was queued of its steps and is not sent yet would arrive after its end: not sent at all.
  await supersedeOrderNotifications(tx, order.id);
  if (options.tell && order.userId !== null) {
    await tellApplicant(deps, tx, { ...order, userId: order.userId }, running?.id ?? null, events);
  }
  return {
    userId: order.userId,
    orderId: order.id,
    portationId: running?.id ?? null,
    msisdn: order.msisdn,
    status: 'Deleted',
  };
}

/** The e-mail and SMS telling the applicant of an order about its new events, in the caller's transaction. */
export async function tellApplicant(
  deps: PortingDeps,
  tx: Database,
  order: Pick<repo.OrderRow, 'id' | 'msisdn' | 'email'> & { userId: number },
  portationId: number | null,
  events: NewEvent[],
): Promise<void> {
  const applicant = await repo.findApplicant(tx, order.userId);
  await deps.notify(
    tx,
    stageNotifications(
      {
        userId: order.userId,
        orderId: order.id,
        msisdn: order.msisdn,
        email: contactEmail(order, applicant?.profile ?? null),
        link: portationId !== null ? portationLink(deps, order.msisdn, portationId) : null,
      },
      events,
    ),
  );
}
