/**
 * The site's one clock (issue 37). Every rule that depends on the time is handed a `Clock` — the
 * porting rules as `deps.now`, a route as `app.clock`, a function as a `now` argument — so a test sets
 * the time instead of waiting for it or depending on today's date. This file is the only one that reads
 * the machine's time (`clock.test.ts` holds every other source file to it).
 */

/** The time now, as the site reads it. */
export type Clock = () => Date;

/** The machine's wall clock: what the server runs on. */
export const systemClock: Clock = () => new Date();

/**
 * Milliseconds of the wall clock, for infrastructure timers that measure a window rather than decide a
 * rule (a cache entry's lifetime, a rate limiter's minute, a job's start delay).
 */
export const wallClockMs = (): number => Date.now();

/** A clock a test sets and moves (the tests' `{ t }` with `() => new Date(clock.t)`, as one value). */
export interface ManualClock extends Clock {
  /** The time it shows, in ms since the epoch. */
  t: number;
  set(at: Date | string | number): void;
  advance(ms: number): void;
}

export function manualClock(start: Date | string | number): ManualClock {
  const clock = (() => new Date(clock.t)) as ManualClock;
  clock.t = new Date(start).getTime();
  clock.set = (at) => {
    clock.t = new Date(at).getTime();
  };
  clock.advance = (ms) => {
    clock.t += ms;
  };
  return clock;
}
