import { describe, expect, it } from 'vitest';
import { addMonths, initialDay, isAllowedDay, moscowToday, portationWindow } from './dates';

describe('porting dates', () => {
  it('counts the day in Moscow, not in the browser’s zone', () => {
    // 22:30 UTC on 1 September is already 2 September in Moscow (UTC+3).
    expect(moscowToday(new Date('2024-09-01T22:30:00Z'))).toBe('2024-09-02');
    expect(moscowToday(new Date('2024-09-01T20:59:00Z'))).toBe('2024-09-01');
  });

  it('allows from 8 days to 6 months ahead', () => {
    const w = portationWindow(new Date('2024-09-01T09:00:00Z'));
    expect(w).toEqual({ earliest: '2024-09-09', latest: '2025-03-01' });
    expect(isAllowedDay('2024-09-08', w)).toBe(false);
    expect(isAllowedDay('2024-09-09', w)).toBe(true);
    expect(isAllowedDay('2025-03-01', w)).toBe(true);
    expect(isAllowedDay('2025-03-02', w)).toBe(false);
    expect(isAllowedDay('2024-09-31', w)).toBe(false);
    expect(isAllowedDay('09.09.2024', w)).toBe(false);
  });

  it('keeps the month’s last day when six months later has no such day', () => {
    expect(addMonths('2024-08-31', 6)).toBe('2025-02-28');
    expect(addMonths('2023-08-31', 6)).toBe('2024-02-29');
  });

  it('preselects the order’s day while allowed, else the earliest', () => {
    const w = { earliest: '2024-09-09', latest: '2025-03-01' };
    expect(initialDay(null, w)).toBe('2024-09-09');
    expect(initialDay('2024-10-01', w)).toBe('2024-10-01');
    expect(initialDay('2024-09-05', w)).toBe('2024-09-09');
  });
});
