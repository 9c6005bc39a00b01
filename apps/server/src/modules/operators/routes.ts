import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound } from '../../lib/problem';
import { ProblemRef } from '../../lib/schemas';
import { logoUrl, monogramSvg } from './logo';
import { findOperatorBySlug, listOperators } from './repository';
import { OperatorDetailSchema, OperatorListQuery, OperatorPageSchema, OperatorSchema } from './schemas';

const SlugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 100, pattern: '^[a-z0-9-]+$' }) });

const operatorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(OperatorSchema);
  app.addSchema(OperatorDetailSchema);
  app.addSchema(OperatorPageSchema);

  app.get(
    '/v1/operator/list',
    {
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

  app.get(
    '/v1/operator/:slug',
    {
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
