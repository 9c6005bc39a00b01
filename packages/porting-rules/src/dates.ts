/**
 * How the site writes a calendar day, for the server and the browser alike: one function per printed form,
 * named for what it prints (issue 37: `formatDay` meant «02.12.2026» in one file and «2 декабря 2026» in
 * others). A day is a `YYYY-MM-DD` string that is already Moscow's; nothing here moves it between zones.
 */

/** A month's name as written beside its day («2 декабря 2026»): the site's one list. */
export const MONTHS_GENITIVE: readonly string[] = [
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

/** `2026-12-02` → «02.12.2026». */
export function formatDayNumeric(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y}`;
}

/** `2026-12-02` → «2 декабря 2026». */
export function formatDayInWords(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTHS_GENITIVE[m - 1]} ${y}`;
}

const MOSCOW_OFFSET_MS = 3 * 3600_000;

/** The Moscow day and «ЧЧ:ММ» of an instant. */
function moscowParts(at: Date | string): { day: string; time: string } {
  const iso = new Date(new Date(at).getTime() + MOSCOW_OFFSET_MS).toISOString();
  return { day: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** An instant in Moscow: «2 декабря 2026, 14:05». */
export function formatMomentInWords(at: Date | string): string {
  const { day, time } = moscowParts(at);
  return `${formatDayInWords(day)}, ${time}`;
}

/**
 * The porting window as a person reads it, from its real start and end: «7 декабря 2026, 00:00–06:00 (МСК)»
 * for the night; at a demo's time scale, when the night lasts seconds, the real minutes — «2 декабря 2026,
 * 11:47–11:48 (МСК)», or «2 декабря 2026, 11:47 (МСК)» within one minute (decision 140).
 */
export function formatWindow(start: Date | string, end: Date | string): string {
  const s = moscowParts(start);
  const e = moscowParts(end);
  const until = e.day !== s.day ? `–${formatDayInWords(e.day)}, ${e.time}` : e.time !== s.time ? `–${e.time}` : '';
  return `${formatDayInWords(s.day)}, ${s.time}${until} (МСК)`;
}
