import { Server } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PROBLEM_TYPES } from '../lib/problem';

/** How long a kept-alive connection may stay idle once the node stops accepting, before it is closed. */
const IDLE_GRACE_MS = 1000;

/** The node's state during a graceful stop. */
export interface Drain {
  /** True from SIGTERM on: `/api/ready` answers 503 and every answer closes its connection. */
  readonly draining: boolean;
  /** Starts draining; `app.close()` follows (see `server.ts`). */
  begin(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    drain: Drain;
  }
}

/**
 * Stops a listening app gracefully (SIGTERM in `server.ts`):
 * 1. readiness turns 503 and every answer carries `Connection: close`; for `delayMs` the node still
 *    serves writes, and answers new reads 503 (balancers retry those elsewhere and, with passive health
 *    checks as in nginx, take the node out; with active ones, readiness does it);
 * 2. the connections waiting in the kernel's queue are taken, then the listening socket closes: new
 *    connections are refused, so a balancer sends them elsewhere (a refused connection is retried even
 *    for a POST). Connections already accepted keep going — Node's own
 *    `server.close()` would also cut connections whose request has not been read yet, which a balancer
 *    sees as a reset and cannot retry for a POST; kept-alive connections idle for a second are closed;
 * 3. once every request in flight (uploads included) has its answer — or at `timeoutMs`, when the rest
 *    are cut — `app.close()` runs Fastify's hooks: `preClose` (stop taking new background jobs), then
 *    `onClose` (running jobs finish, pollers stop, the database closes last). A module that runs
 *    background work registers those two hooks and needs nothing else.
 */
export async function drainAndClose(app: FastifyInstance, opts: { delayMs: number; timeoutMs: number }) {
  app.drain.begin();
  if (opts.delayMs > 0) await new Promise((done) => setTimeout(done, opts.delayMs));
  if (app.server.listening) {
    const idle = setTimeout(() => app.server.closeIdleConnections(), IDLE_GRACE_MS);
    const deadline = setTimeout(() => {
      app.log.warn('drain deadline passed: closing the connections still open');
      app.server.closeAllConnections();
    }, opts.timeoutMs);
    await acceptQueued(app);
    // The net-level close: stop accepting, call back when the last connection has ended.
    await new Promise<void>((done) => Server.prototype.close.call(app.server, () => done()));
    clearTimeout(idle);
    clearTimeout(deadline);
  }
  await app.close();
}

/**
 * Lets the event loop take the connections waiting in the kernel's queue before the socket closes:
 * closing it resets them, and a node whose loop was busy (a large upload) may have several waiting.
 * Each turn of the loop accepts everything queued; turns repeat while new connections keep coming.
 */
async function acceptQueued(app: FastifyInstance): Promise<void> {
  let accepted = 0;
  const count = () => {
    accepted++;
  };
  app.server.on('connection', count);
  try {
    for (let turn = 0; turn < 20; turn++) {
      const before = accepted;
      await new Promise((done) => setImmediate(done));
      if (accepted === before && turn > 0) break;
    }
  } finally {
    app.server.off('connection', count);
  }
}

/** Decorates `app.drain`: the draining flag that readiness and every answer look at. */
export default fp(
  async function drainPlugin(app: FastifyInstance) {
    let draining = false;
    app.decorate('drain', {
      get draining() {
        return draining;
      },
      begin() {
        if (!draining) app.log.info('draining: readiness 503, finishing requests in flight');
        draining = true;
      },
    });
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (draining) reply.header('connection', 'close');
      done(null, payload);
    });
    // A read that reaches a draining node is refused before any work (a balancer retries it on another
    // node, and nginx's passive check marks this node failed, so it stops sending POSTs here too before
    // the socket closes). Writes are served: a balancer does not retry a POST it has already sent.
    app.addHook('onRequest', (request, reply, done) => {
      if (!draining || (request.method !== 'GET' && request.method !== 'HEAD')) return done();
      // The probes by their matched route, however the address is spelled.
      const route = request.routeOptions.url;
      if (route === '/api/health' || route === '/api/ready') return done();
      reply.code(503).header('retry-after', '1').type('application/problem+json').send({
        type: PROBLEM_TYPES.unavailable,
        title: 'Сервер перезапускается',
        status: 503,
        detail: 'Повторите запрос через секунду.',
        requestId: request.id,
      });
    });
  },
  { name: 'drain' },
);
