import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { logoUrl } from '../../lib/operator-logo';
import { notFound } from '../../lib/problem';
import { ProblemRef } from '../../lib/schemas';
import { CITIES } from './demo';
import { findCoverageGeoJson, listCoverageSources } from './repository';

export const MAP_SOURCE_KINDS = ['None', 'Layer', 'GeoCollection', 'Reference'] as const;
export const MAP_PROJECTIONS = ['None', 'Cartesian', 'SphericalMecrator', 'Wgs84Mercator'] as const;

const CoverageSourceSchema = Type.Object(
  {
    operatorId: Type.Integer(),
    slug: Type.String(),
    name: Type.String(),
    color: Type.String(),
    logo: Type.String(),
    kind: Type.Union(MAP_SOURCE_KINDS.map((k) => Type.Literal(k))),
    projection: Type.Union(MAP_PROJECTIONS.map((p) => Type.Literal(p))),
    url: Type.Union([Type.String(), Type.Null()], {
      description: 'Layer: шаблон XYZ; Reference: карта на сайте оператора',
    }),
  },
  { $id: 'CoverageSource' },
);

const CoverageMapSchema = Type.Object(
  {
    baseMap: Type.Object({
      tileUrl: Type.Union([Type.String(), Type.Null()], { description: 'Подложка (XYZ); null — без подложки' }),
      attribution: Type.String(),
    }),
    cities: Type.Array(Type.Object({ name: Type.String(), lat: Type.Number(), lon: Type.Number() })),
    sources: Type.Array(Type.Ref('CoverageSource')),
  },
  { $id: 'CoverageMap' },
);

const GeoJsonSchema = Type.Object(
  { type: Type.Literal('FeatureCollection'), features: Type.Array(Type.Object({}, { additionalProperties: true })) },
  { $id: 'GeoJsonFeatureCollection', additionalProperties: true },
);

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
    async () => {
      const rows = await listCoverageSources(app.db);
      return {
        baseMap: { tileUrl: opts.tileUrl ?? null, attribution: opts.attribution },
        cities: CITIES,
        sources: rows.map((r) => ({
          ...r,
          logo: logoUrl(r.slug),
          kind: (r.kind ?? 'None') as (typeof MAP_SOURCE_KINDS)[number],
          projection: (r.projection ?? 'None') as (typeof MAP_PROJECTIONS)[number],
          url: r.url ?? null,
        })),
      };
    },
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
      const geojson = await findCoverageGeoJson(app.db, request.params.slug);
      if (!geojson) throw notFound();
      reply.header('Cache-Control', 'public, max-age=3600');
      return geojson as { type: 'FeatureCollection'; features: Record<string, unknown>[] };
    },
  );
};

export default coverageRoutes;
