import type { Database } from '../../db/client';
import { demoCatalogue } from './demo-catalogue';
import { hasTariffs, regionOperatorPairs } from './repository';
import { importCatalogue } from './service';

/** Loads the demo catalogue into an empty tariff table (a second start, or real data, is left alone). */
export async function seedTariffsDemo(db: Database): Promise<void> {
  if (await hasTariffs(db)) return;
  const pairs = await regionOperatorPairs(db);
  const sites = new Map(pairs.map((p) => [p.slug, p.site]));
  const catalogue = demoCatalogue(
    pairs.map((p) => ({ regionCode: Number(p.region_code), operatorSlug: p.slug })),
    sites,
  );
  await importCatalogue(db, catalogue);
}
