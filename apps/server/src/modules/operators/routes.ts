import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { monogramSvg } from '../../lib/operator-logo';
import { ProblemRef } from '../../lib/schemas';
import {
  OperatorDetailSchema,
  OperatorListQuery,
  OperatorPageSchema,
  OperatorSchema,
  OperatorTileSchema,
} from './schemas';
import { type OperatorTileList, operatorBySlug, operatorPage, operatorTile, operatorTiles } from './service';

// Any string is a slug to look up: an unknown one is 404, as the client expects, never 400.
const SlugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 100 }) });

const operatorRoutes: FastifyPluginAsyncTypebox<{ tiles: OperatorTileList }> = async (app, opts) => {
  app.addSchema(OperatorSchema);
  app.addSchema(OperatorDetailSchema);
  app.addSchema(OperatorPageSchema);
  app.addSchema(OperatorTileSchema);

  app.get(
    '/v1/operator/list',
    {
      config: { feature: 'OperatorPage' },
      schema: {
        operationId: 'getOperatorList',
        tags: ['Операторы'],
        summary: 'Операторы мобильной связи, постранично',
        querystring: OperatorListQuery,
        response: { 200: Type.Ref('OperatorPage'), 400: ProblemRef },
      },
    },
    async (request) => operatorPage(app.db, request.query),
  );

  app.get(
    '/v1.1/operator/tile/list',
    {
      schema: {
        operationId: 'getOperatorTileListV11',
        tags: ['Операторы'],
        summary: 'Карточки операторов: число тарифов и самая низкая цена (регион по коду)',
        querystring: Type.Object({ RegionCode: Type.Optional(Type.Integer({ minimum: 1, maximum: 99 })) }),
        response: { 200: Type.Array(Type.Ref('OperatorTile')), 400: ProblemRef },
      },
    },
    async (request) => operatorTiles(app.db, { code: request.query.RegionCode }, opts.tiles),
  );

  app.get(
    '/v1.2/operator/tile/list',
    {
      schema: {
        operationId: 'getOperatorTileListV12',
        tags: ['Операторы'],
        summary: 'Карточки операторов: число тарифов и самая низкая цена (регион по адресу)',
        querystring: Type.Object({ RegionSlug: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) }),
        response: { 200: Type.Array(Type.Ref('OperatorTile')), 400: ProblemRef },
      },
    },
    async (request) => operatorTiles(app.db, { slug: request.query.RegionSlug }, opts.tiles),
  );

  app.get(
    '/v1/operator/tile/:id',
    {
      config: { feature: 'OperatorPage' },
      schema: {
        operationId: 'getOperatorTile',
        tags: ['Операторы'],
        summary: 'Карточка одного оператора по всей России',
        params: Type.Object({ id: Type.String({ maxLength: 20 }) }),
        response: { 200: Type.Ref('OperatorTile'), 404: ProblemRef },
      },
    },
    async (request) => operatorTile(app.db, request.params.id, opts.tiles),
  );

  app.get(
    '/v1/operator/:slug',
    {
      config: { feature: 'OperatorPage' },
      schema: {
        operationId: 'getOperator',
        tags: ['Операторы'],
        summary: 'Оператор по его адресу (slug)',
        params: SlugParams,
        response: { 200: Type.Ref('OperatorDetail'), 404: ProblemRef },
      },
    },
    async (request) => operatorBySlug(app.db, request.params.slug),
  );

  app.get(
    '/v1/operator/:slug/logo.svg',
    {
      schema: {
        operationId: 'getOperatorLogo',
        tags: ['Операторы'],
        summary: 'Логотип-монограмма оператора (SVG)',
        params: SlugParams,
        produces: ['image/svg+xml'],
        response: { 200: Type.String({ description: 'SVG' }), 404: ProblemRef },
      },
    },
    async (request, reply) => {
      const operator = await operatorBySlug(app.db, request.params.slug);
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('Cache-Control', 'public, max-age=86400')
        .send(monogramSvg(operator.name, operator.color));
    },
  );
};

export default operatorRoutes;
