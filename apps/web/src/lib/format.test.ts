import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber, formatRub, plural } from './format';

describe('formatting for Russian readers', () => {
  it('shows times in Moscow on a 24-hour clock, whatever the browser zone', () => {
    // 21:30 UTC is 00:30 the next day in Moscow (UTC+3).
    expect(formatDateTime('2026-11-22T21:30:00Z')).toBe('23.11.2026, 00:30');
    expect(formatDateTime('2026-06-01T12:05:00Z')).toBe('01.06.2026, 15:05');
    expect(formatDate('2026-11-22T21:30:00Z')).toBe('23 ноября 2026');
    // Midnight and the small hours on a 24-hour clock; a month's name as written beside its day.
    expect(formatDateTime('2026-03-07T21:00:00Z')).toBe('08.03.2026, 00:00');
    expect(formatDateTime(Date.UTC(2026, 0, 1, 4, 9))).toBe('01.01.2026, 07:09');
    expect(formatDate('2026-05-01T00:00:00Z')).toBe('1 мая 2026');
    expect(formatDate(new Date('2026-02-28T21:00:00Z'))).toBe('1 марта 2026');
  });

  it('starts weeks on Monday', () => {
    // 22 November 2026 is a Sunday: its week began on Monday the 16th.
    expect(dayjs('2026-11-22').startOf('week').format('YYYY-MM-DD')).toBe('2026-11-16');
  });

  it('writes roubles with Russian grouping', () => {
    expect(formatRub(1290)).toBe('1\u00a0290\u00a0₽');
    expect(formatRub(0.5)).toBe('0,5\u00a0₽');
  });
});

describe('plural', () => {
  it('picks the Russian noun form', () => {
    const forms: [string, string, string] = ['тариф', 'тарифа', 'тарифов'];
    expect(plural(1, forms)).toBe('1 тариф');
    expect(plural(3, forms)).toBe('3 тарифа');
    expect(plural(11, forms)).toBe('11 тарифов');
    expect(plural(21, forms)).toBe('21 тариф');
    expect(plural(0, forms)).toBe('0 тарифов');
  });
});

/*
 * The formatting above is written without `Intl` (decision 120), so it is held to `Intl`'s own answers:
 * Node's ICU and time zone data are the browser's.
 */
describe('the same text as Intl writes', () => {
  const moscowDateTime = new Intl.DateTimeFormat('ru-RU', {
    timeZone: 'Europe/Moscow',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const moscowDate = new Intl.DateTimeFormat('ru-RU', {
    timeZone: 'Europe/Moscow',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const named = (format: Intl.DateTimeFormat, at: number) =>
    Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));

  it('writes Moscow times every 7 h 13 min from 2014 to 2040, and before Moscow kept UTC+3', () => {
    const step = (7 * 60 + 13) * 60_000;
    let checked = 0;
    // From 2011 (UTC+4 all year) across the change of 26 October 2014 to 2040.
    for (let at = Date.UTC(2011, 5, 1); at < Date.UTC(2040, 0, 1); at += step) {
      const t = named(moscowDateTime, at);
      const d = named(moscowDate, at);
      expect(formatDateTime(at)).toBe(`${t.day}.${t.month}.${t.year}, ${t.hour}:${t.minute}`);
      expect(formatDate(at)).toBe(`${d.day} ${d.month} ${d.year}`);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(30_000);
    // The minute Moscow moved from UTC+4 to UTC+3, either side.
    expect(formatDateTime('2014-10-25T21:59:00Z')).toBe('26.10.2014, 01:59');
    expect(formatDateTime('2014-10-25T22:00:00Z')).toBe('26.10.2014, 01:00');
  });

  it('refuses what is not a date as Intl does', () => {
    expect(() => formatDateTime('вчера')).toThrow(RangeError);
    expect(() => formatDate(Number.NaN)).toThrow(RangeError);
  });

  it('writes numbers as Intl.NumberFormat("ru-RU") does, decimals rounded half away from zero', () => {
    const shapes = [
      { min: 0, max: 3 },
      { min: 0, max: 2 },
      { min: 2, max: 2 },
      { min: 0, max: 0 },
    ];
    const values = [
      0,
      -0,
      0.5,
      1,
      9.995,
      0.125,
      2.675,
      1.005,
      999.995,
      999_999.9999,
      -0.001,
      -1234.5,
      1234,
      123_456_789.987,
      0.1 + 0.2,
      1e20,
      12_345.6789,
      1e-7,
      1e21,
      -1e22,
      Number.POSITIVE_INFINITY,
      Number.NaN,
    ];
    // A seeded walk over magnitudes and decimals, the same every run.
    let seed = 20261127;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (let i = 0; i < 5000; i += 1) {
      const digits = Math.floor(next() * 5);
      const value = Math.round((next() - 0.2) * 10 ** Math.floor(next() * 10) * 10 ** digits) / 10 ** digits;
      values.push(value);
    }
    for (const { min, max } of shapes) {
      const intl = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: min, maximumFractionDigits: max });
      for (const value of values) expect(formatNumber(value, { min, max }), `${value}`).toBe(intl.format(value));
    }
  });

  it('picks the plural form Intl.PluralRules("ru") picks', () => {
    const rules = new Intl.PluralRules('ru-RU');
    const forms: [string, string, string] = ['одна', 'несколько', 'много'];
    for (let n = -120; n <= 1_200; n += 1) {
      const form = rules.select(n);
      const word = form === 'one' ? 'одна' : form === 'few' ? 'несколько' : 'много';
      expect(plural(n, forms), `${n}`).toBe(`${new Intl.NumberFormat('ru-RU').format(n)} ${word}`);
    }
    expect(plural(1.5, forms)).toBe('1,5 много');
    expect(plural(1_000_001, forms)).toBe('1\u00a0000\u00a0001 одна');
  });
});
