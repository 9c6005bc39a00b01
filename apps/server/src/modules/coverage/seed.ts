import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { operatorsTable as operators } from '../operators';
import { DEMO_SOURCES, demoCoverage } from './demo';
import { coverageSources } from './tables';

/** Loads the demo coverage sources (callers run it once, inside the demo seed). */
export async function seedCoverageDemo(db: Database): Promise<void> {
  const rows = await db
    .select({ id: operators.id, slug: operators.slug })
    .from(operators)
    .where(inArray(operators.slug, Object.keys(DEMO_SOURCES)));
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
