import {
  type DayWindow,
  isAllowedDay,
  MONTHS_GENITIVE,
  moscowDay,
  portationWindow as windowAt,
} from '@perenos/porting-rules';

/**
 * The porting date rules as the site shows them: the number moves on the night of a Moscow day
 * from 8 days to 6 months after the application. The rules are @perenos/porting-rules', the server's
 * too (its window comes with every order); the page uses them to draw the calendar before and between answers.
 */
export {
  addDays,
  addMonths,
  type DayWindow,
  isAllowedDay,
  MAX_MONTHS_AHEAD,
  MIN_DAYS_AHEAD,
} from '@perenos/porting-rules';

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Today's date in Moscow, YYYY-MM-DD, whatever the browser's own time zone. */
export function moscowToday(now: Date = new Date()): string {
  return moscowDay(now);
}

function parts(day: string): [number, number, number] {
  const m = DAY_RE.exec(day);
  if (!m) throw new Error(`Not a day: ${day}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** The days a porting may be set to when the application is made at `now`. */
export function portationWindow(now: Date = new Date()): DayWindow {
  return windowAt(now);
}

/** The day the calendar starts on: the order's own day while still allowed, else the earliest one. */
export function initialDay(chosen: string | null | undefined, window: DayWindow): string {
  return chosen && isAllowedDay(chosen, window) ? chosen : window.earliest;
}

/** «2 сентября 2024» for a calendar day (no time zone shifts: the day is already Moscow's). */
export function formatDay(day: string): string {
  const [y, m, d] = parts(day);
  return `${d} ${MONTHS_GENITIVE[m - 1]} ${y}`;
}
