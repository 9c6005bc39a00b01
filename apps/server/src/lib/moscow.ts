/**
 * Moscow calendar arithmetic. Moscow has kept UTC+3 all year since 2014 (tzdata agrees), so a
 * Moscow day is a fixed shift of UTC: no time-zone library is needed on the server.
 */

// The day arithmetic and the day's printed forms are @perenos/porting-rules', shared with the web app.
import { formatDayNumeric } from '@perenos/porting-rules';

export {
  addDays,
  addMonths,
  formatDayInWords,
  formatDayNumeric,
  isCalendarDay,
  moscowDay,
} from '@perenos/porting-rules';

const OFFSET_MS = 3 * 3600_000;

/** 00:00 Moscow time of a `YYYY-MM-DD` day. */
export function moscowMidnight(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS);
}

/** «02.12.2026, 03:00» in Moscow time, 24-hour clock. */
export function formatMoscowDateTime(at: Date): string {
  const iso = new Date(at.getTime() + OFFSET_MS).toISOString();
  return `${formatDayNumeric(iso.slice(0, 10))}, ${iso.slice(11, 16)}`;
}
