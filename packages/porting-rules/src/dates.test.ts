import { describe, expect, it } from 'vitest';
import { formatDayInWords, formatDayNumeric } from './dates';

describe('a calendar day as the site writes it', () => {
  it('in figures: day, month and year with leading zeros', () => {
    expect(formatDayNumeric('2026-12-02')).toBe('02.12.2026');
    expect(formatDayNumeric('2027-01-31')).toBe('31.01.2027');
  });

  it('in words: the day without a leading zero and the month in the genitive', () => {
    expect(formatDayInWords('2026-12-02')).toBe('2 декабря 2026');
    expect(formatDayInWords('2024-09-02')).toBe('2 сентября 2024');
    expect(formatDayInWords('2025-05-15')).toBe('15 мая 2025');
  });
});
