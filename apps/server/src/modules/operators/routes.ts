import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { logoUrl, monogramSvg } from '../../lib/operator-logo';
import { notFound, validationProblem } from '../../lib/problem';
import { ProblemRef } from '../../lib/schemas';
import { findRegion } from '../regions/repository';
import { findOperatorBySlug, listOperators } from './repository';
import {
  OperatorDetailSchema,
  OperatorListQuery,
  OperatorPageSchema,
  OperatorSchema,
  OperatorTileSchema,
} from './schemas';
import { listOperatorTiles } from './tiles';

// Any string is a slug to look up: an unknown one is 404, as the client expects, never 400.
const SlugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 100 }) });

const operatorRoutes: FastifyPluginAsyncTypebox = async (app) => {
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
    async (request) => {
      const q = request.query;
      const { rows, totalRows } = await listOperators(app.db, {
        skip: q.Skip,
        take: q.Take,
        sortBy: q.SortBy,
        sortDesc: q.SortDesc,
      });
      return { data: rows.map((r) => ({ ...r, logo: logoUrl(r.slug) })), offset: q.Skip, pageSize: q.Take, totalRows };
    },
  );

  const tileList = async (regionCode: number | undefined) =>
    (await listOperatorTiles(app.db, regionCode)).map((t) => ({ ...t, logo: logoUrl(t.slug) }));

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
    async (request) => {
      const code = request.query.RegionCode;
      if (code !== undefined && (await findRegion(app.db, { code })) === undefined) {
        throw validationProblem({ RegionCode: ['Такого региона нет.'] });
      }
      return tileList(code);
    },
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
    async (request) => {
      const slug = request.query.RegionSlug;
      const code = slug === undefined ? undefined : (await findRegion(app.db, { slug }))?.code;
      if (slug !== undefined && code === undefined) throw validationProblem({ RegionSlug: ['Такого региона нет.'] });
      return tileList(code);
    },
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
    async (request) => {
      // Any id that is not a known operator, numeric or not, is simply not found.
      const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : undefined;
      const [tile] = id === undefined ? [] : await listOperatorTiles(app.db, undefined, id);
      if (!tile) throw notFound();
      return { ...tile, logo: logoUrl(tile.slug) };
    },
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
    async (request) => {
      const operator = await findOperatorBySlug(app.db, request.params.slug);
      if (!operator) throw notFound();
      return { ...operator, logo: logoUrl(operator.slug) };
    },
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
      const operator = await findOperatorBySlug(app.db, request.params.slug);
      if (!operator) throw notFound();
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('Cache-Control', 'public, max-age=86400')
        .send(monogramSvg(operator.name, operator.color));
    },
  );
};

export default operatorRoutes;
