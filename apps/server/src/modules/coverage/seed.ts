import type { Database } from '../../db/client';
import { operatorsBySlugs } from '../operators';
import { DEMO_SOURCES, demoCoverage } from './demo';
import { coverageSources } from './tables';

/** Loads the demo coverage sources (callers run it once, inside the demo seed). */
export async function seedCoverageDemo(db: Database): Promise<void> {
  const rows = [...(await operatorsBySlugs(db, Object.keys(DEMO_SOURCES))).values()];
  for (const row of rows) {
    const d = DEMO_SOURCES[row.slug];
    if (!d) continue;
    await db
      .insert(coverageSources)
      .values({
        operatorId: row.id,
        kind: d.kind,
        projection: d.projection,
        url: d.url ?? null,
        geojson: d.radiusKm ? demoCoverage(d.radiusKm, d.cities) : null,
      })
      .onConflictDoNothing();
  }
}
