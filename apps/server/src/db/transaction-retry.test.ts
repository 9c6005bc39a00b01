import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { isRetryableConflict, type RetryOptions, withConflictRetry } from './transaction-retry';

/** A driver error as node-postgres raises it, wrapped by drizzle as its query error does. */
const pgError = (code: string) =>
  Object.assign(new Error('failed query'), { cause: Object.assign(new Error(code), { code }) });

describe('a transaction run again after a deadlock or serialization failure', () => {
  const pauses: number[] = [];
  const options: RetryOptions = { attempts: 4, pause: async (attempt) => void pauses.push(attempt) };

  it('runs again on 40P01 and 40001 until it succeeds, within its bound', async () => {
    pauses.length = 0;
    const codes = ['40P01', '40001'];
    let runs = 0;
    const result = await withConflictRetry(async () => {
      runs++;
      const code = codes[runs - 1];
      if (code) throw pgError(code);
      return 'готово';
    }, options);
    expect(result).toBe('готово');
    expect(runs).toBe(3);
    expect(pauses).toEqual([1, 2]);
  });

  it('gives up after the bound with the conflict itself (the error handler answers 503, not 500)', async () => {
    let runs = 0;
    const failing = withConflictRetry(async () => {
      runs++;
      throw pgError('40P01');
    }, options);
    await expect(failing).rejects.toSatisfy(isRetryableConflict);
    expect(runs).toBe(4);
  });

  it('never runs again after any other error', async () => {
    let runs = 0;
    await expect(
      withConflictRetry(async () => {
        runs++;
        throw pgError('23505');
      }, options),
    ).rejects.toThrow('failed query');
    expect(runs).toBe(1);
  });
});

describe('the database’s transactions', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ seed: 'none' });
  });
  afterAll(async () => database?.drop());

  it('live through a real deadlock: both of two transactions locking two rows in opposite orders commit', async () => {
    const { db, kind } = database.handle;
    // PGlite runs one transaction at a time: no deadlock to meet.
    if (kind !== 'postgres') return;
    await db.execute(sql`create table if not exists deadlock_probe (id int primary key, n int not null)`);
    await db.execute(sql`insert into deadlock_probe values (1, 0), (2, 0) on conflict do nothing`);
    // Each holds its first row, then both know it, then each asks for the other's: a circle every time.
    let holding = 0;
    let release: () => void = () => undefined;
    const bothHold = new Promise<void>((resolve) => {
      release = resolve;
    });
    let runs = 0;
    const crossing = (first: number, second: number) =>
      db.transaction(async (tx) => {
        runs++;
        await tx.execute(sql`update deadlock_probe set n = n + 1 where id = ${first}`);
        if (++holding === 2) release();
        await Promise.race([bothHold, new Promise((resolve) => setTimeout(resolve, 2000))]);
        await tx.execute(sql`update deadlock_probe set n = n + 1 where id = ${second}`);
      });
    await Promise.all([crossing(1, 2), crossing(2, 1)]);
    expect(runs).toBeGreaterThanOrEqual(3);
    const rows = (await db.execute(sql`select sum(n)::int as n from deadlock_probe`)) as unknown as {
      rows: { n: number }[];
    };
    expect(rows.rows[0]?.n).toBe(4);
  });
});
