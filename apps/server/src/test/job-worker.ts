/**
 * One engine process of the two-node job test (lib/jobs.pg-test.ts): works the test queue of the
 * database in DATABASE_URL and records every job it runs, until it is stopped.
 */
import { openDatabase } from '../db/client';
import { JobQueue } from '../lib/jobs';

const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
const name = process.env.WORKER_NAME ?? String(process.pid);
const jobs = new JobQueue(handle, { workers: true });
jobs.work<{ n: number }>(
  'test.count',
  async (_data, job) => {
    await handle.executeSql('insert into job_runs (job_id, worker) values ($1, $2)', [job.id, name]);
  },
  { batchSize: 100, concurrency: 4, pollingIntervalSeconds: 0.5 },
);
await jobs.start([]);
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void jobs
    .stop()
    .then(() => handle.close())
    .then(() => process.exit(0));
});
