/**
 * PostgreSQL ends one of two transactions that wait for each other (deadlock, 40P01) and, under
 * SERIALIZABLE or REPEATABLE READ, one that read what another changed (40001). Neither is the
 * caller's fault and neither changed anything: the whole transaction is run again, a few times, a
 * moment later (decision 125).
 */

/** SQLSTATEs after which the same transaction, run again, may well succeed. */
const RETRYABLE = new Set(['40P01', '40001']);

/** True when the error (or what caused it: drizzle wraps the driver's) is a deadlock or serialization failure. */
export function isRetryableConflict(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && RETRYABLE.has(code)) return true;
  }
  return false;
}

export interface RetryOptions {
  /** Runs in all, the first included. */
  attempts: number;
  /** Waits before run n + 1 (1-based): a little longer each time, with jitter so two losers part. */
  pause: (attempt: number) => Promise<void>;
}

export const DEFAULT_RETRY: RetryOptions = {
  attempts: 5,
  pause: (attempt) => new Promise((resolve) => setTimeout(resolve, 5 * 2 ** attempt + Math.random() * 20)),
};

/** Runs `run` again while it fails with a deadlock or serialization failure, `attempts` times at most. */
export async function withConflictRetry<T>(run: () => Promise<T>, options: RetryOptions = DEFAULT_RETRY): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= options.attempts || !isRetryableConflict(error)) throw error;
      await options.pause(attempt);
    }
  }
}

/**
 * The database's top-level `transaction` made to retry (a transaction's own nested `transaction` is a
 * savepoint inside it, and is left alone: only the whole transaction can be run again).
 */
export function retryingTransactions<D extends { transaction: (...args: never[]) => Promise<unknown> }>(
  db: D,
  options: RetryOptions = DEFAULT_RETRY,
): D {
  const transaction = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
  const retrying = (...args: unknown[]) => withConflictRetry(() => transaction(...args), options);
  Object.assign(db, { transaction: retrying });
  return db;
}
