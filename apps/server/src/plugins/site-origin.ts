import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/env';
import { isApiRequest } from '../lib/api-route';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The site's origin as the browser sees it: `PUBLIC_ORIGIN`, else (development, tests) the server's
     * own listening port on localhost. Never the request's Host header, which any client can set: the
     * ESIA `redirect_uri`, the logout return and the CSRF origin check all come from here.
     */
    siteOrigin(request?: unknown): string;
  }
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]']);

/** Decorates `app.siteOrigin()`; production has `PUBLIC_ORIGIN` (the configuration refuses to start without it). */
export default fp(
  async function siteOriginPlugin(app: FastifyInstance, opts: { config: AppConfig }) {
    const configured = opts.config.publicOrigin;
    // Remembered at listen: a draining node has closed its socket but still answers requests in flight.
    let port: number | null = null;
    app.addHook('onListen', async () => {
      port = (app.server.address() as AddressInfo | null)?.port ?? null;
    });
    app.decorate('siteOrigin', () => {
      if (configured) return configured;
      // Not listening: a test driving the app through inject (its requests say Host: localhost:80).
      return port ? `http://localhost:${port}` : 'http://localhost';
    });
    if (!configured) {
      // Development (production requires PUBLIC_ORIGIN): `npm start` listens on 127.0.0.1 and prints
      // localhost. A page opened as 127.0.0.1 or [::1] would be another origin to the browser — its calls
      // refused by the CSRF check, its ESIA return landing on localhost without the sign-in cookie — so
      // pages move to the site's one origin. Only ever to that origin, never to a Host the caller chose; only
      // a browser's navigation (the server's own calls to its stand-ins keep their Authorization header).
      app.addHook('onRequest', (request, reply, done) => {
        if (!port || request.headers['sec-fetch-mode'] !== 'navigate' || isApiRequest(request)) return done();
        const host = request.headers.host;
        if (host && LOOPBACK_HOSTS.has(host.replace(/:\d+$/, '')) && host !== `localhost:${port}`) {
          reply.redirect(`${app.siteOrigin()}${request.url}`, 308);
          return;
        }
        done();
      });
    }
  },
  { name: 'site-origin' },
);
