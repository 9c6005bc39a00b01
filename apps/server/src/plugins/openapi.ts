import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { ProblemRef, ProblemSchema, QuotaProblemSchema } from '../lib/schemas';
import { SECURITY_SCHEMES, SIGNED_IN } from '../lib/security';

/** How a route of the site's API appears in the document (validation keeps the route's own schema). */
export function documented(schema: FastifySchema): FastifySchema {
  return withSecurity(withClientError(defaultsOptional(schema)));
}

/**
 * Who may call: a route that declares none is public unless it answers 401, which only the routes
 * that need sign-in do; routes with another rule (the refresh cookie, an order's owner) declare it.
 */
function withSecurity(schema: FastifySchema): FastifySchema {
  if (schema.security !== undefined) return schema;
  return { ...schema, security: hasStatus(schema, 401) ? SIGNED_IN : [] };
}

/**
 * Every route can refuse a malformed request (an unreadable address or query): fastify answers 400 before
 * the handler runs. Routes without a 4xx of their own document that one.
 */
function withClientError(schema: FastifySchema): FastifySchema {
  const response = schema.response;
  if (typeof response !== 'object' || response === null) return schema;
  if (Object.keys(response).some((status) => status.startsWith('4'))) return schema;
  return { ...schema, response: { ...response, 400: ProblemRef } };
}

function hasStatus(schema: FastifySchema, status: number): boolean {
  const response = schema.response;
  return typeof response === 'object' && response !== null && String(status) in response;
}

/**
 * A query parameter with a default may be left out: validation fills it in, so the document (and
 * the client generated from it) marks it optional, as the spec does (`Skip`, `BestByOperator`, …).
 * Validation keeps its own schema, so handlers still see every defaulted field set.
 */
export function defaultsOptional(schema: FastifySchema): FastifySchema {
  const query: unknown = schema.querystring;
  if (!isObjectSchema(query) || !Array.isArray(query.required)) return schema;
  const properties = query.properties;
  const required = query.required.filter((name) => !hasDefault(properties[name]));
  return { ...schema, querystring: { ...query, required } };
}

function hasDefault(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && 'default' in schema;
}

function isObjectSchema(
  value: unknown,
): value is { properties: Record<string, unknown>; required?: unknown } & Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    'properties' in value &&
    typeof value.properties === 'object' &&
    value.properties !== null
  );
}

/** The OpenAPI 3.1 document comes from the route schemas; the web client is generated from it. */
export default fp(
  async function openapiPlugin(app: FastifyInstance) {
    app.addSchema(ProblemSchema);
    app.addSchema(QuotaProblemSchema);
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Перенос номера — API',
          description: 'API сайта переноса мобильного номера: проверка номера, тарифы, операторы, личный кабинет.',
          version: '1.0.0',
        },
        servers: [{ url: '/' }],
        components: { securitySchemes: SECURITY_SCHEMES },
      },
      // The site's API is under /api; the stand-ins this server hosts in demo and tests (ESIA, the
      // central database, the outbox) speak other systems' protocols and are not part of it.
      transform: ({ schema, url }) => ({
        schema: url.startsWith('/api/') ? documented(schema) : { ...schema, hide: true },
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
