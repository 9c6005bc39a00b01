import { MIN_DAYS_BETWEEN_PORTINGS } from '@perenos/porting-rules';
import { daysText } from '@perenos/porting-rules/states';
import type { Database } from '../../db/client';
import { conflict, type HttpProblem, notFound, unavailable, validationProblem } from '../../lib/problem';
import type { Owner, PortationChange, PortingDeps } from './deps';
import { endAsDeleted } from './ending';
import { buildApplication } from './engine';
import { EVENT_TEXT, type EventKind, windowText } from './events';
import {
  ApplicationRefused,
  type CancelResult,
  GatewayUnavailable,
  type PortingGateway,
  UnknownProcess,
} from './gateway';
import * as repo from './repository';
import { owns } from './steps/shared';

/**
 * Withdrawing an application. The promise to keep: a withdrawal is either refused with a reason, or the
 * number is never moved and the central database's process is cancelled — whatever the engine or a
 * submit does at the same moment, on any node.
 *
 * - The decision is taken under the order's and the portation's row locks, on what they hold then.
 * - An application the engine has not begun to file is withdrawn here alone: the engine files only
 *   after marking the portation under the same lock, and never files a withdrawn one.
 * - Once filing has begun, only the central database can say whether the porting can still be stopped:
 *   the site asks it (no lock is held meanwhile: the stand-in on this node uses the same database) and
 *   answers «отозвано» only after it confirmed. The engine writes Done only from the central database's
 *   «Ported», which a cancelled process never sends.
 */
export async function deleteOrder(deps: PortingDeps, owner: Owner, id: number): Promise<void> {
  const view = await repo.findOrder(deps.db, id);
  if (!view || !owns(view.order, owner)) throw notFound();
  if (await withdrawOrder(deps, id, BY_SUBSCRIBER)) return;
  // Not ended by this call: by the subscriber's own earlier withdrawal (the same answer again), or by
  // something else first — the donor, the central database, a lapse — which is what the subscriber is told.
  const ending = (await repo.orderEvents(deps.db, id)).findLast((e) => e.status === 'Deleted');
  if (ending && !OWN_ENDINGS.has(ending.kind)) {
    const after = await repo.findOrder(deps.db, id);
    throw conflict(
      'Заявление уже закрыто',
      `Отзывать нечего: ${(after?.order.reason ?? ending.description).replace(/\.$/, '')}.`,
    );
  }
}

/** How an order ends at its subscriber's own request: a repeated withdrawal of it answers 204 again. */
const OWN_ENDINGS = new Set<string>(['cancelled', 'withdrawal-confirmed'] satisfies EventKind[]);

/** Who withdraws an order, in the words the order keeps and the subscriber is told. */
export interface Withdrawal {
  /** A draft (never submitted) removed: its reason and event, and whether the subscriber hears of it. */
  draft: { reason: string; description: string; tell: boolean };
  /** A submitted application withdrawn (the subscriber is always told). */
  submitted: { reason: string; description: string };
  /**
   * Written in the transaction that ends the order, or, once the central database was asked, in one of its
   * own whatever the answer (the staff audit of a cancellation: the central database changed either way).
   */
  record?: (tx: Database, outcome: WithdrawalOutcome) => Promise<void>;
}

/** What became of a withdrawal: `centralDatabase` says whether the central database was asked to cancel. */
export type WithdrawalOutcome = { centralDatabase: boolean } & (
  | { result: 'withdrawn' }
  /** The central database cancelled it, but the order had ended meanwhile (the engine applied its «Cancelled» first). */
  | { result: 'already-ended' }
  | { result: 'refused'; refusal: string }
  | { result: 'unavailable' }
);

/** The subscriber's own withdrawal (`DELETE /v1/order/portation/{id}`). */
export const BY_SUBSCRIBER: Withdrawal = {
  draft: { reason: 'Удалено по вашей просьбе.', description: 'Заявление удалено по вашей просьбе', tell: false },
  submitted: { reason: 'Отозвано по вашей просьбе.', description: EVENT_TEXT.cancelled() },
};

/**
 * Withdraws an order by the rules above, in `how`'s words; the caller has checked who may. Answers whether
 * this call ended it (false: it had already ended).
 */
export async function withdrawOrder(deps: PortingDeps, id: number, how: Withdrawal): Promise<boolean> {
  const now = deps.now();
  const decided = await deps.db.transaction(async (tx): Promise<Decision> => {
    const order = await repo.lockOrder(tx, id);
    if (!order || order.status === 'Deleted') return { kind: 'nothing' };
    if (order.status === 'Done') throw alreadyPorted();
    if (order.status === 'Initialized') {
      const change = await endAsDeleted(
        deps,
        tx,
        { order, portation: null },
        how.draft.reason,
        { kind: 'cancelled', description: how.draft.description },
        { now, tell: how.draft.tell },
      );
      await how.record?.(tx, { centralDatabase: false, result: 'withdrawn' });
      return { kind: 'ended', change };
    }
    const portation = (await repo.lockPortationOfOrder(tx, id)) ?? null;
    if (portation?.status === 'Done') throw alreadyPorted();
    if (portation?.windowStart) throw windowScheduled(portation.windowStart, portation.windowEnd);
    if (portation?.status === 'PendingBDPN' && (portation.filingStartedAt !== null || portation.processId !== null)) {
      return { kind: 'ask', portation };
    }
    // Never sent to the central database: withdrawn here, and the engine will not send it.
    return { kind: 'ended', change: await withdrawn(deps, tx, how, order, portation, now, false) };
  });
  if (decided.kind === 'nothing') return false;
  if (decided.kind === 'ended') {
    deps.publish(decided.change);
    return true;
  }
  const { gateway } = deps;
  if (!gateway) throw centralDatabaseUnavailable();
  const recordApart = async (outcome: WithdrawalOutcome) => {
    const { record } = how;
    if (record) await deps.db.transaction((tx) => record(tx, outcome));
  };
  let result: CancelResult;
  try {
    result = await withdrawAtCentralDatabase({ ...deps, gateway }, decided.portation);
  } catch (err) {
    if (err instanceof GatewayUnavailable) {
      // It may have arrived: the record says the central database was asked.
      await recordApart({ centralDatabase: true, result: 'unavailable' });
      throw centralDatabaseUnavailable();
    }
    throw err;
  }
  if (!result.cancelled) {
    await recordApart({ centralDatabase: true, result: 'refused', refusal: result.reason });
    throw validationProblem({ status: [`Отозвать заявление нельзя: ${result.reason}.`] });
  }
  const change = await deps.db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, id);
    const portation = (await repo.lockPortationOfOrder(tx, id)) ?? null;
    if (order?.status !== 'PendingBDPN') {
      // The engine applied the central database's «Cancelled» first; a Done here would mean the
      // central database ported a process it had said was cancelled.
      if (order?.status === 'Done' || portation?.status === 'Done') {
        throw new Error(`portation of order ${id} was ported after the central database confirmed its withdrawal`);
      }
      await how.record?.(tx, { centralDatabase: true, result: 'already-ended' });
      return null;
    }
    return withdrawn(deps, tx, how, order, portation, deps.now(), true);
  });
  if (change) deps.publish(change);
  return change !== null;
}

type Decision =
  | { kind: 'nothing' }
  | { kind: 'ended'; change: PortationChange }
  | { kind: 'ask'; portation: repo.PortationRow };

async function withdrawn(
  deps: PortingDeps,
  tx: Database,
  how: Withdrawal,
  order: repo.OrderRow,
  portation: repo.PortationRow | null,
  now: Date,
  centralDatabase: boolean,
): Promise<PortationChange> {
  const change = await endAsDeleted(
    deps,
    tx,
    { order, portation },
    how.submitted.reason,
    { kind: 'cancelled', description: how.submitted.description },
    { now, tell: true },
  );
  await how.record?.(tx, { centralDatabase, result: 'withdrawn' });
  return change;
}

function alreadyPorted(): HttpProblem {
  return validationProblem({ status: ['Номер уже перенесён: заявление выполнено, удалить его нельзя.'] });
}

function windowScheduled(windowStart: Date, windowEnd: Date | null): HttpProblem {
  return validationProblem({
    status: [
      `Окно переноса уже назначено (${windowText(windowStart, windowEnd ?? windowStart)}): отозвать заявление нельзя. Если вы передумали, после переноса можно перейти обратно — через ${daysText(MIN_DAYS_BETWEEN_PORTINGS)}.`,
    ],
  });
}

function centralDatabaseUnavailable(): HttpProblem {
  return unavailable(
    'БДПН временно недоступна',
    'Отозвать заявление сейчас не удалось: центральная база не отвечает. Попробуйте через несколько минут — заявление пока в силе.',
    { 'Retry-After': '120' },
  );
}

/**
 * Asks the central database to cancel a portation's process. When filing began but its answer was never
 * recorded (the engine is filing right now, or stopped mid-call), filing the same application again
 * answers the same process (the protocol's rule), so it is found and cancelled; a process that never
 * came to be needs no cancelling.
 */
export async function withdrawAtCentralDatabase(
  deps: PortingDeps & { gateway: PortingGateway },
  portation: repo.PortationRow,
): Promise<CancelResult> {
  let processId = portation.processId;
  if (processId === null) {
    if (portation.filingStartedAt === null) return { cancelled: true };
    try {
      processId = (await deps.gateway.submit(await buildApplication(deps, portation))).processId;
    } catch (err) {
      if (err instanceof ApplicationRefused) return { cancelled: true };
      throw err;
    }
  }
  try {
    return await deps.gateway.cancel(processId);
  } catch (err) {
    if (err instanceof UnknownProcess) return { cancelled: true };
    throw err;
  }
}

/**
 * The withdrawal job: a portation the site no longer pursues (withdrawn or ended while its filing was
 * under way, or ended by the engine after its retries) is cancelled at the central database, asked again
 * while it does not answer. The outcome goes on the timeline; a refusal is logged as an error too, since
 * the number may then be moved although the site ended the application.
 */
export async function withdrawJob(
  deps: PortingDeps & { gateway: PortingGateway },
  portationId: number,
  log: { error(obj: object, msg: string): void },
): Promise<void> {
  const portation = await repo.findPortation(deps.db, portationId);
  if (!portation) return;
  const result = await withdrawAtCentralDatabase(deps, portation);
  if (!result.cancelled) {
    log.error({ portationId, reason: result.reason }, 'the central database refused to cancel an ended portation');
  }
  await timelineNote(
    deps,
    portation,
    result.cancelled ? 'withdrawal-confirmed' : 'withdrawal-refused',
    result.cancelled ? EVENT_TEXT['withdrawal-confirmed']() : EVENT_TEXT['withdrawal-refused'](result.reason),
  );
}

/** The withdrawal job's retries are spent: said on the timeline and in the log. */
export async function withdrawalFailed(
  deps: PortingDeps,
  portationId: number,
  log: { error(obj: object, msg: string): void },
): Promise<void> {
  const portation = await repo.findPortation(deps.db, portationId);
  if (!portation) return;
  log.error({ portationId }, 'could not cancel a portation at the central database: retries spent');
  await timelineNote(deps, portation, 'withdrawal-failed', EVENT_TEXT['withdrawal-failed']());
}

async function timelineNote(deps: PortingDeps, p: repo.PortationRow, kind: EventKind, description: string) {
  await deps.db.transaction(async (tx) => {
    const locked = (await repo.lockPortationAndOrder(tx, p.id))?.portation;
    if (!locked) return;
    await repo.insertEvents(tx, { orderId: locked.orderId, portationId: locked.id }, [
      { kind, status: locked.status, description, occurredAt: deps.now() },
    ]);
  });
}
