import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { LookupConfig } from '../../config/env';
import { LookupEngine } from './engine';
import { startPlanRefresh } from './refresh';

declare module 'fastify' {
  interface FastifyInstance {
    /** This node's lookup index: the numbering plan and the ported-number registry in memory. */
    lookup: LookupEngine;
  }
}

/** Builds this node's lookup index when the app is ready, keeps it current, and refreshes the plan on schedule. */
export default fp(
  async function lookupPlugin(app: FastifyInstance, opts: { lookup: LookupConfig }) {
    const engine = new LookupEngine(app.db, { pollMs: opts.lookup.pollMs, log: app.log });
    const stopRefresh = startPlanRefresh(app.db, opts.lookup, app.log);
    app.decorate('lookup', engine);
    app.addHook('onReady', async () => engine.start());
    app.addHook('onClose', async () => {
      await engine.stop();
      stopRefresh();
    });
  },
  { name: 'lookup', dependencies: ['database'] },
);
