import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  isAllowedDay,
  isCalendarDay,
  moscowDay,
  nextPortingAllowed,
  portationWindow,
} from './index';

// Fixed instants, never today's date: the rules are the same on any day the tests run.
describe('the porting window', () => {
  it('runs from 8 days to 6 months after the Moscow day of the application', () => {
    expect(portationWindow(new Date('2026-11-26T12:00:00Z'))).toEqual({ earliest: '2026-12-04', latest: '2027-05-26' });
    // 21:30 UTC is already the next day in Moscow.
    expect(portationWindow(new Date('2026-11-26T21:30:00Z'))).toEqual({ earliest: '2026-12-05', latest: '2027-05-27' });
  });

  it('ends on the last day of a shorter month, as a calendar does', () => {
    expect(portationWindow(new Date('2026-08-31T09:00:00Z')).latest).toBe('2027-02-28');
    expect(addMonths('2028-08-31', 6)).toBe('2029-02-28');
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29');
  });

  it('takes both ends and only real days', () => {
    const window = { earliest: '2026-12-04', latest: '2027-05-26' };
    expect(isAllowedDay('2026-12-04', window)).toBe(true);
    expect(isAllowedDay('2027-05-26', window)).toBe(true);
    expect(isAllowedDay('2026-12-03', window)).toBe(false);
    expect(isAllowedDay('2027-05-27', window)).toBe(false);
    expect(isAllowedDay('2027-02-30', window)).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
  });
});

describe('the days between portings', () => {
  it('allows a number again 60 days after its last porting', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    expect(nextPortingAllowed(null, now)).toBeNull();
    expect(nextPortingAllowed('2026-10-01', now)).toBe('2026-11-30');
    expect(nextPortingAllowed('2026-09-27T10:00:00Z', now)).toBeNull();
  });
});

describe('Moscow days', () => {
  it('are UTC+3 whatever the machine says', () => {
    expect(moscowDay(new Date('2026-11-26T20:59:59Z'))).toBe('2026-11-26');
    expect(moscowDay(new Date('2026-11-26T21:00:00Z'))).toBe('2026-11-27');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
