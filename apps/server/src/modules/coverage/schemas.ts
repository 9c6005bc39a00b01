import { Type } from 'typebox';

export const MAP_SOURCE_KINDS = ['None', 'Layer', 'GeoCollection', 'Reference'] as const;
export const MAP_PROJECTIONS = ['None', 'Cartesian', 'SphericalMecrator', 'Wgs84Mercator'] as const;

export const CoverageSourceSchema = Type.Object(
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

export const CoverageMapSchema = Type.Object(
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

export const GeoJsonSchema = Type.Object(
  { type: Type.Literal('FeatureCollection'), features: Type.Array(Type.Object({}, { additionalProperties: true })) },
  { $id: 'GeoJsonFeatureCollection', additionalProperties: true },
);
