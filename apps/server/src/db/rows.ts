import type { SQL } from 'drizzle-orm';
import type { Database } from './client';

/** What a raw statement answers on both drivers the site runs on (node-postgres and PGlite). */
interface RawResult {
  rows: unknown[];
}

/**
 * The rows of a raw SQL statement, typed as its SELECT names them. Drizzle types `execute` per driver;
 * both drivers answer `{ rows }`, and this is the one place that says so (issue 37: six casts of
 * `db.execute(...).rows as unknown as` in as many files).
 */
export async function rowsOf<T>(db: Pick<Database, 'execute'>, query: SQL): Promise<T[]> {
  return typedRows<T>((await db.execute(query)) as RawResult);
}

/** The rows of a result already read (the job library's own statements), typed as its SELECT names them. */
export function typedRows<T>(result: RawResult): T[] {
  return result.rows as T[];
}
