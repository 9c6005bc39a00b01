import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { validationProblem } from '../../lib/problem';
import { ProblemRef } from '../../lib/schemas';
import { presentRegionOperators } from './presenter';
import { listRegionOperators, listRegions, regionExists } from './repository';
import { OperatorBriefSchema, RegionOperatorsQuery, RegionOperatorsSchema, RegionSchema } from './schemas';

const regionRoutes: FastifyPluginAsyncTypebox = async (app) => {
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
    async () => listRegions(app.db),
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
    async (request) => {
      const code = request.query.RegionCode;
      if (code !== undefined && !(await regionExists(app.db, code))) {
        throw validationProblem({ RegionCode: ['Такого региона нет.'] });
      }
      return presentRegionOperators(await listRegionOperators(app.db, code));
    },
  );
};

export default regionRoutes;
