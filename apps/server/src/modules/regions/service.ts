import type { Database } from '../../db/client';
import { validationProblem } from '../../lib/problem';
import { presentRegionOperators, type RegionOperatorList } from './presenter';
import { findRegion as findRegionRow, listRegions, regionExists } from './repository';

/** Every federal subject. */
export async function allRegions(db: Database) {
  return listRegions(db);
}

/** The operators working in each region, or in one (400 when there is no such region). */
export async function regionOperators(db: Database, code: number | undefined, list: RegionOperatorList) {
  if (code !== undefined && !(await regionExists(db, code))) {
    throw validationProblem({ RegionCode: ['Такого региона нет.'] });
  }
  return presentRegionOperators(await list(db, code));
}

/** A region by FNS code or slug; undefined when there is none. The one lookup of a region every module uses. */
export async function findRegion(db: Database, region: { code: number } | { slug: string }) {
  return findRegionRow(db, region);
}
