import { moscowDay } from '../../lib/moscow';
import { unseal } from '../../lib/seal';
import { lockPortedWrites, upsertPorted } from '../lookup/repository';
import { EVENT_TEXT, type NewEvent } from './events';
import {
  ApplicationRefused,
  type PortingApplication,
  type PortingGateway,
  type ProcessMessage,
  UnknownProcess,
} from './gateway';
import { stageNotifications } from './messages';
import * as repo from './repository';
import { DRAFT_LIFETIME_DAYS } from './rules';
import { ADVANCE_QUEUE, contactEmail, type PortationChange, type PortingDeps } from './service';
import type { OrderStatus } from './tables';

/**
 * The porting engine: background jobs carry each submitted portation through the central
 * database's process. A job files the application, reads the process's new messages, writes each
 * as a status change and a timeline event in one transaction with the notifications and the next
 * job, and, when the number has moved, writes it into the ported-number registry.
 */

/** Poll at least this often while a process waits (its next message may come earlier than announced). */
const MAX_POLL_GAP_MS = 6 * 3600_000;

export type EngineDeps = PortingDeps & { gateway: PortingGateway };

/** The application of a portation: the order, the operators' tax numbers, the applicant's passport. */
async function buildApplication(deps: EngineDeps, p: repo.PortationRow): Promise<PortingApplication> {
  const applicant = await repo.findApplicant(deps.db, p.userId);
  const passportJson = applicant?.passportSealed ? unseal(deps.keys.seal, applicant.passportSealed) : null;
  const passport = passportJson ? (JSON.parse(passportJson) as { series: string; number: string }) : null;
  if (!applicant || !passport) throw new ApplicationRefused('нет паспортных данных заявителя');
  const ops = await repo.operatorsByIds(
    deps.db,
    [p.fromOperatorId, p.toOperatorId].filter((x): x is number => x !== null),
  );
  const ref = (id: number | null) => {
    const o = ops.find((x) => x.id === id);
    return { inn: o?.inn ?? '', name: o?.name ?? 'неизвестный оператор' };
  };
  const order = p.orderId !== null ? (await repo.findOrder(deps.db, p.orderId))?.order : undefined;
  const profile = applicant.profile;
  return {
    applicationId: `perenos-${p.id}`,
    msisdn: p.msisdn,
    regionCode: p.regionCode ?? 0,
    donor: ref(p.fromOperatorId),
    recipient: ref(p.toOperatorId),
    portationDate: order?.portationDate ?? moscowDay(p.portationAt ?? p.startedAt),
    subscriber: {
      lastName: profile?.lastName ?? applicant.name,
      firstName: profile?.firstName ?? '',
      middleName: profile?.middleName ?? '',
      birthDate: profile?.birthDate ?? null,
      passport,
    },
  };
}

interface Transition {
  events: NewEvent[];
  status: OrderStatus;
  reason?: string;
  windowStart?: Date;
  windowEnd?: Date;
  portedAt?: Date;
}

/** What one message of the process means for the portation. */
function transition(m: ProcessMessage, current: OrderStatus): Transition {
  const at = new Date(m.at);
  const event = (kind: NewEvent['kind'], status: OrderStatus, description: string): NewEvent => ({
    kind,
    status,
    description,
    occurredAt: at,
  });
  switch (m.type) {
    case 'Accepted':
      return { status: current, events: [event('accepted', current, EVENT_TEXT.accepted())] };
    case 'DonorCheck':
      return { status: current, events: [event('donor-check', current, EVENT_TEXT['donor-check']())] };
    case 'DonorAccepted':
      return { status: current, events: [event('donor-accepted', current, EVENT_TEXT['donor-accepted']())] };
    case 'Scheduled': {
      const start = new Date(m.windowStart ?? m.at);
      return {
        status: current,
        windowStart: start,
        windowEnd: new Date(m.windowEnd ?? start.getTime() + 6 * 3600_000),
        events: [event('scheduled', current, EVENT_TEXT.scheduled(start))],
      };
    }
    case 'Started':
      return { status: current, events: [event('started', current, EVENT_TEXT.started())] };
    case 'Ported':
      return { status: 'Done', portedAt: at, events: [event('ported', 'Done', EVENT_TEXT.ported())] };
    case 'Rejected': {
      const reason = EVENT_TEXT.rejected(m.reason ?? 'причина не указана');
      return { status: 'Deleted', reason, events: [event('rejected', 'Deleted', reason)] };
    }
    case 'DonorRejected': {
      const reason = EVENT_TEXT['donor-rejected'](m.reason ?? 'причина не указана');
      return { status: 'Deleted', reason, events: [event('donor-rejected', 'Deleted', reason)] };
    }
    default:
      return current === 'Deleted'
        ? { status: 'Deleted', events: [] }
        : {
            status: 'Deleted',
            reason: 'Отозвано по вашей просьбе.',
            events: [event('cancelled', 'Deleted', EVENT_TEXT.cancelled())],
          };
  }
}

/**
 * One step of a portation: files it if the central database does not have it yet, applies the
 * messages that came since the last step, and asks for the next step when the next message is due.
 * Safe to run twice: messages already applied are skipped under the portation's row lock.
 */
export async function advancePortation(deps: EngineDeps, portationId: number): Promise<void> {
  const p = await repo.findPortation(deps.db, portationId);
  if (p?.status !== 'PendingBDPN') return;
  let processId = p.processId;
  if (processId === null) {
    let filed: { processId: string; receivedAt: string };
    try {
      filed = await deps.gateway.submit(await buildApplication(deps, p));
    } catch (err) {
      if (err instanceof ApplicationRefused) {
        await finish(deps, portationId, 'failed', `Заявление не принято: ${err.message}`);
        return;
      }
      throw err;
    }
    processId = filed.processId;
    // The central database's own time of arrival: its later messages are timed from it.
    const receivedAt = new Date(filed.receivedAt);
    const stillWanted = await deps.db.transaction(async (tx) => {
      const locked = await repo.lockPortation(tx, portationId);
      if (locked?.status !== 'PendingBDPN') return false;
      if (locked.processId === null) {
        await repo.updatePortation(tx, portationId, { processId: filed.processId }, receivedAt);
        await repo.insertEvents(tx, { orderId: locked.orderId, portationId }, [
          { kind: 'registered', status: 'PendingBDPN', description: EVENT_TEXT.registered(), occurredAt: receivedAt },
        ]);
      }
      return true;
    });
    // Withdrawn while it was being filed: withdraw it at the central database too.
    if (!stillWanted) {
      await deps.gateway.cancel(filed.processId).catch(() => undefined);
      return;
    }
  }
  let view: Awaited<ReturnType<PortingGateway['poll']>>;
  try {
    view = await deps.gateway.poll(processId, p.processSeq);
  } catch (err) {
    if (err instanceof UnknownProcess) {
      await finish(deps, portationId, 'failed', EVENT_TEXT.failed());
      return;
    }
    throw err;
  }
  await applyMessages(deps, portationId, view);
}

/** Applies new messages in one transaction, with the registry write, the notifications and the next step. */
async function applyMessages(
  deps: EngineDeps,
  portationId: number,
  view: Awaited<ReturnType<PortingGateway['poll']>>,
): Promise<void> {
  const change = await deps.db.transaction(async (tx) => {
    const p = await repo.lockPortation(tx, portationId);
    if (p?.status !== 'PendingBDPN') return null;
    const now = deps.now();
    const fresh = view.messages.filter((m) => m.seq > p.processSeq).sort((a, b) => a.seq - b.seq);
    let status: OrderStatus = p.status;
    const events: NewEvent[] = [];
    const patch: Partial<repo.PortationRow> = {};
    let reason: string | undefined;
    let portedAt: Date | undefined;
    for (const m of fresh) {
      const t = transition(m, status);
      status = t.status;
      events.push(...t.events);
      if (t.reason) reason = t.reason;
      if (t.windowStart) {
        patch.windowStart = t.windowStart;
        patch.windowEnd = t.windowEnd ?? null;
        patch.portationAt = t.windowStart;
      }
      if (t.portedAt) portedAt = t.portedAt;
      if (status !== 'PendingBDPN') break;
    }
    const lastSeq = fresh.at(-1)?.seq ?? p.processSeq;
    if (portedAt) {
      patch.completedAt = portedAt;
      patch.portationAt = portedAt;
      await writeRegistry(deps, tx, p, portedAt);
    }
    await repo.updatePortation(
      tx,
      portationId,
      { ...patch, status, processSeq: lastSeq, ...(reason ? { reason } : {}) },
      events.at(-1)?.occurredAt ?? now,
    );
    if (p.orderId !== null && events.length > 0) {
      const changed = status !== 'PendingBDPN' ? { status, ...(reason ? { reason } : {}) } : {};
      await repo.updateOrder(tx, p.orderId, changed, events.at(-1)?.occurredAt ?? now);
    }
    await repo.insertEvents(tx, { orderId: p.orderId, portationId }, events);
    if (status === 'PendingBDPN') {
      const next = Math.min(
        view.nextPollAt ? Date.parse(view.nextPollAt) : now.getTime() + MAX_POLL_GAP_MS,
        now.getTime() + MAX_POLL_GAP_MS,
      );
      await deps.jobs.send(
        ADVANCE_QUEUE,
        { portationId },
        { startAfter: new Date(Math.max(next, now.getTime())), singletonKey: `portation:${portationId}` },
        tx,
      );
    }
    if (events.length > 0) await notifyStage(deps, tx, p, events);
    return events.length > 0
      ? ({ userId: p.userId, orderId: p.orderId ?? 0, portationId, msisdn: p.msisdn, status } satisfies PortationChange)
      : null;
  });
  if (change) deps.publish(change);
}

/** The number is served by the recipient now: every node's lookup answers it within a poll. */
async function writeRegistry(
  deps: EngineDeps,
  tx: Parameters<typeof repo.insertEvents>[0],
  p: repo.PortationRow,
  at: Date,
) {
  const facts = await deps.lookup(p.msisdn);
  // Back with the range holder, the number is no longer «ported», but keeps its porting date.
  const operatorId = p.toOperatorId !== null && p.toOperatorId === facts?.rangeOperatorId ? null : p.toOperatorId;
  await lockPortedWrites(tx);
  await upsertPorted(tx, [
    {
      msisdn: Number(p.msisdn),
      operatorId,
      regionCode: p.regionCode,
      portedOn: moscowDay(at),
      mnc: null,
      route: null,
    },
  ]);
}

async function notifyStage(
  deps: EngineDeps,
  tx: Parameters<typeof repo.insertEvents>[0],
  p: repo.PortationRow,
  events: NewEvent[],
) {
  const order = p.orderId !== null ? (await repo.findOrder(tx, p.orderId))?.order : undefined;
  const applicant = await repo.findApplicant(tx, p.userId);
  await deps.notify(
    tx,
    stageNotifications(
      {
        userId: p.userId,
        orderId: p.orderId ?? 0,
        msisdn: p.msisdn,
        email: contactEmail({ email: order?.email ?? null }, applicant?.profile ?? null),
        link: deps.siteOrigin ? `${deps.siteOrigin}/account/${p.msisdn}/portation/${p.id}` : null,
      },
      events,
    ),
  );
}

/** Ends a portation the engine cannot carry on (retries spent, the application refused as malformed). */
export async function finish(
  deps: PortingDeps,
  portationId: number,
  kind: 'failed',
  description: string,
): Promise<void> {
  const change = await deps.db.transaction(async (tx) => {
    const p = await repo.lockPortation(tx, portationId);
    if (p?.status !== 'PendingBDPN') return null;
    const now = deps.now();
    const reason = `${description}.`;
    await repo.updatePortation(tx, portationId, { status: 'Deleted', reason }, now);
    if (p.orderId !== null) await repo.updateOrder(tx, p.orderId, { status: 'Deleted', reason }, now);
    const events: NewEvent[] = [{ kind, status: 'Deleted', description, occurredAt: now }];
    await repo.insertEvents(tx, { orderId: p.orderId, portationId }, events);
    await notifyStage(deps as EngineDeps, tx, p, events);
    return { userId: p.userId, orderId: p.orderId ?? 0, portationId, msisdn: p.msisdn, status: 'Deleted' as const };
  });
  if (change) deps.publish(change);
}

/** Removes drafts nobody submitted within 7 days; returns how many. */
export async function expireDrafts(deps: PortingDeps): Promise<number> {
  const now = deps.now();
  const ids = await repo.staleDrafts(deps.db, new Date(now.getTime() - DRAFT_LIFETIME_DAYS * 24 * 3600_000), 500);
  let expired = 0;
  for (const id of ids) {
    const change = await deps.db.transaction(async (tx) => {
      const o = await repo.lockOrder(tx, id);
      if (o?.status !== 'Initialized') return null;
      const reason = 'Заявление не было отправлено за 7 дней.';
      await repo.updateOrder(tx, id, { status: 'Deleted', reason }, now);
      const events: NewEvent[] = [
        { kind: 'expired', status: 'Deleted', description: EVENT_TEXT.expired(), occurredAt: now },
      ];
      await repo.insertEvents(tx, { orderId: id, portationId: null }, events);
      if (o.userId !== null) {
        const applicant = await repo.findApplicant(tx, o.userId);
        await deps.notify(
          tx,
          stageNotifications(
            {
              userId: o.userId,
              orderId: id,
              msisdn: o.msisdn,
              email: contactEmail(o, applicant?.profile ?? null),
              link: null,
            },
            events,
          ),
        );
      }
      return { userId: o.userId, orderId: id, portationId: null, msisdn: o.msisdn, status: 'Deleted' as const };
    });
    if (change) {
      expired++;
      deps.publish(change);
    }
  }
  return expired;
}
