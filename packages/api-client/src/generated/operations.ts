// generated — do not edit. Produced by packages/api-client/scripts/generate.mjs from openapi.json;
// regenerate with `npm run generate:client`.

import type { OperationTable } from '../operation-table';

/** Required parameters, request body and catalogued error statuses of every operation of openapi.json. */
export const operations = {
  'GET /api/health': {
    operationId: null,
    path: [],
    query: [],
    body: null,
    catalogued: [],
  },
  'GET /api/ready': {
    operationId: null,
    path: [],
    query: [],
    body: null,
    catalogued: [],
  },
  'GET /api/v1/setting/feature/list': {
    operationId: 'getFeatureList',
    path: [],
    query: [],
    body: null,
    catalogued: [400],
  },
  'GET /api/v1/setting/list': {
    operationId: 'getSettingList',
    path: [],
    query: [],
    body: null,
    catalogued: [],
  },
  'GET /api/v1/setting/{key}': {
    operationId: 'getSetting',
    path: ['key'],
    query: [],
    body: null,
    catalogued: [404],
  },
  'GET /api/v1/region/list': {
    operationId: 'getRegionList',
    path: [],
    query: [],
    body: null,
    catalogued: [],
  },
  'GET /api/v1/region/operators': {
    operationId: 'getRegionOperators',
    path: [],
    query: [],
    body: null,
    catalogued: [400],
  },
  'GET /api/v1/operator/list': {
    operationId: 'getOperatorList',
    path: [],
    query: ['Skip', 'Take', 'SortBy', 'SortDesc'],
    body: null,
    catalogued: [400],
  },
  'GET /api/v1/operator/{slug}': {
    operationId: 'getOperator',
    path: ['slug'],
    query: [],
    body: null,
    catalogued: [404],
  },
  'GET /api/v1/operator/{slug}/logo.svg': {
    operationId: 'getOperatorLogo',
    path: ['slug'],
    query: [],
    body: null,
    catalogued: [404],
  },
  'GET /api/v1/tariffmediaservice': {
    operationId: 'getTariffMediaServices',
    path: [],
    query: [],
    body: null,
    catalogued: [],
  },
  'GET /api/v1/tariffconvergenceservice': {
    operationId: 'getTariffConvergenceServices',
    path: [],
    query: [],
    body: null,
    catalogued: [],
  },
} as const satisfies OperationTable;
