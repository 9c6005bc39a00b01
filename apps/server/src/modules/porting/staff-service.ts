import { normaliseMsisdn } from '@perenos/phone';
import type { DeliveryState, DeskStage } from '@perenos/porting-rules/back-office';
import { stuckReason } from '@perenos/porting-rules/states';
import { conflict, notFound, validationProblem } from '../../lib/problem';
import { notificationsOfOrder, SECRET_MASK } from '../notifications';
import { audit, type StaffActor } from '../staff';
import type { PortingDeps } from './deps';
import { type DeskList, type DeskListRow, deskListPage } from './desk-queue';
import * as repo from './repository';
import { withdrawOrder } from './withdrawal';

/** A stored secret's message as support sees it: every digit run of code length masked, whatever the text. */
function maskDigits(body: string): string {
  return body.replace(/\d{6}/g, SECRET_MASK);
}

/** An address or number shown to support without the personal-data view: enough to recognise, not to use. */
export function maskRecipient(recipient: string): string {
  const at = recipient.indexOf('@');
  if (at > 0) return `${recipient.slice(0, 1)}***${recipient.slice(at)}`;
  return recipient.length > 4 ? `${recipient.slice(0, 4)}*****${recipient.slice(-2)}` : '***';
}

/**
 * Orders by their number (id) or by the phone number they move; 400 when the text is neither. The search is
 * audited in the transaction that reads its answer (who looked up which number, and what they saw).
 */
export async function findForDesk(deps: PortingDeps, actor: StaffActor, query: string) {
  const text = query.trim().replace(/^№\s*/, '');
  const msisdn = normaliseMsisdn(text);
  const by = msisdn
    ? { where: { msisdn }, limit: 50, target: `msisdn:${msisdn}` }
    : /^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2_147_483_647
      ? { where: { id: Number(text) }, limit: 1, target: `order:${text}` }
      : null;
  if (!by) throw validationProblem({ q: ['Введите номер заявления (например 4711) или номер телефона.'] });
  return deps.db.transaction(async (tx) => {
    const found = await repo.findOrdersForDesk(tx, by.where, by.limit);
    await audit(tx, actor, 'porting.search', by.target, { found: found.map((o) => o.id) });
    return found;
  });
}

/** Where an application stands, in the desk's words (the back office's table, DESK_STAGE_NAMES). */
function stageOf(row: DeskListRow): DeskStage {
  if (row.status === 'Initialized') return 'draft';
  if (row.heldUntil) return 'held';
  if (row.windowEnd) return 'scheduled';
  return row.processId ? 'checking' : 'filing';
}

/**
 * A page of the desk's list of applications under way or stuck (past what the process allows, by the
 * rules' `stuckReason`), the longest waiting first; the numbers it shows are read in the transaction
 * that audits which applications were shown.
 */
export async function deskList(deps: PortingDeps, actor: StaffActor, list: DeskList, skip: number, take: number) {
  const now = deps.now();
  const page = await deps.db.transaction(async (tx) => {
    const page = await deskListPage(tx, list, now, skip, take);
    await audit(tx, actor, 'porting.list', '', { list, shown: page.rows.map((r) => r.id) });
    return page;
  });
  return {
    data: page.rows.map((r) => ({
      id: r.id,
      msisdn: r.msisdn,
      status: r.status,
      stage: stageOf(r),
      stuck: stuckReason(r, now),
      createdAt: r.createdAt.toISOString(),
      submittedAt: r.submittedAt?.toISOString() ?? null,
      lastUpdateAt: r.lastUpdateAt.toISOString(),
      portationDate: r.portationDate,
      windowStart: r.windowStart?.toISOString() ?? null,
      heldUntil: r.heldUntil?.toISOString() ?? null,
      disputedAt: r.disputedAt?.toISOString() ?? null,
    })),
    offset: skip,
    pageSize: take,
    totalRows: page.totalRows,
  };
}

/**
 * What support sees of an order: its state, timeline, the central database's messages, what was sent (a
 * code only masked: it is stored so). The order and its messages are read in the transaction that audits
 * the view.
 */
export async function deskOrder(deps: PortingDeps, actor: StaffActor, id: number) {
  const { view, events, portation, sent } = await deps.db.transaction(async (tx) => {
    const view = await repo.findOrder(tx, id);
    if (!view) throw notFound();
    const events = await repo.orderEvents(tx, id);
    const portation = await repo.portationForDesk(tx, id);
    const sent = await notificationsOfOrder(tx, id);
    await audit(tx, actor, 'porting.order.view', `order:${id}`, { notifications: sent.length });
    return { view, events, portation, sent };
  });
  let gateway:
    | { messages: { seq: number; type: string; at: string; reason: string | null }[] }
    | { error: string }
    | null = null;
  if (portation?.processId) {
    if (!deps.gateway) gateway = { error: 'Шлюз БДПН не настроен.' };
    else {
      try {
        const process = await deps.gateway.poll(portation.processId, 0);
        gateway = {
          messages: process.messages.map((m) => ({ seq: m.seq, type: m.type, at: m.at, reason: m.reason ?? null })),
        };
      } catch (err) {
        gateway = { error: `БДПН не ответила: ${err instanceof Error ? err.message : String(err)}` };
      }
    }
  }
  const o = view.order;
  return {
    id: o.id,
    msisdn: o.msisdn,
    status: o.status,
    reason: o.reason,
    disputedAt: o.disputedAt?.toISOString() ?? null,
    regionName: view.regionName,
    fromOperator: view.fromOperator?.name ?? null,
    toOperator: view.toOperator?.name ?? null,
    tariffName: o.tariffName,
    portationDate: o.portationDate,
    createdAt: o.createdAt.toISOString(),
    submittedAt: o.submittedAt?.toISOString() ?? null,
    lastUpdateAt: o.lastUpdateAt.toISOString(),
    portation: portation
      ? {
          id: portation.id,
          status: portation.status,
          processId: portation.processId,
          windowStart: portation.windowStart?.toISOString() ?? null,
          completedAt: portation.completedAt?.toISOString() ?? null,
        }
      : null,
    timeline: events.map((e) => ({ ...e, occurredAt: e.occurredAt.toISOString() })),
    gateway,
    notifications: sent.map((n) => ({
      id: n.id,
      channel: n.channel,
      recipient: maskRecipient(n.recipient),
      subject: n.subject,
      body: n.carriesSecret ? maskDigits(n.body) : n.body,
      // The notifications module writes only these (notifications/repository.ts, markNotification).
      status: n.status as DeliveryState,
      attempts: n.attempts,
      error: n.error,
      createdAt: n.createdAt.toISOString(),
      sentAt: n.sentAt?.toISOString() ?? null,
    })),
  };
}

/** The applicant's personal data on an order: each view is audited (who looked, at which order). */
export async function deskPersonalData(deps: PortingDeps, actor: StaffActor, id: number) {
  const { view, applicant, sent } = await deps.db.transaction(async (tx) => {
    const view = await repo.findOrder(tx, id);
    if (!view) throw notFound();
    const applicant = view.order.userId === null ? undefined : await repo.findApplicant(tx, view.order.userId);
    const sent = await notificationsOfOrder(tx, id);
    await audit(tx, actor, 'porting.personal-data.view', `order:${id}`, { applicant: applicant?.id ?? null });
    return { view, applicant, sent };
  });
  const profile = applicant?.profile ?? null;
  return {
    name: applicant?.name ?? null,
    birthDate: profile?.birthDate ?? null,
    passportMasked: profile?.passportMasked ?? null,
    mobiles: profile?.mobiles ?? [],
    email: profile?.email ?? null,
    orderEmail: view.order.email,
    recipients: [...new Set(sent.map((n) => n.recipient))],
  };
}

/** Sends the order's last notification again (a copy, with its own delivery), audited in the same transaction. */
export async function resendLast(deps: PortingDeps, actor: StaffActor, id: number) {
  const view = await repo.findOrder(deps.db, id);
  if (!view) throw notFound();
  const last = (await notificationsOfOrder(deps.db, id)).at(-1);
  if (!last) {
    throw conflict('Уведомлений не было', 'По этому заявлению сайт ещё ничего не отправлял.');
  }
  if (last.carriesSecret) {
    // The code is kept only as its HMAC: a copy could carry only the mask.
    throw conflict(
      'Код подтверждения повторно не отправляется',
      'Сайт хранит код только в виде хеша. Абонент может запросить новый код на сайте.',
    );
  }
  await deps.db.transaction(async (tx) => {
    await deps.notify(tx, [
      {
        userId: last.userId,
        orderId: last.orderId,
        channel: last.channel,
        recipient: last.recipient,
        subject: last.subject,
        body: last.body,
      },
    ]);
    await audit(tx, actor, 'porting.notification.resend', `order:${id}`, {
      notificationId: last.id,
      channel: last.channel,
    });
  });
  return deskOrder(deps, actor, id);
}

/**
 * Cancels a stuck order through the porting module's own withdrawal (the same rules and row locks as the
 * subscriber's, and the central database is asked to cancel a filed application), with support's reason
 * on the timeline and in the SMS and e-mail the subscriber gets; audited in the transaction that ends it,
 * or, once the central database was asked, with whatever came of it (it changed there either way).
 */
export async function cancelByStaff(deps: PortingDeps, actor: StaffActor, id: number, reason: string) {
  const view = await repo.findOrder(deps.db, id);
  if (!view) throw notFound();
  const words = `Заявление отменено службой поддержки: ${reason}`;
  const ended = await withdrawOrder(deps, id, {
    draft: { reason: `${words}.`, description: words, tell: true },
    submitted: { reason: `${words}.`, description: words },
    record: (tx, outcome) =>
      audit(tx, actor, 'porting.cancel', `order:${id}`, { reason, from: view.order.status, ...outcome }),
  });
  if (!ended) {
    throw conflict('Заявление уже завершено', 'Его отменили раньше или перенос закончился.');
  }
  return deskOrder(deps, actor, id);
}
