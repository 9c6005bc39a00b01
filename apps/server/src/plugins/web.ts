import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { PageCache } from '../lib/page-cache';
import { notFound } from '../lib/problem';
import { createPageRenderer, type PageRenderer } from './server-render';

/** A path that names a file (an extension), not a page of the site. */
const FILE_PATH = /\.[a-z0-9]+$/i;

declare module 'fastify' {
  interface FastifyInstance {
    /** This node's drawn pages for visitors without a session; undefined when off or without a web build. */
    pageCache: PageCache | undefined;
  }
}

/**
 * Serves the built web app and answers every non-API path with its page: drawn on the server where the
 * build has its server entry, otherwise the bare index.html for the browser to draw.
 */
export default fp(
  async function webPlugin(
    app: FastifyInstance,
    opts: {
      webDist: string;
      pageCacheBytes?: number;
      pageDrawsPerMinute?: number;
      pollMs?: number;
      now?: () => number;
    },
  ) {
    const indexFile = join(opts.webDist, 'index.html');
    const hasWeb = existsSync(indexFile);
    let renderPage: PageRenderer | undefined;
    // A page kept for visitors without cookies leaves before routing: no file lookup, no render. Added
    // before the routes below, so that it is one of their hooks too.
    if (hasWeb) {
      app.addHook('onRequest', (request, reply, done) => {
        const { method, url } = request;
        // Only a page's route may be answered with a kept page: an API route under any spelling never is.
        const route = request.routeOptions.url;
        const pageRoute = route === '/*' || route === '/';
        if (
          (method === 'GET' || method === 'HEAD') &&
          pageRoute &&
          !url.startsWith('/api/') &&
          !url.startsWith('/staff')
        ) {
          if (renderPage?.serveKept(request, reply)) return;
        }
        // An address of a page (no file extension) that only the static files' wildcard matched is drawn at
        // once: looking for a file of that name and its .br and .gz first found nothing, every time.
        const path = url.split('?')[0] ?? '/';
        if (
          (method === 'GET' || method === 'HEAD') &&
          request.routeOptions.url === '/*' &&
          path !== '/api' &&
          !path.startsWith('/api/') &&
          !FILE_PATH.test(path)
        ) {
          sendPage(request, reply).catch((err: unknown) => reply.send(err));
          return;
        }
        done();
      });
    }
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: opts.webDist,
        // Files are looked up per request, so a rebuild while the server runs is served at once.
        wildcard: true,
        // `/` is a page like any other (sendPage below), not a directory index.
        index: false,
        // The build writes .br and .gz beside every text file; the one the browser accepts is sent.
        preCompressed: true,
        // Our own header below, not the plugin's `public, max-age=0`.
        cacheControl: false,
        // Hashed assets never change; index.html must always be fresh.
        setHeaders: (res, path) => {
          res.setHeader(
            'Cache-Control',
            path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }
    renderPage = hasWeb
      ? await createPageRenderer(app, opts.webDist, {
          maxBytes: opts.pageCacheBytes ?? 0,
          pollMs: opts.pollMs ?? 1000,
          drawsPerMinute: opts.pageDrawsPerMinute ?? 0,
          ...(opts.now ? { now: opts.now } : {}),
        })
      : undefined;
    if (!app.hasDecorator('pageCache')) app.decorate('pageCache', undefined);

    // A page of the site: drawn on the server, or the bare index.html for the browser to draw.
    const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!hasWeb) {
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('Веб-приложение не собрано: выполните npm run build или npm start.');
      }
      // The back office is for staff only: never indexed, whatever a search engine finds linked.
      if (request.url === '/staff' || request.url.startsWith('/staff/') || request.url.startsWith('/staff?')) {
        reply.header('X-Robots-Tag', 'noindex, nofollow');
      }
      if (renderPage && (await renderPage(request, reply))) return reply;
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    };
    // The static files' wildcard does not answer `/` (no directory index): the front page is a page.
    if (hasWeb) app.get('/', sendPage);
    app.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      // HEAD answers as GET does, without the body (Node sends none for HEAD): uptime monitors, link checkers.
      if (path === '/api' || path.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
        throw notFound();
      }
      // A missing file (an old hashed asset, a typo) is a 404, not the app's page with the wrong type.
      if (FILE_PATH.test(path)) {
        return reply.code(404).type('text/plain; charset=utf-8').send('Файл не найден');
      }
      return sendPage(request, reply);
    });
  },
  { name: 'web' },
);
