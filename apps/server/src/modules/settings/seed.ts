import type { Database } from '../../db/client';
import { DEFAULT_THEME, FEATURES, OFF_AT_FIRST, THEME_SETTING } from './features';
import { featureFlags, settings } from './tables';

/**
 * Every feature switched on but those that need settings first (OFF_AT_FIRST), and the default theme;
 * flags and settings an operator changed are never overwritten.
 */
export async function seedSettings(db: Database): Promise<void> {
  for (const feature of FEATURES) {
    await db
      .insert(featureFlags)
      .values({ feature, isEnabled: !OFF_AT_FIRST.includes(feature) })
      .onConflictDoNothing();
  }
  await db.insert(settings).values({ key: THEME_SETTING, value: DEFAULT_THEME, isPublic: true }).onConflictDoNothing();
}
