import type { Database } from '../../db/client';
import { regions as regionSeed } from './reference-data';
import { regions } from './tables';

/** The federal subjects: inserted, or brought up to date by code. */
export async function seedRegions(db: Database): Promise<void> {
  for (const r of regionSeed) {
    const { code: _code, ...rest } = r;
    await db.insert(regions).values(r).onConflictDoUpdate({ target: regions.code, set: rest });
  }
}
