/**
 * Moscow calendar arithmetic. Moscow has kept UTC+3 all year since 2014 (tzdata agrees), so a
 * Moscow day is a fixed shift of UTC: no time-zone library is needed on the server.
 */

// The day arithmetic the web app shares is @perenos/porting-rules'; the server's formatting is here.
import { MONTHS_GENITIVE } from '@perenos/porting-rules';

export { addDays, addMonths, isCalendarDay, moscowDay } from '@perenos/porting-rules';

const OFFSET_MS = 3 * 3600_000;

/** 00:00 Moscow time of a `YYYY-MM-DD` day. */
export function moscowMidnight(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS);
}

/** «02.12.2026». */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y}`;
}

/** «2 декабря 2026». */
export function formatDayLong(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTHS_GENITIVE[m - 1]} ${y}`;
}

/** «02.12.2026, 03:00» in Moscow time, 24-hour clock. */
export function formatMoscowDateTime(at: Date): string {
  const iso = new Date(at.getTime() + OFFSET_MS).toISOString();
  return `${formatDay(iso.slice(0, 10))}, ${iso.slice(11, 16)}`;
}
