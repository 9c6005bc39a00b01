/**
 * The seed orchestrator: each module owns its seed (`modules/<domain>/seed.ts`); this file only calls
 * them in dependency order, each set once per version under a lock (decision 003).
 */

import { eq } from 'drizzle-orm';
import { systemClock } from '../../lib/clock';
import { seedCoverageDemo } from '../../modules/coverage/seed';
import { signInDemoCitizen } from '../../modules/esia/seed';
import { seedLookupDemo, seedOperatorLegalNames } from '../../modules/lookup/seed';
import { seedNewsDemo } from '../../modules/news/seed';
import { seedOperators, seedRegionOperatorsDemo } from '../../modules/operators/seed';
import { seedOfficesDemo, seedPortingDemo } from '../../modules/porting/seed';
import { seedRegions } from '../../modules/regions/seed';
import { seedServices } from '../../modules/services/seed';
import { seedSettings } from '../../modules/settings/seed';
import { seedTariffsDemo } from '../../modules/tariffs/seed';
import type { Database, DatabaseHandle } from '../client';
import { seedRuns } from '../schema';

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
    await tx.update(seedRuns).set({ version, appliedAt: systemClock() }).where(eq(seedRuns.name, name));
    return true;
  });
}

/** Regions, operators with their registry legal names, services, feature flags and settings: needed in every mode. */
export async function seedReference(db: Database): Promise<boolean> {
  return applyOnce(db, 'reference', REFERENCE_VERSION, async (tx) => {
    await seedRegions(tx);
    await seedOperators(tx);
    // The legal names point at the operators' rows.
    await seedOperatorLegalNames(tx);
    await seedServices(tx);
    await seedSettings(tx);
  });
}

/**
 * Demo content for development and tests; production never loads it. The porting demo seals the
 * test citizens' passports with the site's key, so it needs the session secret.
 */
export async function seedDemo(
  handle: DatabaseHandle,
  options: { sessionSecret: string; portingTimeScale?: number },
): Promise<boolean> {
  const db = handle.db;
  // The numbering plan and ported numbers keep their own marker (the lookup state), not a seed run.
  const lookup = await seedLookupDemo(db);
  const demo = await applyOnce(db, 'demo', DEMO_VERSION, async (tx) => {
    await seedRegionOperatorsDemo(tx);
    // The demo catalogue sells each operator's tariffs where it works.
    await seedTariffsDemo(tx);
  });
  // The recipients' offices where a new SIM is picked up, per operator and region.
  const offices = await applyOnce(db, 'offices-demo', 1, (tx) => seedOfficesDemo(tx));
  const stories = await applyOnce(db, 'news-demo', 1, (tx) => seedNewsDemo(tx));
  const coverage = await applyOnce(db, 'coverage-demo', 1, (tx) => seedCoverageDemo(tx));
  // Last: the porting histories need the plan, the ported registry, the operators' regions and tariffs.
  const porting = await seedPortingDemo(handle, {
    sessionSecret: options.sessionSecret,
    timeScale: options.portingTimeScale ?? 1,
    signIn: (citizen, sealKey, signedInAt) => signInDemoCitizen(db, citizen, sealKey, signedInAt),
  });
  return demo || lookup || porting || offices || stories || coverage;
}
