import { describe, expect, it } from 'vitest';
import { formatDayInWords, formatDayNumeric, formatMomentInWords, formatWindow } from './dates';

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

  it('the porting window from its real start and end: the night, or a demo’s real minutes', () => {
    // 00:00–06:00 Moscow of 7 December.
    expect(formatWindow('2026-12-06T21:00:00Z', '2026-12-07T03:00:00Z')).toBe('7 декабря 2026, 00:00–06:00 (МСК)');
    // At PORTING_TIME_SCALE=5000 the night lasts 4.3 s: the minute it really happens.
    expect(formatWindow('2026-12-02T08:47:03Z', '2026-12-02T08:47:07Z')).toBe('2 декабря 2026, 11:47 (МСК)');
    expect(formatWindow('2026-12-02T08:47:58Z', '2026-12-02T08:48:02Z')).toBe('2 декабря 2026, 11:47–11:48 (МСК)');
    expect(formatWindow('2026-12-02T20:59:00Z', '2026-12-02T21:01:00Z')).toBe(
      '2 декабря 2026, 23:59–3 декабря 2026, 00:01 (МСК)',
    );
    expect(formatMomentInWords(new Date('2026-12-01T21:05:00Z'))).toBe('2 декабря 2026, 00:05');
  });
});
