import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { installJobs, JOBS_SCHEMA, JobQueue } from './jobs';

/** Waits, with a bound, until `done()` holds (the bound only fails a queue that never gets there). */
const until = (done: () => boolean, timeout = 20_000) =>
  vi.waitFor(
    () => {
      if (!done()) throw new Error('not yet');
    },
    { timeout, interval: 20 },
  );

describe('the job queue', () => {
  let db: TestDatabase;
  let jobs: JobQueue;
  const ran: string[] = [];
  const dead: string[] = [];
  beforeAll(async () => {
    db = await createTestDatabase({ seed: 'none' });
    const queues = [
      { name: 't.dead' },
      { name: 't.work', retryLimit: 2, retryDelay: 1, retryBackoff: false, deadLetter: 't.dead' },
    ];
    await installJobs(db.handle, queues);
    jobs = new JobQueue(db.handle, { workers: true });
    jobs.work<{ name: string; fail: boolean }>(
      't.work',
      async (data, job) => {
        ran.push(`${data.name}#${job.retryCount}`);
        if (data.fail) throw new Error('сбой');
      },
      { batchSize: 10, pollingIntervalSeconds: 0.5 },
    );
    jobs.work<{ name: string }>('t.dead', async (data) => {
      dead.push(data.name);
    });
    await jobs.start(queues);
  });
  afterAll(async () => {
    await jobs?.stop();
    await db?.drop();
  });

  it('retries a failing job, then hands it to its dead-letter queue; the others of its batch complete once', async () => {
    for (const name of ['a', 'b', 'c']) await jobs.send('t.work', { name, fail: name === 'b' });
    await until(() => dead.length > 0 && ran.includes('a#0') && ran.includes('c#0'));
    expect(dead).toEqual(['b']);
    expect(ran.filter((r) => r.startsWith('a'))).toEqual(['a#0']);
    expect(ran.filter((r) => r.startsWith('c'))).toEqual(['c#0']);
    expect(ran.filter((r) => r.startsWith('b'))).toEqual(['b#0', 'b#1', 'b#2']);
  }, 30_000);

  it('sends a job inside a transaction: rolled back, it never existed', async () => {
    const before = ran.length;
    await db.handle.db
      .transaction(async (tx) => {
        await jobs.send('t.work', { name: 'rolled-back', fail: false }, {}, tx);
        throw new Error('отмена');
      })
      .catch(() => undefined);
    await db.handle.db.transaction(async (tx) => jobs.send('t.work', { name: 'committed', fail: false }, {}, tx));
    await until(() => ran.includes('committed#0'));
    expect(ran.slice(before)).toEqual(['committed#0']);
    // Not merely not run yet: the queue has no such job to run later.
    const { rows } = await db.handle.executeSql(
      `select count(*)::int as count from ${JOBS_SCHEMA}.job where data->>'name' = 'rolled-back'`,
    );
    expect(rows[0]?.count).toBe(0);
  }, 20_000);
});

describe('the job queue on PGlite, where every sender is in the process', () => {
  let handle: DatabaseHandle;
  let jobs: JobQueue;
  const ran = new Map<string, number>();
  const queues = [{ name: 'w.work' }];
  let fetchedOnce = false;
  beforeAll(async () => {
    handle = await openDatabase({ pgliteDir: 'memory://' });
    await installJobs(handle, queues);
    jobs = new JobQueue(handle, { workers: true, localWakeUps: true });
    // A poll an hour apart: after the workers' first fetch, only a wake-up can run a job within the test.
    jobs.work<{ name: string }>(
      'w.work',
      async (data) => {
        ran.set(data.name, Date.now());
      },
      { pollingIntervalSeconds: 3600 },
    );
    await jobs.start(queues);
    // Past the workers' first fetch: a job sent now runs only because the send wakes them.
    await jobs.send('w.work', { name: 'first fetch' });
    await until(() => ran.has('first fetch'));
    fetchedOnce = true;
  });
  afterAll(async () => {
    await jobs?.stop();
    await handle?.close();
  });

  it('runs a job as soon as it is sent, not at the next poll; one sent in a transaction once it commits', async () => {
    expect(fetchedOnce).toBe(true);
    await jobs.send('w.work', { name: 'now' });
    await until(() => ran.has('now'));

    await handle.db
      .transaction(async (tx) => {
        await jobs.send('w.work', { name: 'rolled back' }, {}, tx);
        throw new Error('отмена');
      })
      .catch(() => undefined);
    await handle.db.transaction(async (tx) => {
      await jobs.send('w.work', { name: 'committed' }, {}, tx);
      // The woken worker's fetch is issued now, while the transaction is open: it waits for the commit
      // (PGlite runs one at a time), so the job is not lost to a fetch that came too early.
      for (let turn = 0; turn < 10; turn++) await new Promise((r) => setImmediate(r));
    });
    await until(() => ran.has('committed'));
    expect(ran.has('rolled back')).toBe(false);
  });

  it('runs a delayed job once it is due, not before, without waiting for a poll', async () => {
    const startAfter = new Date(Date.now() + 500);
    await jobs.send('w.work', { name: 'later' }, { startAfter });
    await until(() => ran.has('later'));
    expect(ran.get('later')).toBeGreaterThanOrEqual(startAfter.getTime());
  });
});
