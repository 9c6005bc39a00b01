import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatRub, plural } from './format';

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
