import dayjs from 'dayjs';
import 'dayjs/locale/ru';
import { MONTHS_GENITIVE } from '@perenos/porting-rules';

// The ru locale starts weeks on Monday and writes 24-hour times.
dayjs.locale('ru');

export const MOSCOW_TZ = 'Europe/Moscow';

/*
 * Numbers, plurals and Moscow times are written here without `Intl` (decision 120). A browser's first
 * `Intl` formatter of a kind builds that kind's list of locales: 20–47 ms on this machine, 80–190 ms on
 * the slow phone Lighthouse imitates, in the task that draws the page. The rules below are Russian's
 * (CLDR's for ru), and the tests hold them to `Intl`'s own answers over thousands of values and every
 * few hours from 2014 to 2040; `Intl` still answers what they do not cover (an instant before Moscow's
 * fixed offset, a number JavaScript writes with an exponent).
 */

const NBSP = '\u00a0';

/** Moscow has kept UTC+3 all year since 26 October 2014, 02:00 (its last change of zone). */
const MOSCOW_FIXED_SINCE = Date.UTC(2014, 9, 25, 22);
const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;

let moscowDateTime: Intl.DateTimeFormat | undefined;
let moscowDate: Intl.DateTimeFormat | undefined;

/** The named parts of a date as a formatter writes them. */
function parts(format: Intl.DateTimeFormat, value: string | number | Date): Record<string, string> {
  const named: Record<string, string> = {};
  for (const part of format.formatToParts(new Date(value))) named[part.type] = part.value;
  return named;
}

/** The date and time on a Moscow clock, or undefined for an instant before its fixed offset (or no instant). */
function onMoscowClock(value: string | number | Date) {
  const time = new Date(value).getTime();
  if (!(time >= MOSCOW_FIXED_SINCE)) return undefined;
  const moscow = new Date(time + MOSCOW_OFFSET_MS);
  return {
    day: moscow.getUTCDate(),
    month: moscow.getUTCMonth(),
    year: moscow.getUTCFullYear(),
    hour: moscow.getUTCHours(),
    minute: moscow.getUTCMinutes(),
  };
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** «22.11.2026, 14:05» in Moscow time. */
export function formatDateTime(value: string | number | Date): string {
  const clock = onMoscowClock(value);
  if (clock) {
    const { day, month, year, hour, minute } = clock;
    return `${twoDigits(day)}.${twoDigits(month + 1)}.${year}, ${twoDigits(hour)}:${twoDigits(minute)}`;
  }
  moscowDateTime ??= new Intl.DateTimeFormat('ru-RU', {
    timeZone: MOSCOW_TZ,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const { day, month, year, hour, minute } = parts(moscowDateTime, value);
  return `${day}.${month}.${year}, ${hour}:${minute}`;
}

/** «22 ноября 2026» in Moscow time. */
export function formatDate(value: string | number | Date): string {
  const clock = onMoscowClock(value);
  if (clock) return `${clock.day} ${MONTHS_GENITIVE[clock.month]} ${clock.year}`;
  // The month as the formatter writes it beside a day: «ноября», not «ноябрь»; no «г.» after the year.
  moscowDate ??= new Intl.DateTimeFormat('ru-RU', {
    timeZone: MOSCOW_TZ,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const { day, month, year } = parts(moscowDate, value);
  return `${day} ${month} ${year}`;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** Adds one to the last of a run of decimal digits: «129» → «130», «99» → «100». */
function plusOne(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === '9') i--;
  if (i < 0) return `1${'0'.repeat(digits.length)}`;
  return `${digits.slice(0, i)}${Number(digits[i]) + 1}${'0'.repeat(digits.length - i - 1)}`;
}

/**
 * A number as Russian writes it, as `Intl.NumberFormat('ru-RU')` does: thousands parted by a no-break
 * space, a decimal comma, at most `max` decimals (rounded half away from zero, on the shortest decimal
 * that JavaScript writes for the number), at least `min`: «1 290», «0,5», «1 172,20».
 */
export function formatNumber(value: number, { min = 0, max = 3 }: { min?: number; max?: number } = {}): string {
  const size = Math.abs(value);
  if (!Number.isFinite(value) || size >= 1e21 || (size !== 0 && size < 1e-6)) {
    const key = `${min}:${max}`;
    let format = numberFormats.get(key);
    if (!format) {
      format = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: min, maximumFractionDigits: max });
      numberFormats.set(key, format);
    }
    return format.format(value);
  }
  let [whole = '0', fraction = ''] = String(size).split('.');
  if (fraction.length > max) {
    const roundUp = fraction.charCodeAt(max) >= 53; // «5» or more where the number is cut
    fraction = fraction.slice(0, max);
    if (roundUp) {
      const digits = plusOne(whole + fraction);
      whole = digits.slice(0, digits.length - max);
      fraction = digits.slice(digits.length - max);
    }
  }
  fraction = fraction.replace(/0+$/, '').padEnd(min, '0');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+$)/g, NBSP)}${fraction ? `,${fraction}` : ''}`;
}

/** «1 290 ₽» with a no-break space between thousands, as Russian typography wants. */
export function formatRub(value: number): string {
  return `${formatNumber(value, { max: 2 })}${NBSP}₽`;
}

/** CLDR's Russian plural form of a number: 1, 21 → one; 2–4, 22 → few; 0, 5–20, 25 → many; 1,5 → other. */
function russianPlural(n: number): 'one' | 'few' | 'many' | 'other' {
  if (!Number.isInteger(n)) return 'other';
  const last = Math.abs(n) % 10;
  const lastTwo = Math.abs(n) % 100;
  if (last === 1 && lastTwo !== 11) return 'one';
  if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return 'few';
  return 'many';
}

/** A count with its Russian noun form: plural(5, ['тариф', 'тарифа', 'тарифов']) → «5 тарифов». */
export function plural(n: number, [one, few, many]: [string, string, string]): string {
  const form = russianPlural(n);
  return `${formatNumber(n)} ${form === 'one' ? one : form === 'few' ? few : many}`;
}
