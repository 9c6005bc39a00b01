import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DEV_SESSION_SECRET } from '../config/env';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { seedDemo, seedReference } from '../db/seed/index';

export const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

/**
 * Migrating and seeding the demo data takes seconds; doing it once per run and cloning the result
 * for every test file keeps the suite fast. PGlite: a dump of the data folder in a temp file.
 */
export async function createPgliteTemplate(): Promise<{ path: string; remove: () => void }> {
  const handle = await openDatabase({ pgliteDir: 'memory://' });
  await migrateDatabase(handle);
  await seedReference(handle.db);
  await seedDemo(handle, { sessionSecret: DEV_SESSION_SECRET });
  if (!handle.dumpDataDir) throw new Error('only PGlite dumps its data folder');
  const dump = await handle.dumpDataDir();
  await handle.close();
  const path = join(tmpdir(), `perenos-pglite-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  return { path, remove: () => rmSync(path, { force: true }) };
}

/** PostgreSQL: a template database that `CREATE DATABASE … TEMPLATE` copies in a blink. */
export async function createPostgresTemplate(): Promise<{ name: string; remove: () => Promise<void> }> {
  const name = `tmpl_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  await migrateDatabase(handle);
  await seedReference(handle.db);
  await seedDemo(handle, { sessionSecret: DEV_SESSION_SECRET });
  await handle.close();
  await admin.end();
  return {
    name,
    async remove() {
      const c = new pg.Client({ connectionString: POSTGRES_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
