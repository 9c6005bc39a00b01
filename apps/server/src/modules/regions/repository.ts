import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { operators, regionOperators, regions } from '../../db/schema';

export async function listRegions(db: Database) {
  return db.select().from(regions).orderBy(asc(regions.code));
}

export async function regionExists(db: Database, code: number) {
  return (await findRegion(db, { code })) !== undefined;
}

/** Region–operator pairs, ordered by region and operator name; one region when `code` is given. */
export async function listRegionOperators(db: Database, code?: number) {
  return db
    .select({
      regionCode: regions.code,
      regionSlug: regions.slug,
      regionName: regions.name,
      id: operators.id,
      slug: operators.slug,
      name: operators.name,
      color: operators.color,
    })
    .from(regionOperators)
    .innerJoin(regions, eq(regions.code, regionOperators.regionCode))
    .innerJoin(operators, eq(operators.id, regionOperators.operatorId))
    .where(code === undefined ? undefined : eq(regions.code, code))
    .orderBy(asc(regions.code), asc(operators.name));
}

/** A region by FNS code or slug; undefined when there is none. The one lookup of a region every module uses. */
export async function findRegion(db: Database, region: { code: number } | { slug: string }) {
  const [row] = await db
    .select({ code: regions.code, slug: regions.slug, name: regions.name })
    .from(regions)
    .where('code' in region ? eq(regions.code, region.code) : eq(regions.slug, region.slug));
  return row;
}
