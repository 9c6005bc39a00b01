import { Param, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, DatabaseHandle } from '../db/client';
import { rowsOf, typedRows } from '../db/rows';
import { wallClockMs } from './clock';

/**
 * Background jobs on pg-boss (decision 008): the job rows live in the site's own database, on
 * PostgreSQL and on the embedded PGlite alike, fetched with FOR UPDATE SKIP LOCKED so several
 * nodes never take the same job. A job sent inside a transaction exists exactly when the change
 * that asked for it was committed.
 */

/** pg-boss keeps its tables in this schema of the site's database. */
export const JOBS_SCHEMA = 'pgboss';

/** A queue and how its jobs are retried. */
export interface QueueSpec {
  name: string;
  /** `stately`: at most one job waiting and one running per singleton key (one per portation). */
  policy?: 'standard' | 'stately';
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  /** Where a job goes once its retries are spent. */
  deadLetter?: string;
  expireInSeconds?: number;
}

export interface SendOptions {
  startAfter?: Date;
  singletonKey?: string;
}

/** The statements of a drizzle transaction as pg-boss's executor, so a job is sent inside it. */
export function transactionExecutor(tx: Database): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      // `$1 … $n` placeholders become drizzle parameters of the same transaction.
      const chunks: ReturnType<typeof sql.raw>[] = [];
      let last = 0;
      for (const match of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(last, match.index)));
        // drizzle drops an undefined parameter from the text; pg-boss means NULL by it.
        const value = values[Number(match[1]) - 1] ?? null;
        const param =
          value !== null && typeof value === 'object' && !(value instanceof Date) && !Array.isArray(value)
            ? JSON.stringify(value)
            : value;
        // An array (pg-boss's job ids, `$2::uuid[]`) is one parameter: drizzle would spread it into a list.
        chunks.push(Array.isArray(param) ? sql`${new Param(param)}` : sql`${param}`);
        last = (match.index ?? 0) + match[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      return { rows: await rowsOf<Record<string, unknown>>(tx, sql.join(chunks)) };
    },
  };
}

/** Connection-level options shared by every pg-boss instance of the site. */
function bossOptions(handle: DatabaseHandle): PgBoss.ConstructorOptions {
  return {
    db: { executeSql: (text: string, values: unknown[]) => handle.executeSql(text, values) },
    schema: JOBS_SCHEMA,
    // Finished jobs are kept a week for inspection, then archived and dropped by pg-boss itself.
    archiveCompletedAfterSeconds: 7 * 24 * 3600,
    deleteAfterDays: 7,
  };
}

/**
 * Creates pg-boss's tables (pg-boss migrates its own schema, under an advisory lock, so several
 * nodes may do this at once) and the queues; safe to run on every start.
 */
export async function installJobs(handle: DatabaseHandle, queues: readonly QueueSpec[]): Promise<void> {
  const boss = new PgBoss({ ...bossOptions(handle), supervise: false, schedule: false });
  await boss.start();
  try {
    await createQueues(boss, queues);
  } finally {
    await boss.stop({ graceful: false, wait: true, close: false });
  }
}

async function createQueues(boss: PgBoss, queues: readonly QueueSpec[]): Promise<void> {
  // Dead-letter queues first: a queue names its dead letter by a foreign key.
  const ordered = [...queues].sort((a, b) => Number(a.deadLetter !== undefined) - Number(b.deadLetter !== undefined));
  for (const q of ordered) {
    const { name, ...options } = q;
    await boss.createQueue(name, { name, policy: 'standard', ...options });
  }
}

/** A job whose retries are spent. */
export interface FailedJob {
  id: string;
  queue: string;
  data: unknown;
  /** What the last attempt threw (pg-boss keeps `{ message }`). */
  output: unknown;
  retryCount: number;
  createdOn: Date;
  failedOn: Date | null;
}

/** A job's state as the staff desk and the metrics name it. */
export type JobState = 'waiting' | 'active' | 'failed';

export type JobHandler<T> = (data: T, job: { id: string; retryCount: number }) => Promise<void>;

/**
 * Runs a fetched batch at once; answers, job by job in the order given, what failed it (undefined
 * when it succeeded).
 */
export type BatchHandler<T> = (jobs: { data: T; id: string; retryCount: number }[]) => Promise<unknown[]>;

interface Worker {
  queue: string;
  handler: JobHandler<never>;
  batchHandler?: BatchHandler<never>;
  batchSize: number;
  concurrency: number;
  pollingIntervalSeconds: number;
}

/**
 * How often a worker polls when every sender is in its own process (PGlite): the sends wake it, so
 * the poll only catches what pg-boss itself makes due (retries, dead letters, cron).
 */
export const LOCAL_POLL_SECONDS = 5;
/** A wake-up further ahead than this is left to the poll. */
const LONGEST_WAKE_UP_MS = 6 * 3600_000;
/** A delayed job is due once the database's clock has passed its start: woken a little after it. */
const WAKE_UP_MARGIN_MS = 50;

/**
 * The site's job queue: send jobs (inside a transaction when given one) and run the handlers of
 * the queues this node works on.
 *
 * With `localWakeUps` (PGlite, where every sender is in this process) a send wakes the queue's
 * workers at once, or when its `startAfter` comes, and they poll only every LOCAL_POLL_SECONDS: a
 * fetch there is a synchronous query on the event loop (2–3 ms), and thirteen of them a second were
 * most of an idle node's work. A wake-up inside a transaction is safe there: PGlite runs one
 * statement or transaction at a time, so the woken worker's fetch waits for the commit.
 */
export class JobQueue {
  readonly boss: PgBoss;
  private readonly workers: Worker[] = [];
  private readonly workerIds = new Map<string, string[]>();
  private readonly wakeUps = new Set<NodeJS.Timeout>();
  private started = false;

  constructor(
    private readonly handle: DatabaseHandle,
    private readonly options: {
      workers: boolean;
      localWakeUps?: boolean;
      onError?: (err: Error) => void;
      /** A job of `queue` threw (the metrics count it). */
      onJobFailed?: (queue: string) => void;
    },
  ) {
    // Maintenance and cron run on every node; pg-boss elects one per interval through the database.
    this.boss = new PgBoss({ ...bossOptions(handle), supervise: options.workers, schedule: options.workers });
    this.boss.on('error', (err: Error) => options.onError?.(err));
  }

  /** Runs `handler` for every job of `queue` on this node (once started, and only if workers are on). */
  work<T>(
    queue: string,
    handler: JobHandler<T>,
    options: { batchSize?: number; concurrency?: number; pollingIntervalSeconds?: number } = {},
  ): void {
    this.workers.push({
      queue,
      handler: handler as JobHandler<never>,
      batchSize: options.batchSize ?? 20,
      concurrency: options.concurrency ?? 1,
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
    });
  }

  /** Runs `handler` for every fetched batch of `queue` on this node (as `work`, the whole batch at once). */
  workBatch<T>(
    queue: string,
    handler: BatchHandler<T>,
    options: { batchSize?: number; concurrency?: number; pollingIntervalSeconds?: number } = {},
  ): void {
    this.work<T>(queue, async () => {}, options);
    const w = this.workers.at(-1);
    if (w) w.batchHandler = handler as BatchHandler<never>;
  }

  /** Starts pg-boss and this node's workers. */
  async start(queues: readonly QueueSpec[]): Promise<void> {
    await this.boss.start();
    this.started = true;
    await createQueues(this.boss, queues);
    if (!this.options.workers) return;
    const pollingIntervalSeconds = (w: Worker) =>
      this.options.localWakeUps ? Math.max(w.pollingIntervalSeconds, LOCAL_POLL_SECONDS) : w.pollingIntervalSeconds;
    for (const w of this.workers) {
      for (let i = 0; i < w.concurrency; i++) {
        const id = await this.boss.work<object>(
          w.queue,
          { batchSize: w.batchSize, pollingIntervalSeconds: pollingIntervalSeconds(w), includeMetadata: true },
          (jobs) => this.runBatch(w, jobs),
        );
        this.workerIds.set(w.queue, [...(this.workerIds.get(w.queue) ?? []), id]);
      }
    }
  }

  /** With local wake-ups: wakes this node's workers of `queue` now, or at `at`. */
  private wake(queue: string, at?: Date): void {
    const ids = this.options.localWakeUps && this.started ? this.workerIds.get(queue) : undefined;
    if (!ids) return;
    const notify = () => {
      for (const id of ids) this.boss.notifyWorker(id);
    };
    const delay = at ? at.getTime() - wallClockMs() : 0;
    if (delay <= 0) {
      notify();
      return;
    }
    if (delay > LONGEST_WAKE_UP_MS) return;
    const timer = setTimeout(() => {
      this.wakeUps.delete(timer);
      notify();
    }, delay + WAKE_UP_MARGIN_MS);
    timer.unref();
    this.wakeUps.add(timer);
  }

  /**
   * Runs a fetched batch job by job: a job that throws is failed on its own (and retried by
   * pg-boss) while the others of the batch complete.
   */
  private async runBatch(w: Worker, jobs: PgBoss.JobWithMetadata<object>[]): Promise<void> {
    if (w.batchHandler) {
      const failures = await w
        .batchHandler(jobs.map((job) => ({ data: job.data as never, id: job.id, retryCount: job.retryCount })))
        .catch((err: unknown) => jobs.map(() => err ?? new Error('batch failed')));
      await Promise.all(
        jobs.map((job, i) => (failures[i] === undefined ? undefined : this.failJob(w, job.id, failures[i]))),
      );
      return;
    }
    await Promise.all(
      jobs.map(async (job) => {
        try {
          await w.handler(job.data as never, { id: job.id, retryCount: job.retryCount });
        } catch (err) {
          await this.failJob(w, job.id, err);
        }
      }),
    );
  }

  private async failJob(w: Worker, id: string, err: unknown): Promise<void> {
    this.options.onJobFailed?.(w.queue);
    await this.boss.fail(w.queue, id, { message: err instanceof Error ? err.message : String(err) });
    this.options.onError?.(err instanceof Error ? err : new Error(String(err)));
  }

  /** Sends a job; with `tx` it is part of that transaction. */
  async send(queue: string, data: object, options: SendOptions = {}, tx?: Database): Promise<void> {
    await this.boss.send(queue, data, {
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(tx ? { db: transactionExecutor(tx) } : {}),
    });
    this.wake(queue, options.startAfter);
  }

  /** Sends several jobs of `queue` in one statement; with `tx` they are part of that transaction. */
  async sendMany(queue: string, jobs: { data: object; options?: SendOptions }[], tx?: Database): Promise<void> {
    if (jobs.length === 0) return;
    await this.boss.insert(
      jobs.map(({ data, options = {} }) => ({
        name: queue,
        data,
        ...(options.startAfter ? { startAfter: options.startAfter.toISOString() } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      })) as PgBoss.JobInsert[],
      tx ? { db: transactionExecutor(tx) } : {},
    );
    for (const { options } of jobs) this.wake(queue, options?.startAfter);
  }

  /**
   * Jobs by queue and state across the site: waiting (created or due for a retry), active, failed (retries
   * spent; a queue with a dead letter moves them there as new jobs). Finished jobs are not counted.
   */
  async countsByState(): Promise<{ queue: string; state: JobState; count: number }[]> {
    const { rows } = await this.handle.executeSql(
      `select name as queue,
              case when state in ('created', 'retry') then 'waiting' else state::text end as state,
              count(*)::int as count
         from ${JOBS_SCHEMA}.job
        where state in ('created', 'retry', 'active', 'failed')
        group by 1, 2`,
      [],
    );
    return rows as { queue: string; state: JobState; count: number }[];
  }

  /** The newest jobs whose retries are spent (state failed), for the staff desk. */
  async failedJobs(limit: number): Promise<FailedJob[]> {
    const { rows } = await this.handle.executeSql(
      `select id, name as queue, data, output, retry_count as "retryCount", created_on as "createdOn",
              completed_on as "failedOn"
         from ${JOBS_SCHEMA}.job where state = 'failed' order by completed_on desc nulls last limit $1`,
      [limit],
    );
    return typedRows<FailedJob>({ rows });
  }

  /** Puts a failed job back in its queue, inside `tx` (the staff audit's transaction). */
  async retry(queue: string, id: string, tx: Database): Promise<void> {
    await this.boss.retry(queue, id, { db: transactionExecutor(tx) });
  }

  /** Sends a periodic job on a cron schedule (Moscow time). */
  async schedule(queue: string, cron: string): Promise<void> {
    await this.boss.schedule(queue, cron, {}, { tz: 'Europe/Moscow' });
  }

  /** Stops taking jobs and waits for the running ones to finish (up to `timeoutMs`). */
  async stop(timeoutMs = 20_000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    for (const timer of this.wakeUps) clearTimeout(timer);
    this.wakeUps.clear();
    // A database that is already gone (a failed start, a test) must not keep the app from closing.
    await this.boss
      .stop({ graceful: true, wait: true, close: false, timeout: timeoutMs })
      .catch((err: unknown) => this.options.onError?.(err instanceof Error ? err : new Error(String(err))));
  }
}
