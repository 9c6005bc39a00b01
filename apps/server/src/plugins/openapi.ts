import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ProblemSchema } from '../lib/schemas';

/** The OpenAPI 3.1 document comes from the route schemas; the web client is generated from it. */
export default fp(
  async function openapiPlugin(app: FastifyInstance) {
    app.addSchema(ProblemSchema);
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Перенос номера — API',
          description: 'API сайта переноса мобильного номера: проверка номера, тарифы, операторы, личный кабинет.',
          version: '1.0.0',
        },
        servers: [{ url: '/' }],
      },
      // The site's API is under /api; the stand-ins this server hosts in demo and tests (ESIA, the
      // central database, the outbox) speak other systems' protocols and are not part of it.
      transform: ({ schema, url }) => ({
        schema: url.startsWith('/api/') ? schema : { ...schema, hide: true },
        url,
      }),
      refResolver: {
        // Shared schemas keep their $id as the component name (Problem, …).
        buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`),
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
