import type { Database } from '../../db/client';
import { notFound } from '../../lib/problem';
import { getPublicSetting, listFeatures, listPublicSettings } from './repository';

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
