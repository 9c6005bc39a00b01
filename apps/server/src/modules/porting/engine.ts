import { DRAFT_NOT_SENT } from '@perenos/porting-rules/states';
import type { Database } from '../../db/client';
import { moscowDay } from '../../lib/moscow';
import { unseal } from '../../lib/seal';
import { flushPortedWrites, queuePortedWrites } from '../lookup';
import { supersedeOrderNotifications } from '../notifications';
import type { PortationChange, PortingDeps } from './deps';
import { endAsDeleted } from './ending';
import { EVENT_TEXT, type NewEvent } from './events';
import {
  ApplicationRefused,
  type PortingApplication,
  type PortingGateway,
  type ProcessMessage,
  UnknownProcess,
} from './gateway';
import { contactEmail, portationLink, stageNotifications } from './messages';
import { ADVANCE_QUEUE, WITHDRAW_QUEUE } from './queues';
import * as repo from './repository';
import { DRAFT_LIFETIME_DAYS } from './rules';
import { signedFiles } from './signature/service';
import type { DebtNumber, OrderStatus } from './tables';

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
export async function buildApplication(
  deps: PortingDeps,
  p: repo.PortationRow,
  /** Its parts, when the caller read them already (a batch reads them for all its filings at once). */
  known?: ApplicationParts,
): Promise<PortingApplication> {
  const parts = known ?? (await repo.applicationParts(deps.db, p));
  const applicant = parts?.applicant;
  const passportJson = applicant?.passportSealed ? unseal(deps.keys.seal, applicant.passportSealed) : null;
  const passport = passportJson ? (JSON.parse(passportJson) as { series: string; number: string }) : null;
  if (!applicant || !passport) throw new ApplicationRefused('нет паспортных данных заявителя');
  const ref = (o: { name: string; inn: string | null } | null | undefined) => ({
    inn: o?.inn ?? '',
    name: o?.name ?? 'неизвестный оператор',
  });
  const order = parts.order ?? undefined;
  const profile = applicant.profile;
  const address = order?.simAddressSealed ? unseal(deps.keys.seal, order.simAddressSealed) : null;
  const sim = order?.simKind
    ? {
        kind: order.simKind,
        ...(order.simOfficeId ? { officeId: order.simOfficeId } : {}),
        ...(address ? { address } : {}),
      }
    : undefined;
  // A signed application travels with its signature: the central database and the donor can check it.
  const signed = order ? await signedFiles(deps, order) : null;
  return {
    ...(sim ? { sim } : {}),
    ...(order?.contractVersion ? { contractVersion: order.contractVersion } : {}),
    ...(signed
      ? {
          signedApplication: {
            pdf: signed.document.toString('base64'),
            signature: signed.signature.toString('base64'),
            pdfHash: signed.documentHash,
          },
        }
      : {}),
    applicationId: `perenos-${p.id}`,
    msisdn: p.msisdn,
    regionCode: p.regionCode ?? 0,
    donor: ref(parts.donor),
    recipient: ref(parts.recipient),
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

type Applicant = NonNullable<Awaited<ReturnType<typeof repo.findApplicant>>>;

export type ApplicationParts = Awaited<ReturnType<typeof repo.applicationParts>>;

/** The notice's numbers with their parts; the whole amount on the applied number when the notice gives no parts. */
function debtNumbersOf(m: ProcessMessage): DebtNumber[] {
  if (m.debts && m.debts.length > 0) {
    return m.debts.map((d) => ({ msisdn: d.msisdn, amount: Math.round(d.amount), paidAt: null }));
  }
  const numbers = m.debtMsisdns ?? [];
  return numbers.length === 1 ? [{ msisdn: numbers[0] ?? '', amount: Math.round(m.amount ?? 0), paidAt: null }] : [];
}

interface Transition {
  events: NewEvent[];
  status: OrderStatus;
  reason?: string;
  /** What the message changes on the portation besides its status. */
  patch?: Partial<repo.PortationRow>;
  portedAt?: Date;
}

/** What one message of the process means for the portation. */
function transition(m: ProcessMessage, current: OrderStatus, debts: DebtNumber[] | null): Transition {
  const at = new Date(m.at);
  const event = (kind: NewEvent['kind'], status: OrderStatus, description: string): NewEvent => ({
    kind,
    status,
    description,
    occurredAt: at,
  });
  const note = (kind: NewEvent['kind'], description: string, patch?: Partial<repo.PortationRow>): Transition => ({
    status: current,
    events: [event(kind, current, description)],
    ...(patch ? { patch } : {}),
  });
  const window = (start: Date) => ({
    windowStart: start,
    windowEnd: new Date(m.windowEnd ?? start.getTime() + 6 * 3600_000),
    portationAt: start,
  });
  switch (m.type) {
    case 'Accepted':
      return note('accepted', EVENT_TEXT.accepted());
    case 'DonorCheck':
      return note('donor-check', EVENT_TEXT['donor-check']());
    case 'DonorAccepted':
      return note('donor-accepted', EVENT_TEXT['donor-accepted']());
    case 'ContractSigned':
      return note('contract-signed', EVENT_TEXT['contract-signed'](m.contractVersion ?? '—'));
    case 'SimIssued':
      return note('sim-issued', EVENT_TEXT['sim-issued'](m.simKind ?? 'office', m.temporaryMsisdn ?? null), {
        simIssuedAt: at,
        temporaryMsisdn: m.temporaryMsisdn ?? null,
        esimActivationCode: m.activationCode ?? null,
      });
    case 'DebtNotice': {
      const payBy = new Date(m.payBy ?? m.at);
      const numbers = debtNumbersOf(m);
      return note('debt-notice', EVENT_TEXT['debt-notice'](m.amount ?? 0, payBy, numbers), {
        debtAmount: Math.round(m.amount ?? 0),
        debtPayBy: payBy,
        debtNumbers: numbers,
      });
    }
    case 'DebtPaid': {
      // A payment of some of the numbers: marked on them; the porting goes on once all are paid.
      const paid = new Set(m.debtMsisdns ?? debts?.map((d) => d.msisdn) ?? []);
      const numbers =
        debts?.map((d) => (paid.has(d.msisdn) && !d.paidAt ? { ...d, paidAt: at.toISOString() } : d)) ?? null;
      if (numbers?.some((d) => !d.paidAt) && m.debtMsisdns) {
        return { status: current, events: [], patch: { debtNumbers: numbers } };
      }
      return note('debt-paid', EVENT_TEXT['debt-paid'](), {
        debtPaidAt: at,
        ...(numbers ? { debtNumbers: numbers.map((d) => (d.paidAt ? d : { ...d, paidAt: at.toISOString() })) } : {}),
      });
    }
    case 'Scheduled': {
      const w = window(new Date(m.windowStart ?? m.at));
      return note('scheduled', EVENT_TEXT.scheduled(w.windowStart, w.windowEnd), w);
    }
    case 'Rescheduled': {
      const w = window(new Date(m.windowStart ?? m.at));
      return note(
        'rescheduled',
        EVENT_TEXT.rescheduled(w.windowStart, w.windowEnd, m.reason ?? 'причина не указана'),
        w,
      );
    }
    case 'Started':
      return note('started', EVENT_TEXT.started());
    case 'Ported':
      return { status: 'Done', portedAt: at, events: [event('ported', 'Done', EVENT_TEXT.ported())] };
    case 'Rejected': {
      const reason = EVENT_TEXT.rejected(m.reason ?? 'причина не указана');
      return { status: 'Deleted', reason, events: [event('rejected', 'Deleted', reason)] };
    }
    case 'DonorRejected': {
      const reason = EVENT_TEXT['donor-rejected'](m.reason ?? 'причина не указана', m.reasonCode);
      return { status: 'Deleted', reason, events: [event('donor-rejected', 'Deleted', reason)] };
    }
    case 'Cancelled':
      return current === 'Deleted'
        ? { status: 'Deleted', events: [] }
        : {
            status: 'Deleted',
            reason: 'Отозвано по вашей просьбе.',
            events: [event('cancelled', 'Deleted', EVENT_TEXT.cancelled())],
          };
  }
}

/** The central database's answer to a filing made by this step. */
export interface Filing {
  processId: string;
  /** The central database's own time of arrival: its later messages are timed from it. */
  receivedAt: Date;
}

/** What the central database answered a step: the filing it made, if any, and the process's messages. */
export interface StepAnswer {
  filing: Filing | null;
  view: ProcessView;
}

type ProcessView = Awaited<ReturnType<PortingGateway['poll']>>;

/**
 * One step of a portation: files it if the central database does not have it yet, applies the
 * messages that came since the last step, and asks for the next step when the next message is due.
 * Safe to run twice: messages already applied are skipped under the portation's row lock.
 */
export async function advancePortation(deps: EngineDeps, portationId: number): Promise<void> {
  const p = await repo.findPortation(deps.db, portationId);
  if (p?.status !== 'PendingBDPN') return;
  // Marked under the row lock first: a withdrawal that finds no mark knows nothing was sent, and
  // one made before the mark stops the filing here.
  if (p.processId === null && !(await repo.startFiling(deps.db, portationId, deps.now()))) return;
  const answer = await askCentral(deps, p);
  if (answer) await applyMessages(deps, portationId, answer.view, answer.filing);
}

/**
 * Files a portation whose filing was marked (processId still null) and polls its process. Null when
 * the step ended here: the application refused, the process unknown (the portation is finished), or
 * the filing recorded alone because the poll failed.
 */
export async function askCentral(
  deps: EngineDeps,
  p: repo.PortationRow,
  parts?: ApplicationParts,
): Promise<StepAnswer | null> {
  let filing: Filing | null = null;
  if (p.processId === null) {
    try {
      const filed = await deps.gateway.submit(await buildApplication(deps, p, parts));
      filing = { processId: filed.processId, receivedAt: new Date(filed.receivedAt) };
    } catch (err) {
      if (err instanceof ApplicationRefused) {
        await finish(deps, p.id, 'failed', `Заявление не принято: ${err.message}`);
        return null;
      }
      throw err;
    }
  }
  try {
    return { filing, view: await deps.gateway.poll(filing?.processId ?? p.processId ?? '', p.processSeq) };
  } catch (err) {
    // The filing is recorded even so: a withdrawal meanwhile knows which process to cancel.
    if (filing) await applyMessages(deps, p.id, null, filing);
    if (err instanceof UnknownProcess) {
      await finish(deps, p.id, 'failed', EVENT_TEXT.failed());
      return null;
    }
    throw err;
  }
}

/** What a step writes for a portation that is still PendingBDPN under its lock (planStep). */
export interface StepPlan {
  status: OrderStatus;
  /** The portation's new columns, its status, process sequence and reason among them. */
  patch: Partial<repo.PortationRow>;
  /** The portation's and the order's last update. */
  lastAt: Date;
  /** The order's change when the step has events: its status and reason once the portation ended. */
  orderChange: { status?: OrderStatus; reason?: string } | null;
  /** The timeline events to insert: the filing's, then the messages'. */
  events: NewEvent[];
  /** The events the applicant is told of (the end alone once it ended). */
  told: NewEvent[];
  ended: boolean;
  /** When the next step is due, while the portation waits. */
  next: Date | null;
  portedAt?: Date;
}

/** What the messages of a view (and a filing of this step) make of a pending portation, in memory. */
export function planStep(p: repo.PortationRow, view: ProcessView, filing: Filing | null, now: Date): StepPlan {
  // The filing, unless a run of this step before it recorded one already.
  const registered: NewEvent[] =
    filing && p.processId === null
      ? [
          {
            kind: 'registered',
            status: 'PendingBDPN',
            description: EVENT_TEXT.registered(),
            occurredAt: filing.receivedAt,
          },
        ]
      : [];
  const fresh = view.messages.filter((m) => m.seq > p.processSeq).sort((a, b) => a.seq - b.seq);
  let status: OrderStatus = p.status;
  const events: NewEvent[] = [];
  const patch: Partial<repo.PortationRow> = registered.length > 0 ? { processId: filing?.processId ?? null } : {};
  let reason: string | undefined;
  let portedAt: Date | undefined;
  for (const m of fresh) {
    const t = transition(m, status, patch.debtNumbers ?? p.debtNumbers);
    status = t.status;
    events.push(...t.events);
    if (t.reason) reason = t.reason;
    Object.assign(patch, t.patch);
    if (t.portedAt) portedAt = t.portedAt;
    if (status !== 'PendingBDPN') break;
  }
  const lastSeq = fresh.at(-1)?.seq ?? p.processSeq;
  if (portedAt) {
    // The porting's day is the moment the number moved, as the registry records it: the order, the
    // account and «Последний перенос» say one day (at the demo's time scale the move comes days before
    // the night the process named; decision 137).
    patch.completedAt = portedAt;
    patch.portationAt = portedAt;
  }
  const ended = status !== 'PendingBDPN';
  let next: Date | null = null;
  if (!ended) {
    const latest = now.getTime() + MAX_POLL_GAP_MS;
    const due = Math.min(view.nextPollAt ? Date.parse(view.nextPollAt) : latest, latest);
    next = new Date(Math.max(due, now.getTime()));
  }
  return {
    status,
    patch: { ...patch, status, processSeq: lastSeq, ...(reason ? { reason } : {}) },
    lastAt: events.at(-1)?.occurredAt ?? registered.at(-1)?.occurredAt ?? now,
    orderChange: events.length > 0 ? (ended ? { status, ...(reason ? { reason } : {}) } : {}) : null,
    events: [...registered, ...events],
    // Ended (ported, refused, cancelled): the steps' messages not sent yet, and the steps of this batch
    // before the end, would arrive after it; only the end is told.
    told: ended && p.orderId !== null ? events.slice(-1) : events,
    ended,
    next,
    ...(portedAt ? { portedAt } : {}),
  };
}

/**
 * Applies new messages in one transaction, with the filing this step made (its process and the
 * «registered» event), the registry write, the notifications and the next step. Without a view it
 * records the filing alone.
 */
export async function applyMessages(
  deps: EngineDeps,
  portationId: number,
  view: ProcessView | null,
  filing: Filing | null,
): Promise<void> {
  const change = await deps.db.transaction(async (tx) => {
    const locked = await repo.lockPortationAndOrder(tx, portationId);
    if (!locked) return null;
    const { portation: p, order } = locked;
    if (p.status !== 'PendingBDPN') {
      // Ended while it was being filed: the process just made is cancelled by a retried job.
      if (filing) await recordLateFiling(deps, tx, p, filing);
      return null;
    }
    const now = deps.now();
    if (!view) {
      if (!filing || p.processId !== null) return null;
      await repo.updatePortation(tx, portationId, { processId: filing.processId }, filing.receivedAt);
      await repo.insertEvents(tx, { orderId: p.orderId, portationId }, [
        {
          kind: 'registered',
          status: 'PendingBDPN',
          description: EVENT_TEXT.registered(),
          occurredAt: filing.receivedAt,
        },
      ]);
      return null;
    }
    const plan = planStep(p, view, filing, now);
    await repo.updatePortation(tx, portationId, plan.patch, plan.lastAt);
    if (p.orderId !== null && plan.orderChange) await repo.updateOrder(tx, p.orderId, plan.orderChange, plan.lastAt);
    await repo.insertEvents(tx, { orderId: p.orderId, portationId }, plan.events);
    if (plan.next) await sendNextStep(deps, tx, [{ portationId, at: plan.next }]);
    if (plan.told.length > 0 && plan.ended && p.orderId !== null) await supersedeOrderNotifications(tx, p.orderId);
    if (plan.told.length > 0) await notifyStage(deps, tx, p, order, plan.told);
    if (plan.portedAt) await writeRegistry(deps, tx, [{ p, at: plan.portedAt }]);
    return changeOf(p, plan);
  });
  if (!change) return;
  // The registry's own writes are one at a time across the site: the completions of this while share
  // one (decision 146).
  if (change.ported) await flushPortedWrites(deps.db);
  deps.publish(change.change);
}

/** What a step's commit tells the nodes, if it changed what a person sees. */
export function changeOf(p: repo.PortationRow, plan: StepPlan) {
  return plan.orderChange
    ? {
        change: {
          userId: p.userId,
          orderId: p.orderId ?? 0,
          portationId: p.id,
          msisdn: p.msisdn,
          status: plan.status,
        } satisfies PortationChange,
        ported: plan.portedAt !== undefined,
      }
    : null;
}

/** A filing answered after its portation ended: its process is recorded and withdrawn by a retried job. */
export async function recordLateFiling(deps: EngineDeps, tx: Database, p: repo.PortationRow, filing: Filing) {
  await repo.updatePortation(tx, p.id, { processId: filing.processId }, p.lastUpdatedAt);
  await queueWithdrawal(deps, tx, p.id);
}

/** Queues the next steps of portations still waiting, in the caller's transaction. */
export async function sendNextStep(deps: EngineDeps, tx: Database, steps: { portationId: number; at: Date }[]) {
  await deps.jobs.sendMany(
    ADVANCE_QUEUE,
    steps.map((s) => ({
      data: { portationId: s.portationId },
      options: { startAfter: s.at, singletonKey: `portation:${s.portationId}` },
    })),
    tx,
  );
}

/**
 * The numbers are served by their recipients now: queued for the registry in the step's transaction,
 * and written there by the flush after its commit; every node's lookup answers them within a poll.
 */
export async function writeRegistry(deps: EngineDeps, tx: Database, ported: { p: repo.PortationRow; at: Date }[]) {
  const writes = [];
  // Numbers nobody watches are not asked about one by one (decision 150).
  const watched = await deps.watch.watchedAmong?.(
    tx,
    ported.map(({ p }) => p.msisdn),
  );
  for (const { p, at } of ported) {
    const facts = await deps.lookup(p.msisdn);
    // Back with the range holder, the number is no longer «ported», but keeps its porting date.
    const operatorId = p.toOperatorId !== null && p.toOperatorId === facts?.rangeOperatorId ? null : p.toOperatorId;
    if (!watched || watched.has(p.msisdn)) {
      await deps.watch.alert(tx, {
        kind: 'ported',
        msisdn: p.msisdn,
        actorUserId: p.userId,
        orderId: p.orderId,
        at,
        toOperatorId: p.toOperatorId,
      });
    }
    writes.push({
      msisdn: Number(p.msisdn),
      operatorId,
      regionCode: p.regionCode,
      portedOn: moscowDay(at),
      mnc: null,
      route: null,
    });
  }
  await queuePortedWrites(tx, writes);
}

async function notifyStage(
  deps: EngineDeps,
  tx: Database,
  p: repo.PortationRow,
  order: repo.OrderRow | undefined,
  events: NewEvent[],
) {
  await deps.notify(tx, await stageMessages(deps, tx, p, order, events));
}

/** The applicant's notices of a step's events. */
export async function stageMessages(
  deps: EngineDeps,
  tx: Database,
  p: repo.PortationRow,
  order: repo.OrderRow | undefined,
  events: NewEvent[],
  /** The applicants the caller read already, by id. */
  known?: Map<number, Applicant>,
) {
  // The applicant's own e-mail is read only when the order names none.
  const applicant = order?.email ? undefined : known ? known.get(p.userId) : await repo.findApplicant(tx, p.userId);
  return stageNotifications(
    {
      userId: p.userId,
      orderId: p.orderId ?? 0,
      msisdn: p.msisdn,
      email: contactEmail({ email: order?.email ?? null }, applicant?.profile ?? null),
      link: portationLink(deps, p.msisdn, p.id),
    },
    events,
  );
}

/**
 * Ends a portation the engine cannot carry on (retries spent, the application refused as malformed).
 * If its filing had begun, the central database is asked to cancel it too (a retried job), so it is not
 * moved behind the site's back.
 */
export async function finish(
  deps: PortingDeps,
  portationId: number,
  kind: 'failed',
  description: string,
): Promise<void> {
  const change = await deps.db.transaction(async (tx) => {
    const locked = await repo.lockPortationAndOrder(tx, portationId);
    const p = locked?.portation;
    if (p?.status !== 'PendingBDPN') return null;
    const order = locked?.order;
    const now = deps.now();
    const reason = `${description}.`;
    if (p.filingStartedAt !== null || p.processId !== null) await queueWithdrawal(deps, tx, portationId);
    if (order) {
      return endAsDeleted(deps, tx, { order, portation: p }, reason, { kind, description }, { now, tell: true });
    }
    await repo.updatePortation(tx, portationId, { status: 'Deleted', reason }, now);
    await repo.insertEvents(tx, { orderId: null, portationId }, [
      { kind, status: 'Deleted', description, occurredAt: now },
    ]);
    return { userId: p.userId, orderId: 0, portationId, msisdn: p.msisdn, status: 'Deleted' as const };
  });
  if (change) deps.publish(change);
}

/** Queues the withdrawal job (withdrawal.ts) in the caller's transaction. */
function queueWithdrawal(deps: PortingDeps, tx: Database, portationId: number): Promise<unknown> {
  return deps.jobs.send(WITHDRAW_QUEUE, { portationId }, { singletonKey: `withdraw:${portationId}` }, tx);
}

/** Removes drafts nobody submitted within DRAFT_LIFETIME_DAYS; returns how many. */
export async function expireDrafts(deps: PortingDeps): Promise<number> {
  const now = deps.now();
  const ids = await repo.staleDrafts(deps.db, new Date(now.getTime() - DRAFT_LIFETIME_DAYS * 24 * 3600_000), 500);
  let expired = 0;
  for (const id of ids) {
    const change = await deps.db.transaction(async (tx) => {
      const o = await repo.lockOrder(tx, id);
      if (o?.status !== 'Initialized') return null;
      return endAsDeleted(
        deps,
        tx,
        { order: o, portation: null },
        `${DRAFT_NOT_SENT}.`,
        { kind: 'expired', description: EVENT_TEXT.expired() },
        { now, tell: true },
      );
    });
    if (change) {
      expired++;
      deps.publish(change);
    }
  }
  return expired;
}

/** Code-send counts of days before yesterday are of no use to the caps any more. */
export async function forgetCodeSends(db: Database, now: Date): Promise<void> {
  await repo.deleteCodeSendsBefore(db, moscowDay(new Date(now.getTime() - 24 * 3600_000)));
}
