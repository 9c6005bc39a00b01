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
