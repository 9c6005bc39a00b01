import dayjs from 'dayjs';
import 'dayjs/locale/ru';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);
// The ru locale starts weeks on Monday and writes 24-hour times.
dayjs.locale('ru');

export const MOSCOW_TZ = 'Europe/Moscow';

/** «22.11.2026, 14:05» in Moscow time. */
export function formatDateTime(value: string | number | Date): string {
  return dayjs(value).tz(MOSCOW_TZ).format('DD.MM.YYYY, HH:mm');
}

/** «22 ноября 2026» as written, without moving it to Moscow time (a calendar date from the registry). */
export function formatDay(value: string | number | Date): string {
  return dayjs(value).format('D MMMM YYYY');
}

/** «22 ноября 2026» in Moscow time. */
export function formatDate(value: string | number | Date): string {
  return dayjs(value).tz(MOSCOW_TZ).format('D MMMM YYYY');
}

const rub = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });

/** «1 290 ₽» with a narrow no-break space between thousands, as Russian typography wants. */
export function formatRub(value: number): string {
  return `${rub.format(value)}\u00a0₽`;
}

const pluralRules = new Intl.PluralRules('ru-RU');

/** A count with its Russian noun form: plural(5, ['тариф', 'тарифа', 'тарифов']) → «5 тарифов». */
export function plural(n: number, [one, few, many]: [string, string, string]): string {
  const form = pluralRules.select(n);
  return `${n.toLocaleString('ru-RU')} ${form === 'one' ? one : form === 'few' ? few : many}`;
}
