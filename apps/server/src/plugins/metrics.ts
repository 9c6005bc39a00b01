import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { MetricsConfig } from '../config/env';
import { SiteMetrics } from '../lib/metrics';
import { notFound } from '../lib/problem';
import { orderCountsByStatus } from '../modules/porting';

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics: the counters the modules feed, and `/metrics` (decision 060). */
    metrics: SiteMetrics;
    /** The private metrics listener's address (`METRICS_PORT`), once it listens; null without one. */
    metricsAddress(): AddressInfo | null;
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The route label of an answer the router did not match: a page of the web app, or nothing at all. */
function unmatchedRoute(contentType: unknown): string {
  return typeof contentType === 'string' && contentType.startsWith('text/html') ? '(page)' : '(not found)';
}

/**
 * `/metrics` in the Prometheus text format. On the site's port only with `Authorization: Bearer
 * <METRICS_TOKEN>`: any other request (no token, a wrong one, or no token configured) gets the 404
 * «Запись не найдена» of an unknown API address and not a figure. `METRICS_PORT` adds a listener of its
 * own on `METRICS_HOST` (a private address) that serves it without the token.
 */
export default fp(
  async function metricsPlugin(app: FastifyInstance, opts: { config: MetricsConfig }) {
    const metrics = new SiteMetrics({
      ordersByStatus: () => orderCountsByStatus(app.db),
      // The job queue is registered after this plugin (it reports its failures here); read at scrape time.
      jobsByState: () => app.jobs.countsByState(),
      poolStats: app.database.poolStats,
      onError: (err) => app.log.warn({ err }, 'metrics: a database figure was not read'),
    });
    app.decorate('metrics', metrics);

    // Callback-style (decision 023); the route is the pattern, so label values stay few.
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? unmatchedRoute(reply.getHeader('content-type'));
      metrics.httpRequest(request.method, route, reply.statusCode, reply.elapsedTime);
      done();
    });

    const expected = opts.config.token === undefined ? undefined : digest(`Bearer ${opts.config.token}`);
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const given = request.headers.authorization;
      // Compared as digests of equal length, in constant time.
      if (expected === undefined || given === undefined || !timingSafeEqual(digest(given), expected)) {
        throw notFound();
      }
      const { contentType, body } = await metrics.text();
      return reply.header('Cache-Control', 'no-store').type(contentType).send(body);
    });

    let server: Server | null = null;
    app.decorate('metricsAddress', () => (server?.address() as AddressInfo | null) ?? null);
    const port = opts.config.port;
    if (port !== undefined) {
      app.addHook('onReady', async () => {
        server = createServer((req, res) => {
          if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
            res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Не найдено');
            return;
          }
          metrics.text().then(
            ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType }).end(body),
            (err: unknown) => {
              app.log.error({ err }, 'metrics: the scrape failed');
              res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Ошибка сбора показателей');
            },
          );
        });
        const listening = server;
        await new Promise<void>((done, fail) => {
          listening.once('error', fail);
          listening.listen(port, opts.config.host, () => done());
        });
        app.log.info({ address: listening.address() }, 'metrics listener');
      });
      app.addHook('onClose', async () => {
        const closing = server;
        if (closing) await new Promise<void>((done) => closing.close(() => done()));
      });
    }
  },
  { name: 'metrics', dependencies: ['database'] },
);
