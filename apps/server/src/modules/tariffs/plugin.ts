import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TariffIndex } from './memory-index';

declare module 'fastify' {
  interface FastifyInstance {
    /** This node's copy of the tariff catalogue, which the list calls search (decision 012). */
    tariffIndex: TariffIndex;
  }
}

/**
 * The tariffs module's composition root: this node's in-memory catalogue, built when the app is ready and
 * kept current by polling the catalogue version; the database stays the source of truth.
 */
export default fp(
  async function tariffsPlugin(app: FastifyInstance, opts: { pollMs: number }) {
    const index = new TariffIndex(app.db, { pollMs: opts.pollMs, log: app.log });
    app.decorate('tariffIndex', index);
    app.addHook('onReady', async () => {
      // An unmigrated database (the OpenAPI export) has no catalogue: searches then wait for a later poll.
      await index.start().catch((err: unknown) => app.log.error({ err }, 'тарифы: индекс не построен'));
    });
    app.addHook('onClose', async () => index.stop());
  },
  { name: 'tariffs', dependencies: ['database'] },
);
