import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { installJobs, JobQueue } from './jobs';

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
