import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import '../lib/api-route';
import { forbidden } from '../lib/problem';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_TITLE = 'Запрос отклонён: нет защиты от подделки запроса';

/** `Origin` as an origin (`http://localhost:80` → `http://localhost`); null when it is not a URL. */
function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * CSRF defence for every state-changing API call. A cross-site page cannot make a browser send
 * `X-Requested-With` without a CORS preflight (which this site never grants), and browsers mark
 * cross-site requests with `Origin` and `Sec-Fetch-Site`. A call that carries a session cookie must
 * have the header; any call whose Origin or Sec-Fetch-Site says «another site» is refused outright.
 * Which calls are the API's is the matched route's flag (lib/api-route.ts), never the address's text: the
 * router decodes `/%61pi/…` to the same route as `/api/…`, and both must meet this check (issue 35).
 */
export default fp(
  async function csrfPlugin(app: FastifyInstance) {
    app.addHook('onRequest', (request, _reply, done) => {
      if (SAFE_METHODS.has(request.method) || request.routeOptions.config.api !== true) return done();
      const fetchSite = request.headers['sec-fetch-site'];
      if (fetchSite !== undefined && fetchSite !== 'same-origin') throw forbidden(CSRF_TITLE);
      const origin = request.headers.origin;
      // The expected origin is the configured one, never the Host header (which the caller chooses).
      if (origin !== undefined && originOf(origin) !== app.siteOrigin()) {
        throw forbidden(CSRF_TITLE);
      }
      const cookies = request.cookies;
      const hasSession =
        cookies[app.session.accessCookie] !== undefined || cookies[app.session.refreshCookie] !== undefined;
      if (hasSession && request.headers['x-requested-with'] !== 'XMLHttpRequest') {
        throw forbidden(CSRF_TITLE);
      }
      done();
    });
  },
  { name: 'csrf', dependencies: ['session', 'site-origin'] },
);
