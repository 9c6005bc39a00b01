import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import ajvFormats from 'ajv-formats';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from './config/env';
import type { DatabaseHandle } from './db/client';
import healthRoutes from './modules/health/routes';
import operatorRoutes from './modules/operators/routes';
import regionRoutes from './modules/regions/routes';
import serviceRoutes from './modules/services/routes';
import settingsRoutes from './modules/settings/routes';
import databasePlugin from './plugins/database';
import errorsPlugin from './plugins/errors';
import openapiPlugin from './plugins/openapi';
import webPlugin from './plugins/web';

export interface BuildAppOptions {
  config: AppConfig;
  /** An opened, migrated database. */
  database: DatabaseHandle;
  /** Close the database when the app closes (the server does; tests share one). */
  ownsDatabase?: boolean;
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
        imgSrc: ["'self'", 'data:', 'blob:'],
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

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(settingsRoutes);
      await api.register(regionRoutes);
      await api.register(operatorRoutes);
      await api.register(serviceRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(webPlugin, { webDist: config.webDist });
  return app;
}
