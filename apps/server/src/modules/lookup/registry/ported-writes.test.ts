import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { flushPortedWrites, lockPortedWrites, queuePortedWrites, upsertPorted } from '../repository';

/**
 * Registry writes queued by the porting engine (decision 146): written by a flush after the commit,
 * each with a new sequence number, never over a change of the number made after they were queued.
 */

let t: TestApp;
let operatorId = 0;

const write = (msisdn: number, portedOn: string, op = operatorId) => ({
  msisdn,
  operatorId: op,
  regionCode: 77,
  portedOn,
  mnc: null,
  route: null,
});

async function registryRow(msisdn: number) {
  const { rows } = (await t.app.db.execute(
    sql`select operator_id, ported_on::text as ported_on, change_seq from ported_numbers where msisdn = ${msisdn}`,
  )) as unknown as { rows: { operator_id: number | null; ported_on: string; change_seq: string | number }[] };
  return rows[0];
}

async function waiting(): Promise<number> {
  const { rows } = (await t.app.db.execute(sql`select count(*)::int as n from ported_writes`)) as unknown as {
    rows: { n: number }[];
  };
  return rows[0]?.n ?? -1;
}

beforeAll(async () => {
  t = await createTestApp({}, 'reference');
  const { rows } = (await t.app.db.execute(sql`select id from operators order by id limit 2`)) as unknown as {
    rows: { id: number }[];
  };
  operatorId = rows[0]?.id ?? 0;
});
afterAll(async () => t.close());

describe('queued registry writes', () => {
  it('reach the registry with the flush after their commit, and a rolled-back one never', async () => {
    await t.app.db.transaction(async (tx) => queuePortedWrites(tx, [write(79990000001, '2026-12-01')]));
    await t.app.db
      .transaction(async (tx) => {
        await queuePortedWrites(tx, [write(79990000002, '2026-12-01')]);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await registryRow(79990000001)).toBeUndefined();
    expect(await flushPortedWrites(t.app.db)).toBe(1);
    expect(await registryRow(79990000001)).toMatchObject({ operator_id: operatorId, ported_on: '2026-12-01' });
    expect(await registryRow(79990000002)).toBeUndefined();
    expect(await waiting()).toBe(0);
  });

  it('keep a change of the number the registry took after they were queued', async () => {
    await t.app.db.transaction(async (tx) => queuePortedWrites(tx, [write(79990000003, '2026-12-01')]));
    // An import of the registry, under its lock, after the queueing and before the flush.
    await t.app.db.transaction(async (tx) => {
      await lockPortedWrites(tx);
      await upsertPorted(tx, [write(79990000003, '2026-12-02', operatorId)]);
    });
    await flushPortedWrites(t.app.db);
    expect(await registryRow(79990000003)).toMatchObject({ ported_on: '2026-12-02' });
    expect(await waiting()).toBe(0);
  });

  it('of many completions at once are all written, each with its own sequence number', async () => {
    const numbers = Array.from({ length: 30 }, (_, i) => 79990001000 + i);
    await Promise.all(
      numbers.map(async (n) => {
        await t.app.db.transaction(async (tx) => queuePortedWrites(tx, [write(n, '2026-12-01')]));
        await flushPortedWrites(t.app.db);
      }),
    );
    const rows = await Promise.all(numbers.map(registryRow));
    expect(rows.every((r) => r?.ported_on === '2026-12-01')).toBe(true);
    expect(new Set(rows.map((r) => Number(r?.change_seq))).size).toBe(numbers.length);
    expect(await waiting()).toBe(0);
  });

  it('left by a writer that stopped before its flush are written by a node’s next poll', async () => {
    await t.app.db.transaction(async (tx) => queuePortedWrites(tx, [write(79990000004, '2026-12-01')]));
    await t.app.lookup.refresh();
    // Just queued: its writer is expected to flush it itself.
    expect(await registryRow(79990000004)).toBeUndefined();
    await t.app.db.execute(sql`update ported_writes set queued_at = now() - interval '1 minute'`);
    await t.app.lookup.refresh();
    expect(await registryRow(79990000004)).toMatchObject({ ported_on: '2026-12-01' });
    expect(await waiting()).toBe(0);
  });
});
