import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { featureFlags, settings } from '../../db/schema';
import { FEATURES, type Feature } from './features';

export async function listFeatures(db: Database) {
  const rows = await db.select({ feature: featureFlags.feature, isEnabled: featureFlags.isEnabled }).from(featureFlags);
  const byName = new Map(rows.map((r) => [r.feature, r.isEnabled]));
  // Every known feature is listed, in the spec's order; one missing from the table counts as off.
  return FEATURES.map((feature) => ({ feature, isEnabled: byName.get(feature) ?? false }));
}

export async function setFeature(db: Database, feature: Feature, isEnabled: boolean) {
  await db
    .insert(featureFlags)
    .values({ feature, isEnabled })
    .onConflictDoUpdate({ target: featureFlags.feature, set: { isEnabled, updatedAt: new Date() } });
}

export async function getPublicSetting(db: Database, key: string) {
  const [row] = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(and(eq(settings.key, key), eq(settings.isPublic, true)));
  return row;
}

export async function listPublicSettings(db: Database) {
  return db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(eq(settings.isPublic, true))
    .orderBy(asc(settings.key));
}

/** Locks a flag's row for a change in `tx`; its value before (false when the row is missing). */
export async function lockFeature(tx: Database, feature: Feature): Promise<boolean> {
  const [row] = await tx
    .select({ isEnabled: featureFlags.isEnabled })
    .from(featureFlags)
    .where(eq(featureFlags.feature, feature))
    .for('update');
  return row?.isEnabled ?? false;
}
