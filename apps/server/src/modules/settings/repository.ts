import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { FEATURES, type Feature } from './features';
import { featureFlags, settings } from './tables';

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
    .onConflictDoUpdate({ target: featureFlags.feature, set: { isEnabled, updatedAt: sql`now()` } });
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

/**
 * Every setting and feature flag as one value that moves when any of them changes (the page cache's data
 * version, decision 040; the news and tariff catalogue versions are settings rows).
 */
export async function settingsVersion(db: Database): Promise<string> {
  const [row] = await rowsOf<{ version: string | null }>(
    db,
    sql`select concat_ws('|',
      (select string_agg(key || '=' || value, ';' order by key) from ${settings}),
      (select string_agg(feature || '=' || is_enabled::text, ';' order by feature) from ${featureFlags})
    ) as version`,
  );
  return row?.version ?? '';
}

/** Adds one to a counter kept as a setting (1 when new), in the caller's transaction: the news and catalogue versions. */
export async function bumpCounterSetting(tx: Database, key: string): Promise<void> {
  await tx.execute(sql`
    insert into ${settings} (key, value, is_public) values (${key}, '1', false)
    on conflict (key) do update set value = (${settings}.value::bigint + 1)::text`);
}

/** A setting's stored value, public or not; undefined when there is none. */
export async function settingValue(db: Database, key: string): Promise<string | undefined> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value;
}
