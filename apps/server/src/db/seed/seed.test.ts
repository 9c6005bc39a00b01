import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogueTariff, parseCatalogueJson } from '../../modules/tariffs/catalogue';
import { DEMO_CATALOGUE_FILE } from '../../modules/tariffs/seed';
import { exportCatalogue } from '../../modules/tariffs/service';
import { createTestDatabase, type TestDatabase } from '../../test/database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ seed: 'demo' });
});
afterAll(async () => database?.drop());

async function count(table: string): Promise<number> {
  const result = (await database.handle.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n);
}

describe('the seed orchestrator', () => {
  // The numbers the seed makes; a change here is a change to the data.
  it('loads the same reference and demo rows as before the seed was split by module', async () => {
    const tables = {
      regions: 89,
      operators: 29,
      operator_legal_names: 36,
      media_services: 11,
      convergence_services: 6,
      feature_flags: 6,
      settings: 2,
      region_operators: 932,
      tariffs: 67,
      tariff_regions: 3968,
      news: 12,
      coverage_sources: 6,
      numbering_ranges: 260,
      ported_numbers: 2006,
      users: 9,
      user_numbers: 12,
      portations: 22,
      portation_orders: 23,
      // Each completed porting also carries the recipient's contract and SIM (issue 22).
      portation_events: 219,
      // Two demo offices of every operator in every region it works in.
      recipient_offices: 1864,
      seed_runs: 6,
    };
    const counted = Object.fromEntries(
      await Promise.all(Object.keys(tables).map(async (table) => [table, await count(table)] as const)),
    );
    expect(counted).toEqual(tables);
  });

  it('stores each registry legal name against its own operator', async () => {
    const result = (await database.handle.db.execute(
      sql`select n.legal_name, o.slug from operator_legal_names n join operators o on o.id = n.operator_id
        where n.legal_name in ('ПАО "МТС"', 'ПАО "ВЫМПЕЛКОМ"', 'ООО "Т2 Мобайл"') order by o.slug`,
    )) as unknown as { rows: { legal_name: string; slug: string }[] };
    expect(result.rows).toEqual([
      { legal_name: 'ПАО "ВЫМПЕЛКОМ"', slug: 'beeline' },
      { legal_name: 'ПАО "МТС"', slug: 'mts' },
      { legal_name: 'ООО "Т2 Мобайл"', slug: 't2' },
    ]);
  });

  it('loads the demo tariff catalogue from its file, through the importer, as the file says', async () => {
    const inOrder = (list: CatalogueTariff[]) =>
      list
        .map((t) => ({ ...t, regions: [...t.regions].sort((a, b) => a.regionCode - b.regionCode) }))
        .sort((a, b) => `${a.operatorSlug}/${a.slug}`.localeCompare(`${b.operatorSlug}/${b.slug}`));
    const file = parseCatalogueJson(readFileSync(DEMO_CATALOGUE_FILE, 'utf8'));
    expect(file).toHaveLength(67);
    expect(inOrder(await exportCatalogue(database.handle.db))).toEqual(inOrder(file));
  });
});
