import { readFileSync } from 'node:fs';
import type { Database } from '../../db/client';
import { parseCatalogueJson } from './catalogue';
import { hasTariffs } from './repository';
import { importCatalogue } from './service';

/**
 * The demo catalogue: a file in the catalogue's own exchange format (what `npm run tariffs:export`
 * writes and `npm run tariffs:import` and the back office's upload read). Tariff lines modelled on the
 * Russian operators' real ones (names, allowances and prices are made up, not copied), sold in every
 * region where the operator works in the demo, with the regional spread real operators have (Moscow
 * and St Petersburg dearer, the North Caucasus and the Volga cheaper). Edit the file to change it.
 */
export const DEMO_CATALOGUE_FILE = new URL('./demo-catalogue.json', import.meta.url);

/** Loads the demo catalogue through the importer into an empty tariff table (a second start, or real data, is left alone). */
export async function seedTariffsDemo(db: Database): Promise<void> {
  if (await hasTariffs(db)) return;
  await importCatalogue(db, parseCatalogueJson(readFileSync(DEMO_CATALOGUE_FILE, 'utf8')));
}
