import dayjs from 'dayjs';
import { MOSCOW_TZ } from '../../lib/format';

/**
 * The porting date rules as the site shows them: the number moves on the night of a Moscow day
 * from 8 days to 6 months after the application. The server checks the same (its window comes with
 * every order); the page uses these to draw the calendar before and between answers.
 */
export const MIN_DAYS_AHEAD = 8;
export const MAX_MONTHS_AHEAD = 6;

export interface DayWindow {
  /** First allowed day, YYYY-MM-DD (Moscow). */
  earliest: string;
  /** Last allowed day, YYYY-MM-DD (Moscow). */
  latest: string;
}

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Today's date in Moscow, YYYY-MM-DD, whatever the browser's own time zone. */
export function moscowToday(now: Date = new Date()): string {
  return dayjs(now).tz(MOSCOW_TZ).format('YYYY-MM-DD');
}

function parts(day: string): [number, number, number] {
  const m = DAY_RE.exec(day);
  if (!m) throw new Error(`Not a day: ${day}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

function iso(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** The day `n` days after `day`. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = parts(day);
  return iso(new Date(Date.UTC(y, m - 1, d + n)));
}

/** The same day `n` months later; the 31st becomes the month's last day where it has none. */
export function addMonths(day: string, n: number): string {
  const [y, m, d] = parts(day);
  const target = new Date(Date.UTC(y, m - 1 + n, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return iso(target);
}

/** The days a porting may be set to when the application is made at `now`. */
export function portationWindow(now: Date = new Date()): DayWindow {
  const today = moscowToday(now);
  return { earliest: addDays(today, MIN_DAYS_AHEAD), latest: addMonths(today, MAX_MONTHS_AHEAD) };
}

/** True when `day` is a real day inside the window (both ends included). */
export function isAllowedDay(day: string, window: DayWindow): boolean {
  if (!DAY_RE.test(day)) return false;
  const [y, m, d] = parts(day);
  if (iso(new Date(Date.UTC(y, m - 1, d))) !== day) return false;
  return day >= window.earliest && day <= window.latest;
}

/** The day the calendar starts on: the order's own day while still allowed, else the earliest one. */
export function initialDay(chosen: string | null | undefined, window: DayWindow): string {
  return chosen && isAllowedDay(chosen, window) ? chosen : window.earliest;
}

const MONTHS = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
];

/** «2 сентября 2024» for a calendar day (no time zone shifts: the day is already Moscow's). */
export function formatDay(day: string): string {
  const [y, m, d] = parts(day);
  return `${d} ${MONTHS[m - 1]} ${y}`;
}
