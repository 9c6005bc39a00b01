// A small synthetic OpenAPI document for the unit tests: every parameter and body kind the runtime handles,
// independent of the real server's routes. Its types live in ../generated/fixture-schema.ts (a file snapshot).

const problem = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } } };
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const noContent = { description: 'No content' };

/** The fixture document (OpenAPI 3.1). */
export const fixtureDocument = {
  openapi: '3.1.0',
  info: { title: 'Fixture', version: '1.0.0' },
  components: {
    schemas: {
      Problem: {
        type: 'object',
        required: ['type', 'title', 'status'],
        properties: {
          type: { type: 'string' },
          title: { type: 'string' },
          status: { type: 'integer' },
          detail: { type: 'string' },
          errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
          requestId: { type: 'string' },
        },
      },
      MsisdnInfo: {
        type: 'object',
        required: ['operator'],
        properties: { operator: { type: 'string' }, region: { type: 'string' } },
      },
      BatchUpload: {
        type: 'object',
        required: ['File'],
        properties: { File: { type: 'string', format: 'binary' }, Comment: { type: 'string' } },
      },
    },
  },
  paths: {
    '/api/v1/ping': {
      get: { operationId: 'ping', responses: { 200: { description: 'OK', ...json({ type: 'string' }) } } },
    },
    '/api/v1.1/msisdn/info': {
      get: {
        operationId: 'getMsisdnInfo',
        parameters: [
          { in: 'query', name: 'Msisdn', required: true, schema: { type: 'string' } },
          { in: 'query', name: 'OperatorId', required: false, schema: { type: 'array', items: { type: 'integer' } } },
          { in: 'query', name: 'Region', required: false, schema: { type: 'string' } },
        ],
        responses: {
          200: { description: 'OK', ...json({ $ref: '#/components/schemas/MsisdnInfo' }) },
          400: { description: 'Problem', ...problem },
          401: { description: 'Problem', ...problem },
        },
      },
    },
    '/api/v1.1/msisdn/info/quota': {
      post: {
        operationId: 'postQuota',
        requestBody: {
          required: true,
          ...json({ type: 'object', properties: { limit: { type: 'integer' } } }),
        },
        responses: {
          200: { description: 'OK', ...json({ type: 'object', properties: { left: { type: 'integer' } } }) },
          201: { description: 'Created', ...json({ type: 'object' }) },
          202: { description: 'Accepted', ...json({ type: 'object' }) },
          204: noContent,
          400: { description: 'Problem', ...problem },
          401: { description: 'Problem', ...problem },
          404: { description: 'Problem', ...problem },
        },
      },
    },
    '/api/v1/openid/token': {
      post: {
        operationId: 'postToken',
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object',
                required: ['grant_type'],
                properties: { grant_type: { type: 'string' }, refresh_token: { type: 'string' } },
              },
            },
          },
        },
        responses: {
          200: { description: 'OK', ...json({ type: 'object', properties: { access_token: { type: 'string' } } }) },
          400: { description: 'Problem', ...problem },
        },
      },
    },
    '/api/v1.1/msisdn/info/batch': {
      post: {
        operationId: 'postBatch',
        requestBody: {
          required: true,
          content: { 'multipart/form-data': { schema: { $ref: '#/components/schemas/BatchUpload' } } },
        },
        responses: { 202: noContent, 400: { description: 'Problem', ...problem } },
      },
    },
    '/api/v1/item/{id}': {
      parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'integer' } }],
      get: {
        operationId: 'getItem',
        responses: {
          200: { description: 'OK', ...json({ type: 'object', properties: { id: { type: 'integer' } } }) },
          404: { description: 'Problem', ...problem },
        },
      },
      put: {
        operationId: 'putItem',
        requestBody: { required: true, ...json({ type: 'object', properties: { name: { type: 'string' } } }) },
        responses: {
          204: noContent,
          400: { description: 'Problem', ...problem },
          404: { description: 'Problem', ...problem },
        },
      },
      delete: { operationId: 'deleteItem', responses: { 204: noContent, 404: { description: 'Problem', ...problem } } },
    },
    '/api/v1/report/{id}/file': {
      get: {
        operationId: 'getReportFile',
        parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'integer' } }],
        responses: {
          200: { description: 'File', content: { 'text/csv': { schema: { type: 'string' } } } },
          404: { description: 'Problem', ...problem },
        },
      },
    },
    '/api/v1/report/export': {
      post: {
        operationId: 'postReportExport',
        requestBody: { required: false, ...json({ type: 'object', properties: { year: { type: 'integer' } } }) },
        responses: { 200: { description: 'File', content: { 'text/csv': { schema: { type: 'string' } } } } },
      },
    },
  },
};

/**
 * The fixture's error catalogue (the real one is docs/product.md §8, scripts/error-catalogue.mjs). It
 * differs from the documented responses on purpose: `GET /api/v1/ping` documents no 401 but is
 * catalogued for it, `PUT /api/v1/item/{id}` documents 400 but is not.
 */
export const fixtureCatalogue = {
  400: [
    'GET /api/v1.1/msisdn/info',
    'POST /api/v1.1/msisdn/info/quota',
    'POST /api/v1/openid/token',
    'POST /api/v1.1/msisdn/info/batch',
  ],
  401: ['GET /api/v1/ping', 'GET /api/v1.1/msisdn/info', 'POST /api/v1.1/msisdn/info/quota'],
  404: [
    'POST /api/v1.1/msisdn/info/quota',
    'GET /api/v1/item/{id}',
    'PUT /api/v1/item/{id}',
    'DELETE /api/v1/item/{id}',
    'GET /api/v1/report/{id}/file',
  ],
} as const;
