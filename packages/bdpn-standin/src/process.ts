import type { Application, ProcessMessage, RejectionCode } from './protocol';

/** How long each step takes at the central database, the donor and the recipient (process time). */
export const STEP = {
  /** The central database checks an application within minutes. */
  check: 5 * 60_000,
  /** The donor answers within a couple of hours. */
  donor: 2 * 3600_000,
  /** The window is scheduled right after the donor's answer. */
  schedule: 60_000,
  /** Within the window 00:00–06:00 the number moves about two hours in. */
  move: 2 * 3600_000,
  windowLength: 6 * 3600_000,
  /** The recipient's SIM: an eSIM profile at once, a SIM at the office within the hour, a courier the next day. */
  simReady: { esim: 0, office: 3600_000, courier: 24 * 3600_000 },
  /** A moved window is announced an hour after the first was scheduled. */
  reschedule: 3600_000,
  /** A debt must be paid this long before the window at the latest… */
  payBeforeWindow: 2 * 24 * 3600_000,
  /** …and the subscriber has at least this long after the notice. */
  payAtLeast: 24 * 3600_000,
  /** While a debt is unpaid, the central database asks to be polled at least this often: a payment is heard soon. */
  debtPoll: 15 * 60_000,
} as const;

const MOSCOW_OFFSET_MS = 3 * 3600_000;
const DAY = 24 * 3600_000;

/** 00:00 Moscow time of a `YYYY-MM-DD` day. */
export function moscowMidnight(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) - MOSCOW_OFFSET_MS;
}

/** `YYYY-MM-DD` of a moment in Moscow. */
export function moscowDay(at: number): string {
  return new Date(at + MOSCOW_OFFSET_MS).toISOString().slice(0, 10);
}

/** A donor's notice of a debt: the amount, by when (process time) and on which of the person's numbers. */
export interface DebtNotice {
  amountRub: number;
  payBy: number;
  msisdns: string[];
  /** Each number's part (absent in records made before the parts were kept). */
  items?: { msisdn: string; amountRub: number }[];
}

/** What was decided about an application when it arrived (the checks run then; their answers show later). */
export type Outcome =
  | { stage: 'cdb'; code: RejectionCode; reason: string }
  | { stage: 'donor'; code: RejectionCode; reason: string }
  | {
      stage: 'ported';
      windowStart: number;
      /** The donor's debt notice: the porting goes on only if it is paid in time. */
      debt?: DebtNotice;
      /** The central database moves the window (process time) and says why. */
      moved?: { windowStart: number; reason: string };
      /** The temporary number the recipient gives with its SIM until the porting night. */
      temporaryMsisdn?: string;
    };

/** The central database's record of one application. */
export interface ProcessRecord {
  id: string;
  application: Application;
  /** When the application arrived (real time, ms). */
  receivedAt: number;
  /** The porting's time scale when it arrived: every wait is this many times shorter. */
  timeScale: number;
  /**
   * The donor's answer comes no sooner than this long after arrival (real ms), whatever the scale: the
   * demo's floor that leaves a person time to withdraw (absent: no floor).
   */
  donorWaitMs?: number;
  outcome: Outcome;
  /** When the recipient withdrew it (real time, ms). */
  cancelledAt?: number;
  /** When each number's debt of the notice was paid (real time, ms). */
  debtPaid?: Record<string, number>;
}

interface Step {
  type: ProcessMessage['type'];
  /** Real time the step is due. */
  due: number;
  extra?: Partial<ProcessMessage>;
  /** Closes the process (a refusal or the move). */
  final?: boolean;
}

/** Real time at which a step `after` (process time since arrival) is due: the waits shrink by the time scale. */
function dueAt(record: ProcessRecord, after: number): number {
  return record.receivedAt + after / record.timeScale;
}

/**
 * Real time of a process-time moment (a night, a pay-by date): the time since arrival shrinks by the scale.
 * What the messages carry is always real: a person reads the moment it happens, at any scale.
 */
function realAt(record: ProcessRecord, processMoment: number): number {
  return dueAt(record, processMoment - record.receivedAt);
}

/** Real time the donor answers: its two hours scaled, but no sooner than the record's floor. */
function answeredAt(record: ProcessRecord): number {
  return Math.max(dueAt(record, STEP.check + STEP.donor), record.receivedAt + (record.donorWaitMs ?? 0));
}

/** When the whole debt of the notice was paid (real time), if it was. */
export function debtPaidAt(record: ProcessRecord): number | undefined {
  const debt = record.outcome.stage === 'ported' ? record.outcome.debt : undefined;
  if (!debt) return undefined;
  const paid = debt.msisdns.map((m) => record.debtPaid?.[m]);
  return paid.every((p): p is number => p !== undefined) ? Math.max(...paid) : undefined;
}

/** The recipient's SIM message: an eSIM profile, a SIM at the office, a SIM by courier. */
function simStep(record: ProcessRecord, temporaryMsisdn: string | undefined): Step | null {
  const sim = record.application.sim;
  if (!sim) return null;
  const extra: Partial<ProcessMessage> = { simKind: sim.kind };
  if (temporaryMsisdn) extra.temporaryMsisdn = temporaryMsisdn;
  if (sim.kind === 'esim') extra.activationCode = activationCode(record);
  if (sim.kind === 'office' && sim.officeId) extra.officeId = sim.officeId;
  return { type: 'SimIssued', due: dueAt(record, STEP.check + STEP.simReady[sim.kind]), extra };
}

/** A stable eSIM activation code (GSMA SGP.22 «LPA:1$SM-DP+ address$matching id») for the process. */
function activationCode(record: ProcessRecord): string {
  const id = record.id.replace(/-/g, '').toUpperCase();
  return `LPA:1$smdp.esim.example$${id.slice(0, 4)}-${id.slice(4, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}`;
}

/** The steps of a process with their real due times, in order. */
function steps(record: ProcessRecord): Step[] {
  const { outcome } = record;
  if (outcome.stage === 'cdb') {
    return [
      {
        type: 'Rejected',
        due: dueAt(record, STEP.check),
        extra: { reasonCode: outcome.code, reason: outcome.reason },
        final: true,
      },
    ];
  }
  const list: Step[] = [{ type: 'Accepted', due: dueAt(record, STEP.check) }];
  const version = record.application.contractVersion;
  if (version)
    list.push({ type: 'ContractSigned', due: dueAt(record, STEP.check), extra: { contractVersion: version } });
  list.push({ type: 'DonorCheck', due: dueAt(record, STEP.check) });
  if (outcome.stage === 'donor') {
    list.push({
      type: 'DonorRejected',
      due: answeredAt(record),
      extra: { reasonCode: outcome.code, reason: outcome.reason },
      final: true,
    });
    return list;
  }
  const sim = simStep(record, outcome.temporaryMsisdn);
  // The donor says yes now, or, with a debt, once it is paid (and no if it is not paid in time).
  let accepted = answeredAt(record);
  if (outcome.debt) {
    // Real time, and a day of process time at least after the notice (the donor's floor may delay it).
    const payBy = Math.max(realAt(record, outcome.debt.payBy), accepted + STEP.payAtLeast / record.timeScale);
    list.push({
      type: 'DebtNotice',
      due: accepted,
      extra: {
        amount: outcome.debt.amountRub,
        payBy: new Date(payBy).toISOString(),
        debtMsisdns: outcome.debt.msisdns,
        ...(outcome.debt.items
          ? { debts: outcome.debt.items.map((d) => ({ msisdn: d.msisdn, amount: d.amountRub })) }
          : {}),
      },
    });
    // Each number paid in time before the last is heard of when it is paid: the person sees what is left.
    const debtMsisdns = outcome.debt.msisdns;
    for (const [msisdn, at] of Object.entries(record.debtPaid ?? {}).sort((a, b) => a[1] - b[1])) {
      const whole = debtPaidAt(record);
      if (!debtMsisdns.includes(msisdn) || at > payBy || (whole !== undefined && at >= whole)) continue;
      list.push({ type: 'DebtPaid', due: Math.max(at, accepted), extra: { debtMsisdns: [msisdn] } });
    }
    const paid = debtPaidAt(record);
    if (paid === undefined || paid > payBy) {
      if (sim && sim.due < payBy) list.push(sim);
      list.push({
        type: 'DonorRejected',
        due: payBy,
        extra: {
          reasonCode: 'debt',
          reason: `задолженность ${rub(outcome.debt.amountRub)} не оплачена до ${formatMoment(payBy)} (МСК)`,
        },
        final: true,
      });
      return sortSteps(list);
    }
    const paidAt = Math.max(paid, accepted);
    list.push({ type: 'DebtPaid', due: paidAt, extra: { debtMsisdns } });
    accepted = paidAt;
  }
  if (sim) list.push(sim);
  list.push({ type: 'DonorAccepted', due: accepted });
  const scheduledAt = accepted + STEP.schedule / record.timeScale;
  // The window is a process-time night; what is said of it is its real moment, no sooner than the steps before it.
  const windowLength = STEP.windowLength / record.timeScale;
  let started = Math.max(realAt(record, outcome.windowStart), scheduledAt);
  list.push({
    type: 'Scheduled',
    due: scheduledAt,
    extra: { windowStart: new Date(started).toISOString(), windowEnd: new Date(started + windowLength).toISOString() },
  });
  if (outcome.moved) {
    const rescheduledAt = scheduledAt + STEP.reschedule / record.timeScale;
    started = Math.max(realAt(record, outcome.moved.windowStart), rescheduledAt);
    list.push({
      type: 'Rescheduled',
      due: rescheduledAt,
      extra: {
        windowStart: new Date(started).toISOString(),
        windowEnd: new Date(started + windowLength).toISOString(),
        reason: outcome.moved.reason,
      },
    });
  }
  list.push({ type: 'Started', due: started });
  list.push({ type: 'Ported', due: started + STEP.move / record.timeScale, final: true });
  return sortSteps(list);
}

/** In order of their due times; steps due together keep the order they were listed in. */
function sortSteps(list: Step[]): Step[] {
  return list
    .map((s, i) => ({ s, i }))
    .sort((a, b) => a.s.due - b.s.due || a.i - b.i)
    .map(({ s }) => s);
}

/** Every message of the process up to `now`, and when the next is due. */
export function timeline(record: ProcessRecord, now: number): { messages: ProcessMessage[]; nextAt: number | null } {
  const messages: ProcessMessage[] = [];
  let nextAt: number | null = null;
  for (const step of steps(record)) {
    if (record.cancelledAt !== undefined && step.due > record.cancelledAt) {
      messages.push({ seq: messages.length + 1, type: 'Cancelled', at: new Date(record.cancelledAt).toISOString() });
      return { messages, nextAt: null };
    }
    if (step.due > now) {
      nextAt = step.due;
      break;
    }
    messages.push({ seq: messages.length + 1, type: step.type, at: new Date(step.due).toISOString(), ...step.extra });
    if (step.final) return { messages, nextAt: null };
  }
  // Open until every number of the notice is paid: a payment of one number is a DebtPaid of its own.
  const debtOpen = messages.some((m) => m.type === 'DebtNotice') && debtPaidAt(record) === undefined;
  if (debtOpen && nextAt !== null) nextAt = Math.min(nextAt, now + STEP.debtPoll / record.timeScale);
  return { messages, nextAt };
}

/** True while the process is neither over nor refused at `now`. */
export function isOpen(record: ProcessRecord, now: number): boolean {
  return timeline(record, now).nextAt !== null;
}

/** Whether the window is already scheduled at `now` (a withdrawal is refused from then on). */
export function isScheduled(record: ProcessRecord, now: number): boolean {
  return timeline(record, now).messages.some((m) => m.type === 'Scheduled');
}

/**
 * The porting window: the night of the chosen day, or, if that night is already too close for the
 * steps before it, the first night after them.
 */
export function windowFor(application: Application, receivedAt: number, timeScale: number, donorWaitMs = 0): number {
  const answered = receivedAt + Math.max((STEP.check + STEP.donor) / timeScale, donorWaitMs);
  const ready = answered + STEP.schedule / timeScale;
  let start = moscowMidnight(application.portationDate);
  const realStart = (s: number) => receivedAt + (s - receivedAt) / timeScale;
  while (realStart(start) <= ready) start += DAY;
  return start;
}

const rubles = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });

/** «1 840 ₽». */
export function rub(amount: number): string {
  return `${rubles.format(amount)}\u00a0₽`;
}

/** A moment in Moscow: «01.12.2026, 14:05». */
export function formatMoment(at: number): string {
  const iso = new Date(at + MOSCOW_OFFSET_MS).toISOString();
  return `${formatDay(iso.slice(0, 10))}, ${iso.slice(11, 16)}`;
}

/** `2026-12-01` → «01.12.2026». */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y}`;
}
