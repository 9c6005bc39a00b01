import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { installJobs, JobQueue } from './jobs';

// PostgreSQL only: PGlite lives inside one process, so two processes cannot share it.
const WORKER = fileURLToPath(new URL('../test/job-worker.ts', import.meta.url));
const JOBS = 10_000;

function startWorker(url: string, name: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
      env: { ...process.env, DATABASE_URL: url, WORKER_NAME: name },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout?.on('data', (d: Buffer) => {
      if (d.toString().includes('ready')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`worker ${name} exited with ${code}`)));
  });
}

describe('two engine processes on one PostgreSQL', () => {
  let db: TestDatabase;
  const workers: ChildProcess[] = [];
  beforeAll(async () => {
    db = await createTestDatabase({ seed: 'none' });
    await db.handle.executeSql('create table job_runs (job_id uuid not null, worker text not null)');
    await installJobs(db.handle, [{ name: 'test.count', retryLimit: 0 }]);
  });
  afterAll(async () => {
    for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
    await db?.drop();
  });

  it(`never run one of ${JOBS} jobs twice, and both take a share`, async () => {
    const queue = new JobQueue(db.handle, { workers: false });
    await queue.start([]);
    for (let i = 0; i < JOBS; i += 1000) {
      await queue.boss.insert(Array.from({ length: 1000 }, (_, k) => ({ name: 'test.count', data: { n: i + k } })));
    }
    await queue.stop();
    const url = db.url ?? '';
    workers.push(...(await Promise.all([startWorker(url, 'a'), startWorker(url, 'b')])));
    const count = async () => Number((await db.handle.executeSql('select count(*) as n from job_runs')).rows[0]?.n);
    const deadline = Date.now() + 120_000;
    while ((await count()) < JOBS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    // A moment more: a job run twice would show up now.
    await new Promise((r) => setTimeout(r, 1500));
    await Promise.all(
      workers.map(
        (w) =>
          new Promise((r) => {
            w.once('exit', r);
            w.kill('SIGTERM');
          }),
      ),
    );
    const { rows } = await db.handle.executeSql(
      'select count(*) as runs, count(distinct job_id) as jobs, count(distinct worker) as workers from job_runs',
    );
    expect(rows[0]).toEqual({ runs: String(JOBS), jobs: String(JOBS), workers: '2' });
    const shares = await db.handle.executeSql('select worker, count(*) as n from job_runs group by worker');
    for (const s of shares.rows) expect(Number(s.n)).toBeGreaterThan(JOBS / 10);
  }, 180_000);
});
