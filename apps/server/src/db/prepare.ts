import type { AppConfig } from '../config/env';
import { type DatabaseHandle, openDatabase } from './client';
import { seedDemo, seedReference } from './seed/index';

/** Opens the configured database, migrates it and loads reference (and in demo mode, demo) data. */
export async function prepareDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'pgliteDir' | 'seedDemo'>,
): Promise<{ handle: DatabaseHandle; seeded: string[] }> {
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  try {
    await handle.migrate();
    const seeded: string[] = [];
    if (await seedReference(handle.db)) seeded.push('reference');
    if (config.seedDemo && (await seedDemo(handle.db))) seeded.push('demo');
    return { handle, seeded };
  } catch (err) {
    await handle.close();
    throw err;
  }
}
