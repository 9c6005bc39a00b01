import type { Database } from '../../db/client';
import type { NewEvent } from './events';
import { contactEmail, portationLink, stageNotifications } from './messages';
import * as repo from './repository';
import type { PortationChange, PortingDeps } from './service';

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
  if (running) await repo.updatePortation(tx, running.id, { status: 'Deleted', reason }, now);
  const events: NewEvent[] = [{ ...event, status: 'Deleted', occurredAt: now }];
  await repo.insertEvents(tx, { orderId: order.id, portationId: running?.id ?? null }, events);
  if (options.tell && order.userId !== null) {
    const applicant = await repo.findApplicant(tx, order.userId);
    await deps.notify(
      tx,
      stageNotifications(
        {
          userId: order.userId,
          orderId: order.id,
          msisdn: order.msisdn,
          email: contactEmail(order, applicant?.profile ?? null),
          link: running ? portationLink(deps, order.msisdn, running.id) : null,
        },
        events,
      ),
    );
  }
  return {
    userId: order.userId,
    orderId: order.id,
    portationId: running?.id ?? null,
    msisdn: order.msisdn,
    status: 'Deleted',
  };
}
