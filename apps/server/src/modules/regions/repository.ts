import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { regions } from './tables';

export async function listRegions(db: Database) {
  return db.select().from(regions).orderBy(asc(regions.code));
}

export async function regionExists(db: Database, code: number) {
  return (await findRegion(db, { code })) !== undefined;
}

/** A region by FNS code or slug; undefined when there is none. The one lookup of a region every module uses. */
export async function findRegion(db: Database, region: { code: number } | { slug: string }) {
  const [row] = await db
    .select({ code: regions.code, slug: regions.slug, name: regions.name })
    .from(regions)
    .where('code' in region ? eq(regions.code, region.code) : eq(regions.slug, region.slug));
  return row;
}

/** Every region's code and slug, in slug order (the sitemap). */
export function regionSlugs(db: Database): Promise<{ code: number; slug: string }[]> {
  return rowsOf(db, sql`select code, slug from ${regions} order by slug`);
}

/** The regions as one value that moves when any of them changes (the page cache's data version). */
export async function regionsVersion(db: Database): Promise<string> {
  const [row] = await rowsOf<{ version: string | null }>(
    db,
    sql`select md5(string_agg(r::text, ';' order by r.code)) as version from ${regions} r`,
  );
  return row?.version ?? '';
}

/** Every region's slug and name by code (89 rows): what other modules join by code in memory. */
export async function regionNames(db: Database): Promise<Map<number, { code: number; slug: string; name: string }>> {
  const rows = await db.select({ code: regions.code, slug: regions.slug, name: regions.name }).from(regions);
  return new Map(rows.map((r) => [r.code, r]));
}
