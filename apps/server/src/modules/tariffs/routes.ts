import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { ProblemRef } from '../../lib/schemas';
import type { ListPage } from './memory-index';
import {
  TariffDetailSchema,
  TariffFiltersSchema,
  TariffFiltersV2Query,
  TariffFiltersV12Query,
  TariffIdParams,
  TariffListV2Query,
  TariffListV14Query,
  TariffPageSchema,
  TariffRegionQuery,
  TariffRegionSchema,
  TariffSchema,
  TariffSingleQuery,
} from './schemas';
import {
  filtersFor,
  listTariffs,
  regionTariffs,
  searchFromV2,
  searchFromV14,
  tariffById,
  tariffByName,
} from './service';

const TAGS = ['Тарифы'];

/** Sends a list answer serialized earlier (by the route's own schema) with its ETag; a match answers 304. */
function sendPage(reply: FastifyReply, page: ListPage): string {
  reply.header('content-type', 'application/json; charset=utf-8').header('etag', page.etag);
  return page.body;
}

/** Every tariff call (docs/product.md §13): two list versions, filters, by id and by name. */
const tariffRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Lists come from this node's copy of the catalogue (plugin.ts); the database stays the source of truth.
  const index = app.tariffIndex;

  app.addSchema(TariffSchema);
  app.addSchema(TariffDetailSchema);
  app.addSchema(TariffPageSchema);
  app.addSchema(TariffFiltersSchema);
  app.addSchema(TariffRegionSchema);

  app.get(
    '/v1.4/tariff/list',
    {
      schema: {
        operationId: 'getTariffListV14',
        tags: TAGS,
        summary: 'Тарифы региона по коду ФНС: фильтры, сортировка, страницы',
        querystring: TariffListV14Query,
        response: { 200: Type.Ref('TariffPage'), 400: ProblemRef },
      },
    },
    async (request, reply) => {
      const search = searchFromV14(request.query);
      return sendPage(
        reply,
        await index.page(search, async () => String(reply.serialize(await listTariffs(app.db, index, search)))),
      );
    },
  );

  app.get(
    '/v2/tariff/list',
    {
      schema: {
        operationId: 'getTariffListV2',
        tags: TAGS,
        summary: 'Тарифы региона по его адресу: пакетные или с оплатой за использование',
        querystring: TariffListV2Query,
        response: { 200: Type.Ref('TariffPage'), 400: ProblemRef },
      },
    },
    async (request, reply) => {
      const search = searchFromV2(request.query);
      return sendPage(
        reply,
        await index.page(search, async () => String(reply.serialize(await listTariffs(app.db, index, search)))),
      );
    },
  );

  app.get(
    '/v2/tariff/all',
    {
      schema: {
        operationId: 'getRegionTariffs',
        tags: TAGS,
        summary: 'Все тарифы региона одним ответом (для калькулятора)',
        description: 'Тарифы в продаже, от дешёвых к дорогим; архивные не входят.',
        querystring: TariffRegionQuery,
        response: { 200: Type.Ref('TariffRegion'), 400: ProblemRef },
      },
    },
    async (request) => regionTariffs(app.db, index, request.query.RegionCode),
  );

  app.get(
    '/v1.2/tariff/filters',
    {
      schema: {
        operationId: 'getTariffFiltersV12',
        tags: TAGS,
        summary: 'Операторы и границы фильтров тарифов региона (по коду ФНС)',
        querystring: TariffFiltersV12Query,
        response: { 200: Type.Ref('TariffFilters'), 400: ProblemRef },
      },
    },
    async (request, reply) => {
      const { RegionCode } = request.query;
      const make = async () => String(reply.serialize(await filtersFor(app.db, { code: RegionCode })));
      return sendPage(reply, await index.answer(`filters code ${RegionCode}`, make));
    },
  );

  app.get(
    '/v2/tariff/filters',
    {
      schema: {
        operationId: 'getTariffFiltersV2',
        tags: TAGS,
        summary: 'Операторы и границы фильтров тарифов региона (по адресу региона)',
        querystring: TariffFiltersV2Query,
        response: { 200: Type.Ref('TariffFilters'), 400: ProblemRef },
      },
    },
    async (request, reply) => {
      const { RegionSlug, QueryType } = request.query;
      const make = async () => String(reply.serialize(await filtersFor(app.db, { slug: RegionSlug }, QueryType)));
      return sendPage(reply, await index.answer(`filters slug ${RegionSlug} ${QueryType ?? ''}`, make));
    },
  );

  for (const [version, operationId] of [
    ['v1.1', 'getTariffV11'],
    ['v2', 'getTariffV2'],
  ] as const) {
    app.get(
      `/${version}/tariff/:id`,
      {
        schema: {
          operationId,
          tags: TAGS,
          summary: 'Тариф по номеру со всеми регионами продаж',
          params: TariffIdParams,
          response: { 200: Type.Ref('TariffDetail'), 400: ProblemRef, 404: ProblemRef },
        },
      },
      async (request) => tariffById(app.db, request.params.id),
    );
  }

  app.get(
    '/v1.2/tariff',
    {
      schema: {
        operationId: 'getTariffByName',
        tags: TAGS,
        summary: 'Тариф оператора по названию в регионе',
        querystring: TariffSingleQuery,
        response: { 200: Type.Ref('Tariff'), 400: ProblemRef, 404: ProblemRef },
      },
    },
    async (request) => tariffByName(app.db, request.query),
  );
};

export default tariffRoutes;
