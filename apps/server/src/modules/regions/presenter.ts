import type { Static } from 'typebox';
import type { Database } from '../../db/client';
import { logoUrl } from '../../lib/operator-logo';
import type { OperatorBriefSchema } from './schemas';

/** A region–operator pair, ordered by region and operator name, as the operators module lists them. */
export interface RegionOperatorRow {
  regionCode: number;
  regionSlug: string;
  regionName: string;
  id: number;
  slug: string;
  name: string;
  color: string;
}

/**
 * The region–operator pairs, of one region when `code` is given. The operators module owns the table and
 * lists them; app.ts hands its function to these routes (the operators module imports this one, so this
 * one cannot import it back: decision 131).
 */
export type RegionOperatorList = (db: Database, code?: number) => Promise<RegionOperatorRow[]>;

/** One region with its operators, as `/v1/region/operators` answers it. */
export interface RegionOperators {
  regionCode: number;
  regionSlug: string;
  regionName: string;
  operators: Static<typeof OperatorBriefSchema>[];
}

/** Groups region–operator pairs (ordered by region) into one entry per region. */
export function presentRegionOperators(rows: readonly RegionOperatorRow[]): RegionOperators[] {
  const byRegion = new Map<number, RegionOperators>();
  for (const row of rows) {
    let region = byRegion.get(row.regionCode);
    if (!region) {
      region = { regionCode: row.regionCode, regionSlug: row.regionSlug, regionName: row.regionName, operators: [] };
      byRegion.set(row.regionCode, region);
    }
    region.operators.push({ id: row.id, slug: row.slug, name: row.name, color: row.color, logo: logoUrl(row.slug) });
  }
  return [...byRegion.values()];
}
