/**
 * The web app's one clock, as the server's `lib/clock.ts` (decision 132): a rule that depends on the time
 * takes `now` as an argument, and the page passes `systemClock()`, so a test sets the time instead of
 * reading today's date. This file is the only one of the porting rules' callers that reads the machine's time.
 */

/** The time now, as the page reads it. */
export type Clock = () => Date;

/** The browser's clock. */
export const systemClock: Clock = () => new Date();
