import type { Database } from '../../db/client';
import { notFound } from '../../lib/problem';
import { audit, type StaffActor } from '../staff';
import { FEATURE_TEXTS, type Feature } from './features';
import { getPublicSetting, listFeatures, listPublicSettings, lockFeature, setFeature } from './repository';

/** Every feature flag, on or off. */
export async function features(db: Database) {
  return listFeatures(db);
}

/** The settings anyone may read. */
export async function publicSettings(db: Database) {
  return listPublicSettings(db);
}

/** One public setting, or 404 (a private one is not found either). */
export async function publicSetting(db: Database, key: string) {
  const setting = await getPublicSetting(db, key);
  if (!setting) throw notFound();
  return setting;
}

/** The flags with what each is and what its switch takes away. */
export async function staffFeatures(db: Database) {
  return (await listFeatures(db)).map((f) => ({ ...f, ...FEATURE_TEXTS[f.feature] }));
}

/** Switches a feature, audited with what it was; the row is locked so the audit's «before» is true. */
export async function switchFeature(db: Database, actor: StaffActor, feature: Feature, isEnabled: boolean) {
  await db.transaction(async (tx) => {
    const before = await lockFeature(tx, feature);
    await setFeature(tx, feature, isEnabled);
    await audit(tx, actor, 'flags.switch', `flag:${feature}`, { from: before, to: isEnabled });
  });
  return { feature, isEnabled, ...FEATURE_TEXTS[feature] };
}
