import pg from 'pg';
import type { AppConfig } from '../config/env';
import { type DatabaseHandle, openDatabase } from './client';
import { migrateDatabase } from './migrate';
import { seedDemo, seedReference } from './seed/index';

/** Opens the configured database, migrates it and loads reference (and in demo mode, demo) data. */
export async function prepareDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'pgliteDir' | 'seedDemo' | 'sessionSecret' | 'porting'>,
): Promise<{ handle: DatabaseHandle; seeded: string[] }> {
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  try {
    const seeded: string[] = [];
    await oneNodeAtATime(config.databaseUrl, async () => {
      await migrateDatabase(handle);
      if (await seedReference(handle.db)) seeded.push('reference');
      if (
        config.seedDemo &&
        (await seedDemo(handle, { sessionSecret: config.sessionSecret, portingTimeScale: config.porting.timeScale }))
      )
        seeded.push('demo');
    });
    return { handle, seeded };
  } catch (err) {
    await handle.close();
    throw err;
  }
}

// Any constant works: it only has to be the same on every node.
const SEED_LOCK_KEY = 7_242_002;

/**
 * Nodes starting together on one PostgreSQL migrate and seed one after the other: some seed steps check
 * for their rows and insert them in separate transactions, and two nodes doing that at once collided on
 * unique keys; pg-boss creating the same queues from three nodes at once deadlocked (both found by the
 * scale test starting three nodes at once). PGlite serves one process: no lock needed.
 */
async function oneNodeAtATime(databaseUrl: string | undefined, work: () => Promise<void>): Promise<void> {
  if (!databaseUrl) return work();
  const lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [SEED_LOCK_KEY]);
    await work();
  } finally {
    await lock.end().catch(() => undefined);
  }
}
