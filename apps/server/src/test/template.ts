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

/** The seeds a test database starts with: none (migrated only), the reference data, or the demo too. */
export type TemplateSeed = 'none' | 'reference' | 'demo';

/**
 * Migrating and seeding the demo data takes seconds; doing it once per run and cloning the result
 * for every test file keeps the suite fast. PGlite: a dump of the data folder in a temp file, for each of
 * the three seeds: a new PGlite database costs 2.5–3.4 s to create (its initdb) against 0.75 s to load a
 * dump, and the files that want an empty or a reference-only database paid it once or more each.
 */
export async function createPgliteTemplates(): Promise<{ paths: Record<TemplateSeed, string>; remove: () => void }> {
  const handle = await openDatabase({ pgliteDir: 'memory://' });
  if (!handle.dumpDataDir) throw new Error('only PGlite dumps its data folder');
  const stem = join(tmpdir(), `perenos-pglite-template-${process.pid}-${randomBytes(4).toString('hex')}`);
  const paths: Record<TemplateSeed, string> = {
    none: `${stem}-none.tar`,
    reference: `${stem}-reference.tar`,
    demo: `${stem}-demo.tar`,
  };
  const remove = () => {
    for (const path of Object.values(paths)) rmSync(path, { force: true });
  };
  try {
    const dump = async (seed: TemplateSeed) => {
      const data = await handle.dumpDataDir?.();
      if (!data) throw new Error('only PGlite dumps its data folder');
      writeFileSync(paths[seed], Buffer.from(await data.arrayBuffer()));
    };
    await migrateDatabase(handle);
    await dump('none');
    await seedReference(handle.db);
    await dump('reference');
    await seedDemo(handle, { sessionSecret: DEV_SESSION_SECRET });
    await dump('demo');
  } catch (error) {
    remove();
    throw error;
  } finally {
    await handle.close();
  }
  return { paths, remove };
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
