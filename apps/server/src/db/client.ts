import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

/** The one database type the repositories see: the same on PGlite and on a PostgreSQL server. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies every pending migration; safe to call from several nodes at once. */
  migrate(): Promise<void>;
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: its whole data folder as a tarball (the test suite's seeded template). */
  dumpDataDir?: () => Promise<Blob>;
}

export interface DatabaseOptions {
  /** PostgreSQL server URL; when absent, PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data folder or `memory://`. */
  pgliteDir?: string;
  /** A PGlite data-folder dump to start from (tests clone a seeded template this way). */
  pgliteTemplate?: Blob;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
// Any constant works: it only has to be the same on every node running migrations.
const MIGRATION_LOCK_KEY = 7_242_001;

/** Opens PGlite (default) or a PostgreSQL pool when a URL is given. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // A server restart or failover ends idle connections; without a listener node-postgres would throw
    // from the pool and take the whole process down. The pool opens a new connection when next asked.
    pool.on('error', (err: Error & { code?: string }) => {
      if (err.code !== '57P01') process.emitWarning(`PostgreSQL: соединение потеряно: ${err.message}`);
    });
    const db = drizzleNodePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      async migrate() {
        // drizzle's migrator does not lock; an advisory lock keeps two starting nodes apart.
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
          client.release();
        }
      },
      async ping() {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }
  const dir = options.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, options.pgliteTemplate ? { loadDataDir: options.pgliteTemplate } : {});
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    dumpDataDir: () => client.dumpDataDir('none'),
    async ping() {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}
