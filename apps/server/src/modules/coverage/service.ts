import type { Database } from '../../db/client';
import { logoUrl } from '../../lib/operator-logo';
import { notFound } from '../../lib/problem';
import { CITIES } from './demo';
import { findCoverageGeoJson, listCoverageSources } from './repository';
import type { MAP_PROJECTIONS, MAP_SOURCE_KINDS } from './schemas';

/** The coverage map: the base map, the landmark cities and every operator's source (a missing kind or projection is None). */
export async function coverageMap(db: Database, baseMap: { tileUrl: string | null; attribution: string }) {
  const rows = await listCoverageSources(db);
  return {
    baseMap,
    cities: CITIES,
    sources: rows.map((r) => ({
      ...r,
      logo: logoUrl(r.slug),
      kind: (r.kind ?? 'None') as (typeof MAP_SOURCE_KINDS)[number],
      projection: (r.projection ?? 'None') as (typeof MAP_PROJECTIONS)[number],
      url: r.url ?? null,
    })),
  };
}

/** An operator's coverage as GeoJSON, or 404. */
export async function coverageGeoJson(db: Database, slug: string) {
  const geojson = await findCoverageGeoJson(db, slug);
  if (!geojson) throw notFound();
  return geojson as { type: 'FeatureCollection'; features: Record<string, unknown>[] };
}
