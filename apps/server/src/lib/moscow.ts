/**
 * Moscow calendar arithmetic. Moscow has kept UTC+3 all year since 2014 (tzdata agrees), so a
 * Moscow day is a fixed shift of UTC: no time-zone library is needed on the server.
 */

const OFFSET_MS = 3 * 3600_000;
const DAY_MS = 24 * 3600_000;

/** `YYYY-MM-DD` of the Moscow day an instant falls on. */
export function moscowDay(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** 00:00 Moscow time of a `YYYY-MM-DD` day. */
export function moscowMidnight(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS);
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
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const t = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === value;
}

/** «02.12.2026». */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y}`;
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

/** «2 декабря 2026». */
export function formatDayLong(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

/** «02.12.2026, 03:00» in Moscow time, 24-hour clock. */
export function formatMoscowDateTime(at: Date): string {
  const iso = new Date(at.getTime() + OFFSET_MS).toISOString();
  return `${formatDay(iso.slice(0, 10))}, ${iso.slice(11, 16)}`;
}
