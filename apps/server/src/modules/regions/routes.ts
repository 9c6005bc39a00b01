import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ProblemRef } from '../../lib/schemas';
import type { RegionOperatorList } from './presenter';
import { OperatorBriefSchema, RegionOperatorsQuery, RegionOperatorsSchema, RegionSchema } from './schemas';
import { allRegions, regionOperators } from './service';

const regionRoutes: FastifyPluginAsyncTypebox<{ regionOperators: RegionOperatorList }> = async (app, opts) => {
  app.addSchema(RegionSchema);
  app.addSchema(OperatorBriefSchema);
  app.addSchema(RegionOperatorsSchema);

  app.get(
    '/v1/region/list',
    {
      schema: {
        operationId: 'getRegionList',
        tags: ['Регионы'],
        summary: 'Все субъекты Российской Федерации',
        response: { 200: Type.Array(Type.Ref('Region')) },
      },
    },
    async () => allRegions(app.db),
  );

  app.get(
    '/v1/region/operators',
    {
      config: { feature: 'OperatorsByRegionMap' },
      schema: {
        operationId: 'getRegionOperators',
        tags: ['Регионы'],
        summary: 'Операторы, работающие в каждом регионе',
        querystring: RegionOperatorsQuery,
        response: { 200: Type.Array(Type.Ref('RegionOperators')), 400: ProblemRef },
      },
    },
    async (request) => regionOperators(app.db, request.query.RegionCode, opts.regionOperators),
  );
};

export default regionRoutes;
