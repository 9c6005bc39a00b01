import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { allOperators, operatorsBySlugs } from '../operators';
import { coverageSources } from './tables';

/** Every listed operator with its coverage source (kind None when it has none); the operators from their module. */
export async function listCoverageSources(db: Database) {
  const [ops, sources] = await Promise.all([
    allOperators(db),
    db
      .select({
        operatorId: coverageSources.operatorId,
        kind: coverageSources.kind,
        projection: coverageSources.projection,
        url: coverageSources.url,
      })
      .from(coverageSources),
  ]);
  const byOperator = new Map(sources.map((s) => [s.operatorId, s]));
  return ops
    .filter((o) => o.isListed)
    .map((o) => {
      const source = byOperator.get(o.id);
      return {
        operatorId: o.id,
        slug: o.slug,
        name: o.name,
        color: o.color,
        kind: source?.kind ?? null,
        projection: source?.projection ?? null,
        url: source?.url ?? null,
      };
    });
}

export async function findCoverageGeoJson(db: Database, slug: string) {
  const operator = (await operatorsBySlugs(db, [slug])).get(slug);
  if (!operator) return undefined;
  const [row] = await db
    .select({ geojson: coverageSources.geojson, kind: coverageSources.kind })
    .from(coverageSources)
    .where(eq(coverageSources.operatorId, operator.id));
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
