import { queryOptions } from '@tanstack/react-query';
import type { Feature, FeatureCollection, MultiLineString, MultiPolygon } from 'geojson';

// Russia's federal subjects, inner borders and outline in longitude/latitude, built from Natural Earth
// by scripts/build-base-map.mjs and served by the site itself (decision 031). The coverage map draws it
// under Leaflet, the operators-by-region map as a choropleth.

/** A federal subject: its polygons and the site's region code (77 Москва, 91 Крым…). */
export type SubjectFeature = Feature<MultiPolygon, { kind: 'subject'; code: number }>;
/** The lines between subjects (`borders`) and around the country (`outline`). */
export type LinesFeature = Feature<MultiLineString, { kind: 'borders' | 'outline' }>;
export type BaseMap = FeatureCollection<
  MultiPolygon | MultiLineString,
  SubjectFeature['properties'] | LinesFeature['properties']
>;

export const BASE_MAP_URL = '/maps/russia.json';

/** The base map's subject features. */
export function subjectsOf(baseMap: BaseMap): SubjectFeature[] {
  return baseMap.features.filter((f): f is SubjectFeature => f.properties.kind === 'subject');
}

/** The base map's line feature of one kind. */
export function linesOf(baseMap: BaseMap, kind: LinesFeature['properties']['kind']): LinesFeature | undefined {
  return baseMap.features.find((f): f is LinesFeature => f.properties.kind === kind);
}

export const getBaseMapQueryOptions = () =>
  queryOptions({
    queryKey: ['base-map', 'detail', {}],
    queryFn: async (): Promise<BaseMap> => {
      const response = await fetch(BASE_MAP_URL);
      if (!response.ok) throw new Error(`base map: HTTP ${response.status}`);
      return (await response.json()) as BaseMap;
    },
    staleTime: Number.POSITIVE_INFINITY,
    // A file of its own (hundreds of KB): fetched, and cached, by the browser; never part of a drawn page.
    meta: { browserOnly: true },
  });
