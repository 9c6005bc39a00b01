import type { Static } from 'typebox';
import { logoUrl } from '../../lib/operator-logo';
import type { listRegionOperators } from './repository';
import type { OperatorBriefSchema } from './schemas';

type RegionOperatorRow = Awaited<ReturnType<typeof listRegionOperators>>[number];

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
