import { createBdpnStandin, DEMO_MOVED_WINDOWS } from '@perenos/bdpn-standin';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config/env';
import { deriveKey } from '../../lib/seal';
import { selfFetch } from '../../lib/self-fetch';
import { numberWatch } from '../watch';
import type { PortingDeps } from './deps';
import { DocumentPool } from './document-pool';
import { expireDrafts, finish, forgetCodeSends } from './engine';
import { advanceBatch } from './engine-batch';
import { EVENT_TEXT } from './events';
import { createHttpGateway, type PortingGateway } from './gateway';
import { releaseLapsedHold } from './hold';
import { ChangeFeed } from './live';
import { ADVANCE_QUEUE, EXPIRE_QUEUE, FAILED_QUEUE, HOLD_QUEUE, WITHDRAW_FAILED_QUEUE, WITHDRAW_QUEUE } from './queues';
import portingRoutes from './routes';
import portingStaffRoutes from './staff-routes';
import { databaseProcessStore, lookupRegistry } from './standin-store';
import { memoryStreamSlots, redisStreamSlots } from './stream-slots';
import { withdrawalFailed, withdrawJob } from './withdrawal';

/** Where the central-database stand-in is mounted (demo and test only). */
export const BDPN_STANDIN_PREFIX = '/bdpn-standin';

declare module 'fastify' {
  interface FastifyInstance {
    porting: {
      deps: PortingDeps;
      feed: ChangeFeed;
      gateway: PortingGateway | null;
      /** The order documents' worker threads and the documents kept (decision 126). */
      documents: DocumentPool;
    };
  }
}

/**
 * Porting: the order calls, the engine's jobs, the central-database gateway (the stand-in on this
 * site in demo and tests, BDPN_GATEWAY_URL otherwise) and the live stream of changes.
 */
export default fp(
  async function portingPlugin(app: FastifyInstance, opts: { config: AppConfig }) {
    const { config } = opts;
    const cfg = config.porting;
    let gateway: PortingGateway | null = null;
    if (cfg.standin) {
      const standin = createBdpnStandin({
        store: databaseProcessStore(app.db),
        registry: lookupRegistry(app.db, (msisdn) => app.lookup.lookupFresh(msisdn)),
        timeScale: cfg.timeScale,
        donorWaitMs: cfg.donorWaitMs,
        now: app.clock,
        token: cfg.gatewayToken,
        movedWindows: DEMO_MOVED_WINDOWS,
      });
      await app.register(standin.plugin, { prefix: BDPN_STANDIN_PREFIX });
      gateway = createHttpGateway({
        baseUrl: BDPN_STANDIN_PREFIX,
        token: cfg.gatewayToken,
        fetch: selfFetch(app, { inProcess: true }),
      });
    }
    if (cfg.gatewayUrl) gateway = createHttpGateway({ baseUrl: cfg.gatewayUrl, token: cfg.gatewayToken });
    if (!gateway) app.log.warn('Шлюз БДПН не настроен (BDPN_GATEWAY_URL): заявления не отправляются');

    const feed = new ChangeFeed(app.database, app.redis, app.redisPrefix, (err) =>
      app.log.warn({ err }, 'portation change feed'),
    );
    const deps: PortingDeps = {
      db: app.db,
      lookup: (msisdn) => app.lookup.lookupFresh(msisdn),
      jobs: app.jobs,
      notify: (tx, messages) => app.notifications.queue(tx, messages),
      // Every committed change passes here once: the metrics count the status it moved to.
      publish: (change) => {
        app.metrics.portingStep(change.status);
        feed.publish(change);
      },
      peopleChanged: (userIds) => {
        app.people.changed(userIds).catch((err: unknown) => app.log.warn({ err }, 'оповещение узлов не отправлено'));
      },
      gateway,
      keys: { seal: app.session.sealKey, code: deriveKey(config.sessionSecret, 'confirmation code v1') },
      siteOrigin: config.publicOrigin ?? null,
      now: app.clock,
      smsEnabled: app.notifications.channels.sms,
      // The number watch hears of every attempt, in the transaction of the step that makes it.
      watch: numberWatch({
        notify: (tx, messages) => app.notifications.queue(tx, messages),
        siteOrigin: config.publicOrigin ?? null,
      }),
    };
    const documents = new DocumentPool(() => app.clock().getTime());
    // What an owner's documents show changed: their own change, on any node, or their portation's.
    const stopHearing = app.people.onChanged((userId) => documents.ownerMoved(userId));
    const stopFeed = feed.subscribeAll((change) => {
      if (change.userId !== null) documents.ownerMoved(change.userId);
    });
    app.addHook('onClose', async () => {
      stopHearing();
      stopFeed();
    });
    app.decorate('porting', { deps, feed, gateway, documents });

    if (gateway) {
      const engine = { ...deps, gateway };
      // A fetched batch is stepped together: its writes are one transaction of a few statements (decision 150),
      // so a larger batch costs less a step. Three fetchers of 150 (pg-boss polls at most every 0.5 s): 10 000
      // portations in 58.2 s against 75.5 s with four of 50, 5.0 against 6.3 ms of CPU a portation.
      app.jobs.workBatch<{ portationId: number }>(
        ADVANCE_QUEUE,
        (jobs) =>
          advanceBatch(
            engine,
            jobs.map((j) => j.data.portationId),
          ),
        {
          batchSize: 150,
          concurrency: 3,
          pollingIntervalSeconds: 0.5,
        },
      );
      app.jobs.work<{ portationId: number }>(WITHDRAW_QUEUE, (data) => withdrawJob(engine, data.portationId, app.log));
    }
    app.jobs.work<{ portationId: number }>(WITHDRAW_FAILED_QUEUE, (data) =>
      withdrawalFailed(deps, data.portationId, app.log),
    );
    app.jobs.work<{ portationId: number }>(HOLD_QUEUE, (data) => releaseLapsedHold(deps, data.portationId));
    app.jobs.work<{ portationId: number }>(FAILED_QUEUE, (data) =>
      finish(deps, data.portationId, 'failed', EVENT_TEXT.failed()),
    );
    app.jobs.work(EXPIRE_QUEUE, async () => {
      const n = await expireDrafts(deps);
      if (n > 0) app.log.info({ expired: n }, 'unsubmitted porting orders removed');
      await forgetCodeSends(deps.db, deps.now());
    });

    app.addHook('onReady', async () => {
      await feed.start();
      if (config.jobWorkers) await app.jobs.schedule(EXPIRE_QUEUE, '*/10 * * * *');
    });
    app.addHook('onClose', async () => {
      await feed.close();
      // Threads keep a process alive: every app closed (the tests make hundreds) ends its own.
      await documents.close();
    });
    // A session's open streams, counted across every node through Redis when there is one.
    const slots = app.redis ? redisStreamSlots(app.redis, app.redisPrefix) : memoryStreamSlots();
    await app.register(portingRoutes, { prefix: '/api', deps, feed, slots, documents });
    await app.register(portingStaffRoutes, { prefix: '/api', deps });
  },
  {
    name: 'porting',
    dependencies: ['database', 'people', 'session', 'lookup', 'jobs', 'notifications', 'staff', 'metrics'],
  },
);
