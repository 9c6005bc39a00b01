import { and, countDistinct, eq, min } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { allOperators } from '../operators';
import { compareCodePoints } from './collation';
import { tariffRegions } from './tables';

/**
 * Operator cards: how many current tariffs an operator sells and its cheapest monthly price, in one
 * region or across Russia. Counted in tariff_regions, the tariffs domain's search table; the operators
 * (a few hundred rows) come from their module and are joined here by id (decision 131).
 */
export async function listOperatorTiles(db: Database, regionCode?: number, operatorId?: number) {
  const [ops, counted] = await Promise.all([
    allOperators(db),
    db
      .select({
        operatorId: tariffRegions.operatorId,
        tariffCount: countDistinct(tariffRegions.tariffId),
        minPrice: min(tariffRegions.price),
      })
      .from(tariffRegions)
      .where(
        and(
          eq(tariffRegions.isArchived, false),
          regionCode === undefined ? undefined : eq(tariffRegions.regionCode, regionCode),
          operatorId === undefined ? undefined : eq(tariffRegions.operatorId, operatorId),
        ),
      )
      .groupBy(tariffRegions.operatorId),
  ]);
  const byOperator = new Map(counted.map((c) => [c.operatorId, c]));
  return (
    ops
      .filter((o) => o.isListed && (operatorId === undefined || o.id === operatorId))
      .map((o) => {
        const c = byOperator.get(o.id);
        return {
          id: o.id,
          slug: o.slug,
          name: o.name,
          color: o.color,
          kind: o.kind,
          tariffCount: c?.tariffCount ?? 0,
          minPrice: c?.minPrice === null || c?.minPrice === undefined ? null : Number(c.minPrice),
        };
      })
      // In a region only operators that sell something there are shown.
      .filter((t) => regionCode === undefined || t.tariffCount > 0)
      .sort((a, b) => b.tariffCount - a.tariffCount || compareCodePoints(a.name, b.name))
  );
}
