import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

const StatusSchema = Type.Object({ status: Type.String(), database: Type.Optional(Type.String()) });

/** Liveness answers without touching anything; readiness needs the database and a node that is not draining. */
const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        operationId: 'getHealth',
        tags: ['Служебное'],
        summary: 'Процесс жив',
        response: { 200: StatusSchema },
      },
    },
    async () => ({
      status: 'ok',
    }),
  );
  app.get(
    '/ready',
    {
      schema: {
        operationId: 'getReady',
        tags: ['Служебное'],
        summary: 'Готов принимать запросы (база данных доступна)',
        response: { 200: StatusSchema, 503: StatusSchema },
      },
    },
    async (request, reply) => {
      // A draining node (SIGTERM) still finishes its requests but wants no new ones.
      if (app.drain.draining) return reply.code(503).send({ status: 'draining', database: app.database.kind });
      try {
        await app.database.ping();
        return { status: 'ok', database: app.database.kind };
      } catch (err) {
        request.log.warn({ err }, 'database not reachable');
        return reply.code(503).send({ status: 'unavailable', database: app.database.kind });
      }
    },
  );
};

export default healthRoutes;
