import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ProblemRef } from '../../lib/schemas';
import { CoverageMapSchema, CoverageSourceSchema, GeoJsonSchema } from './schemas';
import { coverageGeoJson, coverageMap } from './service';

/** Coverage map: operators' sources, the base map, and GeoJSON coverage served by the API itself. */
const coverageRoutes: FastifyPluginAsyncTypebox<{ tileUrl: string | undefined; attribution: string }> = async (
  app,
  opts,
) => {
  app.addSchema(CoverageSourceSchema);
  app.addSchema(CoverageMapSchema);
  app.addSchema(GeoJsonSchema);

  app.get(
    '/v1/coverage/map',
    {
      schema: {
        operationId: 'getCoverageMap',
        tags: ['Покрытие'],
        summary: 'Источники карт покрытия операторов и подложка',
        response: { 200: Type.Ref('CoverageMap') },
      },
    },
    async () => coverageMap(app.db, { tileUrl: opts.tileUrl ?? null, attribution: opts.attribution }),
  );

  app.get(
    '/v1/coverage/:slug/geojson',
    {
      schema: {
        operationId: 'getCoverageGeoJson',
        tags: ['Покрытие'],
        summary: 'Зона покрытия оператора (GeoJSON)',
        params: Type.Object({ slug: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: { 200: Type.Ref('GeoJsonFeatureCollection'), 404: ProblemRef },
      },
    },
    async (request, reply) => {
      const geojson = await coverageGeoJson(app.db, request.params.slug);
      reply.header('Cache-Control', 'public, max-age=3600');
      return geojson;
    },
  );
};

export default coverageRoutes;
