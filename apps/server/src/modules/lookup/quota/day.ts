import { addDays, moscowDay, moscowMidnight } from '../../../lib/moscow';

/**
 * The Moscow day a quota counts (lib/moscow.ts), kept until it ends: every lookup needs it, and it
 * changes once a day, so the day's string and its end are worked out once a day, not per lookup.
 */
let today = { day: '', start: 0, end: 0, refreshAt: new Date(0) };

function dayAt(now: Date): typeof today {
  const t = now.getTime();
  if (t < today.start || t >= today.end) {
    const day = moscowDay(now);
    const start = moscowMidnight(day).getTime();
    const refreshAt = moscowMidnight(addDays(day, 1));
    today = { day, start, end: refreshAt.getTime(), refreshAt };
  }
  return today;
}

/** The Moscow calendar day of an instant, `YYYY-MM-DD`: lib/moscow's `moscowDay`, cached for the day. */
export function quotaDay(now: Date): string {
  return dayAt(now).day;
}

/** The next 00:00 Moscow time after `now`: when the quota renews (one shared Date per day: never mutate it). */
export function nextMoscowMidnight(now: Date): Date {
  return dayAt(now).refreshAt;
}
