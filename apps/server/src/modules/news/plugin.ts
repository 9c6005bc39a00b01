import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { NEWS_DUE_QUEUE, storyDue } from './staff-service';

/** News's background part: the job that makes a scheduled story public on every node. */
export default fp(
  async function newsPlugin(app: FastifyInstance) {
    app.jobs.work(NEWS_DUE_QUEUE, () => storyDue(app.db));
  },
  { name: 'news', dependencies: ['database', 'jobs'] },
);
