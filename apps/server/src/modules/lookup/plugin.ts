import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { LookupConfig } from '../../config/env';
import { BatchGate } from './batch/batch-gate';
import { LookupEngine } from './index/engine';
import type { QuotaClient, QuotaStore } from './quota/store';
import { quotaStoreFor } from './quota/store-for';
import { startPlanRefresh } from './registry/refresh';
import { quotaClientOf } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** This node's lookup index: the numbering plan and the ported-number registry in memory. */
    lookup: LookupEngine;
    /** Daily lookup quotas: Redis when configured, in process on PGlite, PostgreSQL otherwise (decision 011). */
    lookupQuotas: QuotaStore;
    /** Batch files processed at once on this node (BATCH_CONCURRENCY, decision 070). */
    lookupBatches: BatchGate;
    /**
     * Whose lookup quota a request spends: a signed-in user's own, else its client address's. Every call
     * that names a number's operator and region spends from it (the lookups, porting step 1).
     */
    lookupQuotaClient: (request: FastifyRequest) => QuotaClient;
  }
}

/**
 * The lookup module's composition root: this node's lookup index (built when the app is ready, kept current),
 * the plan refresh on schedule, the quota store the routes spend from, and the gate of batch files.
 */
export default fp(
  async function lookupPlugin(app: FastifyInstance, opts: { lookup: LookupConfig }) {
    const engine = new LookupEngine(app.db, { pollMs: opts.lookup.pollMs, log: app.log });
    const stopRefresh = startPlanRefresh(app.db, opts.lookup, app.log);
    const quotas = quotaStoreFor(app.database, app.redis, app.redisPrefix, (err) =>
      app.log.warn({ err }, 'Redis: нет соединения (лимит проверок)'),
    );
    app.decorate('lookup', engine);
    app.decorate('lookupQuotas', quotas);
    app.decorate('lookupBatches', new BatchGate(opts.lookup.batchConcurrency));
    app.decorate('lookupQuotaClient', (request: FastifyRequest) =>
      quotaClientOf(request.user, request.ip, opts.lookup),
    );
    app.addHook('onReady', async () => engine.start());
    app.addHook('onClose', async () => {
      await engine.stop();
      stopRefresh();
      await quotas.close();
    });
  },
  { name: 'lookup', dependencies: ['database', 'redis'] },
);
