// The job queues of the porting module and their retry policies (registered in src/queues.ts).

export const ADVANCE_QUEUE = 'porting.advance';
export const FAILED_QUEUE = 'porting.failed';
export const EXPIRE_QUEUE = 'porting.expire-drafts';
/** Withdraws an application at the central database that the site no longer pursues (retried). */
export const WITHDRAW_QUEUE = 'porting.withdraw';
export const WITHDRAW_FAILED_QUEUE = 'porting.withdraw-failed';
/** Files a held application whose watcher did not answer in time (hold.ts). */
export const HOLD_QUEUE = 'porting.hold-lapse';

export const PORTING_QUEUES = [
  { name: FAILED_QUEUE },
  { name: EXPIRE_QUEUE },
  { name: WITHDRAW_FAILED_QUEUE },
  // One lapse job per held portation; retried like the engine's steps.
  { name: HOLD_QUEUE, policy: 'stately', retryLimit: 10, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 },
  {
    name: WITHDRAW_QUEUE,
    // One withdrawal per portation at a time; a central database that does not answer is asked again
    // for about a day (backoff from 10 s), then the failure is written on the timeline.
    policy: 'stately',
    retryLimit: 14,
    retryDelay: 10,
    retryBackoff: true,
    deadLetter: WITHDRAW_FAILED_QUEUE,
    expireInSeconds: 120,
  },
  {
    name: ADVANCE_QUEUE,
    // One waiting and one running job per portation (the singleton key), never two at once.
    policy: 'stately',
    retryLimit: 10,
    retryDelay: 5,
    retryBackoff: true,
    deadLetter: FAILED_QUEUE,
    expireInSeconds: 120,
  },
] as const;
