/**
 * The one place the tariff queries see which driver runs them (decisions 002 and 005): the SQL is the
 * same on both engines, but raw rows and named prepared statements are reached differently through
 * node-postgres and through PGlite.
 */
import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** A raw result row: column names as the SQL wrote them. */
export type Row = Record<string, unknown>;

/** Runs raw SQL and answers its rows (node-postgres and PGlite both answer `{ rows }`). */
export async function rows<T = Row>(db: Database, query: SQL): Promise<T[]> {
  return rowsOf<T>(db, query);
}

/** A search parameter as an SQL literal (standard_conforming_strings: only quotes need doubling). */
function literal(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  throw new Error(`Неожиданный параметр поиска: ${typeof value}`);
}

const dialect = new PgDialect();
const MAX_PREPARED = 500;
const preparedNames = new Set<string>();
const preparedOnPglite = new WeakMap<PGlite, Set<string>>();

/**
 * Runs a query as a named prepared statement. Planning the tariff search costs more than running it
 * (PGlite: 1–5 ms against 0.5 ms), and a filter combination repeats its SQL text with new values,
 * so each text is planned once per connection. The number of distinct texts is capped: an unusual
 * combination past the cap runs unprepared rather than growing every connection's statement cache.
 */
export async function preparedRows(db: Database, query: SQL): Promise<Row[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `tariff_search_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  if (!preparedNames.has(name)) {
    if (preparedNames.size >= MAX_PREPARED) return rows(db, query);
    preparedNames.add(name);
  }
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    // node-postgres prepares a named statement on each pooled connection the first time it meets it.
    return (await client.query({ name, text, values: params as unknown[] })).rows as Row[];
  }
  if (client instanceof PGlite) {
    // One in-process session: SQL-level PREPARE lasts as long as the database is open.
    let done = preparedOnPglite.get(client);
    if (!done) {
      done = new Set();
      preparedOnPglite.set(client, done);
    }
    if (!done.has(name)) {
      await client.query(`PREPARE ${name} AS ${text}`);
      done.add(name);
    }
    // EXECUTE takes its arguments as SQL, not as bound parameters: numbers as they are, text quoted.
    const args = params.map(literal).join(', ');
    return (await client.query<Row>(`EXECUTE ${name}${args ? `(${args})` : ''}`)).rows;
  }
  return rows(db, query);
}
