import type { Application, ProcessMessage, RejectionCode } from './protocol';

/** How long each step takes at the central database and the donor (process time). */
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

/** What was decided about an application when it arrived (the checks run then; their answers show later). */
export type Outcome =
  | { stage: 'cdb'; code: RejectionCode; reason: string }
  | { stage: 'donor'; code: RejectionCode; reason: string }
  | { stage: 'ported'; windowStart: number };

/** The central database's record of one application. */
export interface ProcessRecord {
  id: string;
  application: Application;
  /** When the application arrived (real time, ms). */
  receivedAt: number;
  /** The porting's time scale when it arrived: every wait is this many times shorter. */
  timeScale: number;
  outcome: Outcome;
  /** When the recipient withdrew it (real time, ms). */
  cancelledAt?: number;
}

interface Step {
  type: ProcessMessage['type'];
  /** Process time after arrival. */
  after: number;
  extra?: Partial<ProcessMessage>;
}

/** The steps of a process in order, with their process-time offsets from arrival. */
function steps(record: ProcessRecord): Step[] {
  const { outcome } = record;
  if (outcome.stage === 'cdb') {
    return [{ type: 'Rejected', after: STEP.check, extra: { reasonCode: outcome.code, reason: outcome.reason } }];
  }
  const list: Step[] = [
    { type: 'Accepted', after: STEP.check },
    { type: 'DonorCheck', after: STEP.check },
  ];
  const answered = STEP.check + STEP.donor;
  if (outcome.stage === 'donor') {
    list.push({ type: 'DonorRejected', after: answered, extra: { reasonCode: outcome.code, reason: outcome.reason } });
    return list;
  }
  const windowAfter = outcome.windowStart - record.receivedAt;
  list.push(
    { type: 'DonorAccepted', after: answered },
    {
      type: 'Scheduled',
      after: answered + STEP.schedule,
      extra: {
        windowStart: new Date(outcome.windowStart).toISOString(),
        windowEnd: new Date(outcome.windowStart + STEP.windowLength).toISOString(),
      },
    },
    { type: 'Started', after: windowAfter },
    { type: 'Ported', after: windowAfter + STEP.move },
  );
  return list;
}

/** Real time at which a step is due: the waits shrink by the time scale. */
function dueAt(record: ProcessRecord, after: number): number {
  return record.receivedAt + after / record.timeScale;
}

/** Every message of the process up to `now`, and when the next is due. */
export function timeline(record: ProcessRecord, now: number): { messages: ProcessMessage[]; nextAt: number | null } {
  const messages: ProcessMessage[] = [];
  let nextAt: number | null = null;
  for (const step of steps(record)) {
    const due = dueAt(record, step.after);
    if (record.cancelledAt !== undefined && due > record.cancelledAt) {
      messages.push({ seq: messages.length + 1, type: 'Cancelled', at: new Date(record.cancelledAt).toISOString() });
      return { messages, nextAt: null };
    }
    if (due > now) {
      nextAt = due;
      break;
    }
    messages.push({ seq: messages.length + 1, type: step.type, at: new Date(due).toISOString(), ...step.extra });
  }
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
export function windowFor(application: Application, receivedAt: number, timeScale: number): number {
  const ready = receivedAt + (STEP.check + STEP.donor + STEP.schedule) / timeScale;
  let start = moscowMidnight(application.portationDate);
  const realStart = (s: number) => receivedAt + (s - receivedAt) / timeScale;
  while (realStart(start) <= ready) start += DAY;
  return start;
}
