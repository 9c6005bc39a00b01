import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../lib/problem';

/**
 * Serves the built web app and answers every non-API path with its index.html,
 * so browser-history routes (and the not-found page) are the app's to draw.
 */
export default fp(
  async function webPlugin(app: FastifyInstance, opts: { webDist: string }) {
    const indexFile = join(opts.webDist, 'index.html');
    const hasWeb = existsSync(indexFile);
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: opts.webDist,
        // Files are looked up per request, so a rebuild while the server runs is served at once.
        wildcard: true,
        index: ['index.html'],
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
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      if (path === '/api' || path.startsWith('/api/') || request.method !== 'GET') {
        throw notFound();
      }
      // A missing file (an old hashed asset, a typo) is a 404, not the app's page with the wrong type.
      if (/\.[a-z0-9]+$/i.test(path)) {
        return reply.code(404).type('text/plain; charset=utf-8').send('Файл не найден');
      }
      if (!hasWeb) {
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('Веб-приложение не собрано: выполните npm run build или npm start.');
      }
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'web' },
);
