import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

const StatusSchema = Type.Object({ status: Type.String(), database: Type.Optional(Type.String()) });

/** Liveness answers without touching anything; readiness needs the database. */
const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['Служебное'], summary: 'Процесс жив', response: { 200: StatusSchema } } },
    async () => ({
      status: 'ok',
    }),
  );
  app.get(
    '/ready',
    {
      schema: {
        tags: ['Служебное'],
        summary: 'Готов принимать запросы (база данных доступна)',
        response: { 200: StatusSchema, 503: StatusSchema },
      },
    },
    async (request, reply) => {
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
