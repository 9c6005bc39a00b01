import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { operators } from '../../db/schema';
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
