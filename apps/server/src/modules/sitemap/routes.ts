import type { FastifyInstance, HTTPMethods } from 'fastify';
import { robotsTxt, sitemapXml } from './service';

/**
 * robots.txt and sitemap.xml at the site's root (decision 041), outside /api and its OpenAPI document.
 * GET and HEAD alike; a search engine asks again within an hour.
 */
export default async function sitemapRoutes(app: FastifyInstance) {
  const schema = { hide: true };
  // HEAD is served by the same handler (not Fastify's HEAD twin, which drops the body before compression),
  // so that it carries the same Content-Encoding and Vary as GET; Node sends no body for HEAD.
  const method: HTTPMethods[] = ['GET', 'HEAD'];
  app.route({
    method,
    url: '/robots.txt',
    schema,
    handler: async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(robotsTxt(app.siteOrigin())),
  });
  app.route({
    method,
    url: '/sitemap.xml',
    schema,
    handler: async (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(await sitemapXml(app.db, app.siteOrigin(), (feature) => app.features.isEnabled(feature))),
  });
}
