import { and, asc, count, countDistinct, desc, eq, min, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { operatorsTable as operators } from '../operators';
import { tariffRegions } from './tables';

/**
 * Operator cards: how many current tariffs an operator sells and its cheapest monthly price, in one
 * region or across Russia. Read from tariff_regions, the tariffs domain's search table.
 */
export async function listOperatorTiles(db: Database, regionCode?: number, operatorId?: number) {
  const tariffJoin = and(
    eq(tariffRegions.operatorId, operators.id),
    eq(tariffRegions.isArchived, false),
    regionCode === undefined ? undefined : eq(tariffRegions.regionCode, regionCode),
  );
  const tariffCount = countDistinct(tariffRegions.tariffId);
  const rows = await db
    .select({
      id: operators.id,
      slug: operators.slug,
      name: operators.name,
      color: operators.color,
      kind: operators.kind,
      tariffCount,
      minPrice: min(tariffRegions.price),
    })
    .from(operators)
    .leftJoin(tariffRegions, tariffJoin)
    .where(and(eq(operators.isListed, true), operatorId === undefined ? undefined : eq(operators.id, operatorId)))
    .groupBy(operators.id)
    // In a region only operators that sell something there are shown.
    .having(regionCode === undefined ? undefined : sql`${count(tariffRegions.tariffId)} > 0`)
    .orderBy(desc(tariffCount), asc(sql`${operators.name} collate "C"`));
  return rows.map((r) => ({ ...r, minPrice: r.minPrice === null ? null : Number(r.minPrice) }));
}
