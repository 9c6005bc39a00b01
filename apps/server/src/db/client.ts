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
import { retryingTransactions } from './transaction-retry';

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
  /**
   * Runs SQL text with `$n` parameters outside drizzle: the job library's statements. Without
   * parameters the text may hold several statements.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /**
   * Calls `handler` with the payload of every NOTIFY on `channel` (from any node on PostgreSQL, from
   * this process on PGlite). Resolves to the function that stops listening.
   */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  /** PostgreSQL only: the pool's connections open, idle, and requests waiting for one (the metrics read it). */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

/** A JSON parameter as text: PGlite, unlike node-postgres, does not serialise plain objects itself. */
function sqlParam(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || value instanceof Date || Array.isArray(value)) return value;
  return JSON.stringify(value);
}

/**
 * LISTEN on a dedicated connection (a pooled one would be handed to other queries); when PostgreSQL
 * ends it (restart, failover) it reconnects and listens again after a second.
 */
function postgresListener(databaseUrl: string) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: databaseUrl });
      c.on('notification', (n) => {
        for (const h of handlers.get(n.channel) ?? []) h(n.payload ?? '');
      });
      c.on('error', () => {
        if (client === c) client = undefined;
        connecting = undefined;
        c.end().catch(() => undefined);
        if (!closed && handlers.size > 0) {
          retry = setTimeout(() => connect().catch(() => undefined), 1000);
          retry.unref();
        }
      });
      await c.connect();
      for (const channel of handlers.keys()) await c.query(`LISTEN "${channel}"`);
      client = c;
      return c;
    })();
    return connecting;
  };

  return {
    async listen(channel: string, handler: (payload: string) => void) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
      const set = handlers.get(channel) ?? new Set();
      const isNew = set.size === 0;
      set.add(handler);
      handlers.set(channel, set);
      const c = await connect();
      if (isNew && client === c) await c.query(`LISTEN "${channel}"`);
      return async () => {
        set.delete(handler);
        if (set.size === 0) {
          handlers.delete(channel);
          await client?.query(`UNLISTEN "${channel}"`).catch(() => undefined);
        }
      };
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
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
    // A database that does not answer fails a request within seconds (503, plugins/errors.ts), not minutes.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 10_000,
      keepAlive: true,
    });
    // A server restart or failover ends idle connections; without a listener node-postgres would throw
    // from the pool and take the whole process down. The pool opens a new connection when next asked.
    pool.on('error', (err: Error & { code?: string }) => {
      if (err.code !== '57P01') process.emitWarning(`PostgreSQL: соединение потеряно: ${err.message}`);
    });
    // Concurrent transactions on a server may deadlock or fail to serialise: run again, never a 500.
    const db = retryingTransactions(drizzleNodePg(pool, { schema }));
    const listener = postgresListener(options.databaseUrl);
    return {
      db,
      kind: 'postgres',
      executeSql: (text, values) => pool.query(text, values?.map(sqlParam)),
      listen: (channel, handler) => listener.listen(channel, handler),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
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
      async close() {
        await listener.close();
        await pool.end();
      },
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
    async executeSql(text, values) {
      if (values === undefined || values.length === 0) {
        // The simple protocol: several statements in one text, as node-postgres allows without parameters.
        const results = await client.exec(text);
        return (results.at(-1) ?? { rows: [] }) as { rows: Record<string, unknown>[] };
      }
      return client.query<Record<string, unknown>>(text, values.map(sqlParam));
    },
    async listen(channel, handler) {
      const stop = await client.listen(channel, handler);
      return async () => {
        // Closing the database ends every LISTEN with it.
        if (!client.closed) await stop().catch(() => undefined);
      };
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    async ping() {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}
