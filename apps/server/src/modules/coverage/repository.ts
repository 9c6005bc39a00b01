import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { operatorsTable as operators } from '../operators';
import { coverageSources } from './tables';

/** Every listed operator with its coverage source (kind None when it has none). */
export async function listCoverageSources(db: Database) {
  return db
    .select({
      operatorId: operators.id,
      slug: operators.slug,
      name: operators.name,
      color: operators.color,
      kind: coverageSources.kind,
      projection: coverageSources.projection,
      url: coverageSources.url,
    })
    .from(operators)
    .leftJoin(coverageSources, eq(coverageSources.operatorId, operators.id))
    .where(eq(operators.isListed, true))
    .orderBy(asc(operators.id));
}

export async function findCoverageGeoJson(db: Database, slug: string) {
  const [row] = await db
    .select({ geojson: coverageSources.geojson, kind: coverageSources.kind })
    .from(coverageSources)
    .innerJoin(operators, eq(operators.id, coverageSources.operatorId))
    .where(eq(operators.slug, slug));
  return row?.kind === 'GeoCollection' ? row.geojson : undefined;
}

/** The coverage sources as one value that moves when any of them changes (the page cache's data version). */
export async function coverageVersion(db: Database): Promise<string> {
  const [row] = await rowsOf<{ version: string | null }>(
    db,
    sql`select string_agg(operator_id::text || kind || projection || coalesce(url, '') ||
      coalesce(pg_column_size(geojson), 0)::text, ';' order by operator_id) as version from ${coverageSources}`,
  );
  return row?.version ?? '';
}
