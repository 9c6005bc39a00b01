import {
  type DayWindow,
  formatDayInWords,
  formatWindow,
  isAllowedDay,
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

/** Today's date in Moscow at `now` (the page passes `systemClock()`, lib/clock.ts), YYYY-MM-DD, whatever the browser's own time zone. */
export function moscowToday(now: Date): string {
  return moscowDay(now);
}

/** The days a porting may be set to when the application is made at `now`. */
export function portationWindow(now: Date): DayWindow {
  return windowAt(now);
}

/** The day the calendar starts on: the order's own day while still allowed, else the earliest one. */
export function initialDay(chosen: string | null | undefined, window: DayWindow): string {
  return chosen && isAllowedDay(chosen, window) ? chosen : window.earliest;
}

/**
 * «Дата переноса» of an order: the window the central database set, in real time (at the demo's time scale
 * the minute it happens, decision 140); before that, the night asked for.
 */
export function windowLine(order: {
  portationAt: string | null;
  window: { start: string; end: string } | null;
}): string {
  if (order.window) return formatWindow(order.window.start, order.window.end);
  return order.portationAt ? `${formatDayInWords(order.portationAt)}, 00:00–06:00 (МСК)` : '—';
}
