import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { DEV_SESSION_SECRET } from '../config/env';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { seedDemo, seedReference } from '../db/seed/index';

/** Which engine this test run uses: the suite runs once on PGlite and once on PostgreSQL. */
export const TEST_ENGINE: 'pglite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** URL of the throw-away PostgreSQL database (undefined on PGlite). */
  url: string | undefined;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database on the
 * PostgreSQL server (created from `test`, dropped afterwards) so files never see each other's rows.
 */
export async function createTestDatabase(
  options: { seed?: 'none' | 'reference' | 'demo' } = {},
): Promise<TestDatabase> {
  const seed = options.seed ?? 'demo';
  let handle: DatabaseHandle;
  let url: string | undefined;
  let dropDatabase = async () => {};
  // A template made once per run (global setup) is copied instead of seeding again: on PostgreSQL the demo
  // one (a new database there is made in a blink), on PGlite one per seed (a new one costs its initdb).
  const template =
    TEST_ENGINE === 'postgres'
      ? seed === 'demo'
        ? inject('postgresTemplateName')
        : undefined
      : inject('pgliteTemplatePaths')[seed];
  if (TEST_ENGINE === 'postgres') {
    const name = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
    await admin.end();
    const parsed = new URL(TEST_POSTGRES_URL);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    handle = await openDatabase({ databaseUrl: url });
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    const pgliteTemplate = template ? new Blob([readFileSync(template)]) : undefined;
    handle = await openDatabase({ pgliteDir: 'memory://', pgliteTemplate });
  }
  await migrateDatabase(handle);
  if (!template && seed !== 'none') await seedReference(handle.db);
  if (!template && seed === 'demo') await seedDemo(handle, { sessionSecret: DEV_SESSION_SECRET });
  return {
    handle,
    url,
    async drop() {
      await handle.close();
      await dropDatabase();
    },
  };
}
