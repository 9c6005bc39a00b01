import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import ajvFormats from 'ajv-formats';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from './config/env';
import type { DatabaseHandle } from './db/client';
import accountRoutes from './modules/account/routes';
import coverageRoutes from './modules/coverage/routes';
import esiaPlugin from './modules/esia/plugin';
import esiaRoutes from './modules/esia/routes';
import feedbackRoutes from './modules/feedback/routes';
import healthRoutes from './modules/health/routes';
import lookupRoutes from './modules/lookup/routes';
import newsRoutes from './modules/news/routes';
import operatorRoutes from './modules/operators/routes';
import regionRoutes from './modules/regions/routes';
import serviceRoutes from './modules/services/routes';
import settingsRoutes from './modules/settings/routes';
import tariffRoutes from './modules/tariffs/routes';
import csrfPlugin from './plugins/csrf';
import databasePlugin from './plugins/database';
import errorsPlugin from './plugins/errors';
import openapiPlugin from './plugins/openapi';
import sessionPlugin from './plugins/session';
import webPlugin from './plugins/web';

export interface BuildAppOptions {
  config: AppConfig;
  /** An opened, migrated database. */
  database: DatabaseHandle;
  /** Close the database when the app closes (the server does; tests share one). */
  ownsDatabase?: boolean;
}

/** The origin of a tile URL template ("https://{s}.tile.example/{z}/{x}/{y}.png" → "https://*.tile.example"). */
function tileOrigin(template: string | undefined): string[] {
  if (!template) return [];
  const match = /^(https?:\/\/)([^/]+)/.exec(template.replace(/\{s\}/g, '*'));
  return match ? [`${match[1]}${match[2]}`] : [];
}

/** Builds the whole site: infrastructure plugins first, then one plugin per domain under /api, then the web app. */
export async function buildApp({ config, database, ownsDatabase = false }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    ajv: {
      customOptions: { allErrors: true, coerceTypes: 'array', removeAdditional: true, useDefaults: true },
      plugins: [ajvFormats as never],
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errorsPlugin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables inline.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The coverage page's base-map tiles come from the configured tile server, if any.
        imgSrc: ["'self'", 'data:', 'blob:', ...tileOrigin(config.mapTileUrl)],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(databasePlugin, { handle: database, owned: ownsDatabase });
  await app.register(openapiPlugin);
  await app.register(sessionPlugin, { config });
  await app.register(csrfPlugin, { config });
  await app.register(esiaPlugin, { config });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(settingsRoutes);
      await api.register(regionRoutes);
      await api.register(operatorRoutes);
      await api.register(serviceRoutes);
      await api.register(lookupRoutes, { config });
      await api.register(tariffRoutes);
      await api.register(esiaRoutes);
      await api.register(accountRoutes);
      await api.register(newsRoutes);
      await api.register(feedbackRoutes, { sessionSecret: config.sessionSecret });
      await api.register(coverageRoutes, {
        tileUrl: config.mapTileUrl,
        attribution: config.mapTileAttribution,
      });
    },
    { prefix: '/api' },
  );

  await app.register(webPlugin, { webDist: config.webDist });
  return app;
}
