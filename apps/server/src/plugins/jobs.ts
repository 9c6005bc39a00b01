import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JobQueue, type QueueSpec } from '../lib/jobs';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs (pg-boss): send them, and register this node's workers before the app is ready. */
    jobs: JobQueue;
  }
}

/**
 * Starts the job queue when the app is ready (workers registered by the domain plugins start with
 * it) and stops it before the database closes: running jobs finish, queued ones wait for any node.
 */
export default fp(
  async function jobsPlugin(app: FastifyInstance, opts: { workers: boolean; queues: readonly QueueSpec[] }) {
    const jobs = new JobQueue(app.database, {
      workers: opts.workers,
      // PGlite is one process: the sends themselves wake the workers (lib/jobs.ts).
      localWakeUps: app.database.kind === 'pglite',
      onError: (err) => app.log.warn({ err }, 'job failed'),
      onJobFailed: (queue) => app.metrics.jobFailed(queue),
    });
    app.decorate('jobs', jobs);
    app.addHook('onReady', async () => jobs.start(opts.queues));
    // A graceful stop (plugins/drain.ts): no new jobs are taken and the running ones finish before the
    // database closes in onClose; what is queued waits for any node.
    app.addHook('preClose', async () => jobs.stop());
  },
  { name: 'jobs', dependencies: ['database', 'metrics'] },
);
