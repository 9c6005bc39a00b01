import { eq } from 'drizzle-orm';
import { seedCoverageDemo } from '../../modules/coverage/demo';
import { seedLookupDemo } from '../../modules/lookup/demo';
import { normaliseLegalName } from '../../modules/lookup/registry-names';
import { seedNewsDemo } from '../../modules/news/demo';
import { DEFAULT_THEME, FEATURES, THEME_SETTING } from '../../modules/settings/features';
import { seedTariffsDemo } from '../../modules/tariffs/seed';
import type { Database, DatabaseHandle } from '../client';
import {
  convergenceServices,
  featureFlags,
  mediaServices,
  operatorLegalNames,
  operators,
  regionOperators,
  regions,
  seedRuns,
  settings,
} from '../schema';
import { demoRegionOperators } from './demo-data';
import { seedPortingDemo } from './porting-demo';
import {
  convergenceServices as convergenceSeed,
  mediaServices as mediaSeed,
  operators as operatorSeed,
  regions as regionSeed,
} from './reference-data';

// Bump a version when its data changes; each set is applied once per version.
const REFERENCE_VERSION = 1;
const DEMO_VERSION = 1;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

async function applyOnce(
  db: Database,
  name: string,
  version: number,
  apply: (tx: Tx) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Locking the marker row keeps two starting nodes from seeding twice.
    await tx.insert(seedRuns).values({ name, version: 0 }).onConflictDoNothing();
    const [run] = await tx.select().from(seedRuns).where(eq(seedRuns.name, name)).for('update');
    if (run && run.version >= version) return false;
    await apply(tx);
    await tx.update(seedRuns).set({ version, appliedAt: new Date() }).where(eq(seedRuns.name, name));
    return true;
  });
}

/** Regions, operators, services, feature flags and settings: needed in every mode. */
export async function seedReference(db: Database): Promise<boolean> {
  return applyOnce(db, 'reference', REFERENCE_VERSION, async (tx) => {
    for (const r of regionSeed) {
      const { code: _code, ...rest } = r;
      await tx.insert(regions).values(r).onConflictDoUpdate({ target: regions.code, set: rest });
    }
    for (const o of operatorSeed) {
      const values = {
        slug: o.slug,
        name: o.name,
        inn: o.inn,
        site: o.site || null,
        color: o.color,
        kind: o.kind,
        description: o.description,
        isListed: true,
      };
      const [row] = await tx
        .insert(operators)
        .values(values)
        .onConflictDoUpdate({ target: operators.slug, set: values })
        .returning({ id: operators.id });
      if (!row) continue;
      for (const legalName of o.legalNames) {
        await tx
          .insert(operatorLegalNames)
          .values({ normalised: normaliseLegalName(legalName), legalName, operatorId: row.id })
          .onConflictDoNothing();
      }
    }
    for (const s of mediaSeed) {
      await tx.insert(mediaServices).values(s).onConflictDoNothing();
    }
    for (const s of convergenceSeed) {
      await tx.insert(convergenceServices).values(s).onConflictDoNothing();
    }
    // Flags and settings an operator may have changed are never overwritten.
    for (const feature of FEATURES) {
      await tx.insert(featureFlags).values({ feature, isEnabled: true }).onConflictDoNothing();
    }
    await tx
      .insert(settings)
      .values({ key: THEME_SETTING, value: DEFAULT_THEME, isPublic: true })
      .onConflictDoNothing();
  });
}

/**
 * Demo content for development and tests; production never loads it. The porting demo seals the
 * test citizens' passports with the site's key, so it needs the session secret.
 */
export async function seedDemo(handle: DatabaseHandle, options: { sessionSecret: string }): Promise<boolean> {
  const db = handle.db;
  const lookup = await seedLookupDemo(db);
  const demo = await applyOnce(db, 'demo', DEMO_VERSION, async (tx) => {
    const ops = await tx.select({ id: operators.id, slug: operators.slug }).from(operators);
    const idBySlug = new Map(ops.map((o) => [o.slug, o.id]));
    const codes = (await tx.select({ code: regions.code }).from(regions)).map((r) => r.code);
    const pairs = demoRegionOperators(codes).flatMap(({ regionCode, slug }) => {
      const operatorId = idBySlug.get(slug);
      return operatorId === undefined ? [] : [{ regionCode, operatorId }];
    });
    for (let i = 0; i < pairs.length; i += 500) {
      await tx
        .insert(regionOperators)
        .values(pairs.slice(i, i + 500))
        .onConflictDoNothing();
    }
    await seedTariffsDemo(tx);
  });
  const stories = await applyOnce(db, 'news-demo', 1, (tx) => seedNewsDemo(tx));
  const coverage = await applyOnce(db, 'coverage-demo', 1, (tx) => seedCoverageDemo(tx));
  // Last: the porting histories need the plan, the ported registry, the operators' regions and tariffs.
  const porting = await seedPortingDemo(handle, options);
  return demo || lookup || porting || stories || coverage;
}
