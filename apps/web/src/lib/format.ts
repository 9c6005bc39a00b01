import dayjs from 'dayjs';
import 'dayjs/locale/ru';

// The ru locale starts weeks on Monday and writes 24-hour times.
dayjs.locale('ru');

export const MOSCOW_TZ = 'Europe/Moscow';

// Formatters made once: a zone's formatter costs far more to make than to use (dayjs's timezone plugin
// made one for every date drawn, about a tenth of a page's render on the server).
const moscowDateTime = new Intl.DateTimeFormat('ru-RU', {
  timeZone: MOSCOW_TZ,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const moscowDate = new Intl.DateTimeFormat('ru-RU', {
  timeZone: MOSCOW_TZ,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** The named parts of a date as a formatter writes them. */
function parts(format: Intl.DateTimeFormat, value: string | number | Date): Record<string, string> {
  const named: Record<string, string> = {};
  for (const part of format.formatToParts(new Date(value))) named[part.type] = part.value;
  return named;
}

/** «22.11.2026, 14:05» in Moscow time. */
export function formatDateTime(value: string | number | Date): string {
  const { day, month, year, hour, minute } = parts(moscowDateTime, value);
  return `${day}.${month}.${year}, ${hour}:${minute}`;
}

/** «22 ноября 2026» as written, without moving it to Moscow time (a calendar date from the registry). */
export function formatDay(value: string | number | Date): string {
  return dayjs(value).format('D MMMM YYYY');
}

/** «22 ноября 2026» in Moscow time. */
export function formatDate(value: string | number | Date): string {
  // The month as the formatter writes it beside a day: «ноября», not «ноябрь»; no «г.» after the year.
  const { day, month, year } = parts(moscowDate, value);
  return `${day} ${month} ${year}`;
}

const rub = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });

/** «1 290 ₽» with a narrow no-break space between thousands, as Russian typography wants. */
export function formatRub(value: number): string {
  return `${rub.format(value)}\u00a0₽`;
}

const pluralRules = new Intl.PluralRules('ru-RU');
const count = new Intl.NumberFormat('ru-RU');

/** A count with its Russian noun form: plural(5, ['тариф', 'тарифа', 'тарифов']) → «5 тарифов». */
export function plural(n: number, [one, few, many]: [string, string, string]): string {
  const form = pluralRules.select(n);
  return `${count.format(n)} ${form === 'one' ? one : form === 'few' ? few : many}`;
}
