import type { Database } from '../../db/client';
import { validationProblem } from '../../lib/problem';
import { presentRegionOperators } from './presenter';
import { listRegionOperators, listRegions, regionExists } from './repository';

/** Every federal subject. */
export async function allRegions(db: Database) {
  return listRegions(db);
}

/** The operators working in each region, or in one (400 when there is no such region). */
export async function regionOperators(db: Database, code: number | undefined) {
  if (code !== undefined && !(await regionExists(db, code))) {
    throw validationProblem({ RegionCode: ['Такого региона нет.'] });
  }
  return presentRegionOperators(await listRegionOperators(db, code));
}
