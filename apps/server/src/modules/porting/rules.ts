import { addDays, addMonths, formatDay, moscowDay } from '../../lib/moscow';

/**
 * The rules of Russian mobile number portability the site applies before the central database
 * does: the porting date is from 8 days to 6 months after the application, and a number is moved
 * again no sooner than 60 days after its last porting.
 */
export const MIN_DAYS_AHEAD = 8;
export const MAX_MONTHS_AHEAD = 6;
export const MIN_DAYS_BETWEEN_PORTINGS = 60;
/**
 * How long an application for a number someone else watches waits for the watcher's answer before it is
 * filed anyway: the site may not keep a subscriber from porting their number, only give its watcher a
 * day to say «Это не я». A person's time to answer: not scaled by PORTING_TIME_SCALE.
 */
export const HOLD_HOURS = 24;
/** An order nobody submitted is removed after this many days. */
export const DRAFT_LIFETIME_DAYS = 7;

/** The first and last porting day allowed for an application made at `now` (Moscow days). */
export function portationWindow(now: Date): { earliest: string; latest: string } {
  const today = moscowDay(now);
  return { earliest: addDays(today, MIN_DAYS_AHEAD), latest: addMonths(today, MAX_MONTHS_AHEAD) };
}

/** The first day a number last ported on `lastPortation` may be ported again; null when it may now. */
export function nextPortingAllowed(lastPortation: string | null, now: Date): string | null {
  if (lastPortation === null) return null;
  const allowed = addDays(lastPortation.slice(0, 10), MIN_DAYS_BETWEEN_PORTINGS);
  return moscowDay(now) < allowed ? allowed : null;
}

/** The plain-words refusal of a recent porting. */
export function recentlyPortedMessage(lastPortation: string, allowed: string): string {
  return `Номер переносили ${formatDay(lastPortation.slice(0, 10))}. Повторно перенести его можно с ${formatDay(allowed)}: между переносами должно пройти не меньше ${MIN_DAYS_BETWEEN_PORTINGS} дней.`;
}
