/**
 * The rules of Russian mobile number portability that the site applies before the central database
 * does, in one place for the server (porting/rules.ts, lib/moscow.ts) and the web app
 * (features/porting/dates.ts): the porting date is a Moscow day from 8 days to 6 months after the
 * application, a number moves again no sooner than 60 days after its last porting, a watched number's
 * application waits a day for its watcher, and a draft nobody submitted is removed after a week
 * (docs/product.md). Plain functions of `YYYY-MM-DD` days and instants: no time-zone library.
 */

// How a day is written (one formatter per printed form) is dates.ts's.
export { formatDayInWords, formatDayNumeric, formatMomentInWords, formatWindow, MONTHS_GENITIVE } from './dates';

export const MIN_DAYS_AHEAD = 8;
export const MAX_MONTHS_AHEAD = 6;
export const MIN_DAYS_BETWEEN_PORTINGS = 60;
/**
 * How long an application for a number someone else watches waits for the watcher's answer before it is
 * filed anyway: the site may not keep a subscriber from porting their number, only give its watcher a
 * day to say «Это не я». A person's time to answer: not scaled by PORTING_TIME_SCALE.
 */
export const HOLD_HOURS = 24;
/** An order nobody submitted is removed after this many days. */
export const DRAFT_LIFETIME_DAYS = 7;
/**
 * How long a number confirmed by an SMS code counts as the person's own (to watch it, to hold or refuse
 * another person's application): a code proves who held the SIM that day, not for ever. A verified
 * ESIA mobile counts while ESIA lists it; a porting by someone else ends either right at once.
 */
export const SMS_PROOF_DAYS = 30;

/** Moscow has kept UTC+3 all year since 2014 (tzdata agrees): a Moscow day is a fixed shift of UTC. */
const MOSCOW_OFFSET_MS = 3 * 3600_000;
const DAY_MS = 24 * 3600_000;
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` of the Moscow day an instant falls on, whatever the machine's own time zone. */
export function moscowDay(at: Date): string {
  return new Date(at.getTime() + MOSCOW_OFFSET_MS).toISOString().slice(0, 10);
}

/** The day `n` days after `day`. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The day `n` months after `day`; the 31st of a shorter month becomes its last day (as a calendar does). */
export function addMonths(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + n, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}

/** True when `value` is a real `YYYY-MM-DD` date (not 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  if (!DAY_RE.test(value)) return false;
  const t = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === value;
}

export interface DayWindow {
  /** First allowed day, YYYY-MM-DD (Moscow). */
  earliest: string;
  /** Last allowed day, YYYY-MM-DD (Moscow). */
  latest: string;
}

/** The first and last porting day allowed for an application made at `now` (Moscow days). */
export function portationWindow(now: Date): DayWindow {
  const today = moscowDay(now);
  return { earliest: addDays(today, MIN_DAYS_AHEAD), latest: addMonths(today, MAX_MONTHS_AHEAD) };
}

/** True when `day` is a real day inside the window (both ends included). */
export function isAllowedDay(day: string, window: DayWindow): boolean {
  return isCalendarDay(day) && day >= window.earliest && day <= window.latest;
}

/** The first day a number last ported on `lastPortation` may be ported again; null when it may now. */
export function nextPortingAllowed(lastPortation: string | null, now: Date): string | null {
  if (lastPortation === null) return null;
  const allowed = addDays(lastPortation.slice(0, 10), MIN_DAYS_BETWEEN_PORTINGS);
  return moscowDay(now) < allowed ? allowed : null;
}
