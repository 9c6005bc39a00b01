import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { installJobs, JobQueue, LOCAL_POLL_SECONDS } from './jobs';

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
    const deadline = Date.now() + 20_000;
    while (dead.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
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
    const deadline = Date.now() + 10_000;
    while (!ran.includes('committed#0') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1000));
    expect(ran.slice(before)).toEqual(['committed#0']);
  }, 20_000);
});

describe('the job queue on PGlite, where every sender is in the process', () => {
  let handle: DatabaseHandle;
  let jobs: JobQueue;
  const ran = new Map<string, number>();
  const queues = [{ name: 'w.work' }];
  beforeAll(async () => {
    handle = await openDatabase({ pgliteDir: 'memory://' });
    await installJobs(handle, queues);
    jobs = new JobQueue(handle, { workers: true, localWakeUps: true });
    jobs.work<{ name: string }>('w.work', async (data) => {
      ran.set(data.name, Date.now());
    });
    await jobs.start(queues);
    // The workers' first fetch is over: from here on they poll only every LOCAL_POLL_SECONDS.
    await new Promise((r) => setTimeout(r, 300));
  });
  afterAll(async () => {
    await jobs?.stop();
    await handle?.close();
  });

  const ranWithin = async (name: string, ms: number) => {
    const deadline = Date.now() + ms;
    while (!ran.has(name) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return ran.get(name);
  };

  it('runs a job as soon as it is sent, not at the next poll; one sent in a transaction once it commits', async () => {
    const quick = 1500;
    expect(quick).toBeLessThan(LOCAL_POLL_SECONDS * 1000 - 2000);
    let sent = Date.now();
    await jobs.send('w.work', { name: 'now' });
    expect((await ranWithin('now', quick)) ?? Infinity).toBeLessThan(sent + quick);

    await handle.db
      .transaction(async (tx) => {
        await jobs.send('w.work', { name: 'rolled back' }, {}, tx);
        throw new Error('отмена');
      })
      .catch(() => undefined);
    sent = Date.now();
    await handle.db.transaction(async (tx) => {
      await jobs.send('w.work', { name: 'committed' }, {}, tx);
      // The woken worker's fetch waits for the commit: the job is not lost to a fetch that came too early.
      await new Promise((r) => setTimeout(r, 200));
    });
    expect((await ranWithin('committed', quick)) ?? Infinity).toBeLessThan(sent + quick);
    expect(ran.has('rolled back')).toBe(false);
  }, 10_000);

  it('runs a delayed job when it is due, not before and not at the next poll', async () => {
    // A job run now puts the workers' next poll LOCAL_POLL_SECONDS from here.
    await jobs.send('w.work', { name: 'marker' });
    await ranWithin('marker', LOCAL_POLL_SECONDS * 1000 + 2000);
    const sent = Date.now();
    await jobs.send('w.work', { name: 'later' }, { startAfter: new Date(sent + 1200) });
    const at = (await ranWithin('later', 3500)) ?? Infinity;
    expect(at).toBeGreaterThanOrEqual(sent + 1200);
    expect(at).toBeLessThan(sent + 3500);
  }, 15_000);
});
