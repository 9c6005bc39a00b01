import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLookupApp, lookupNumber, waitForOperator } from '../../../../test/lookup';
import { buildApp } from '../../../app';
import type { TestApp } from '../../../test/app';
import { watchPolls } from '../../../test/polls';
import { importPortedExtract, recordCompletedPortings } from './ported-import';

describe('ported-number registry', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createLookupApp();
  });
  afterAll(async () => t.close());

  it('the demo registry already moves +7 926 123-45-67 from МегаФон to МТС', async () => {
    const res = await lookupNumber(t, '8 (926) 123-45-67');
    expect(res.json()).toMatchObject({
      msisdn: '79261234567',
      operatorName: 'МТС',
      isPorted: true,
      lastPortation: '2024-09-02',
      regionCode: 77,
      rangeHolder: 'ПАО "МегаФон"',
    });
  });

  it('a ported number wins over the plan; a return gives it back to the range holder', async () => {
    expect((await lookupNumber(t, '79165550001')).json()).toMatchObject({ operatorName: 'МТС', isPorted: false });
    const lastAnalyze = async () =>
      (
        (await t.app.db.execute(
          sql`select last_analyze from pg_stat_user_tables where relname = 'ported_numbers'`,
        )) as unknown as { rows: { last_analyze: Date | string | null }[] }
      ).rows[0];
    const before = await lastAnalyze();
    const increment = await importPortedExtract(
      t.app.db,
      [
        'Number,OwnerId,MNC,Route,RegionCode,PortDate',
        '9165550001,mBEELINE,99,D7799,77,2026-11-20T12:00:00+03:00',
        'мусор,,,,,',
      ],
      { source: 'Port_Increment_20261120.csv', kind: 'increment' },
    );
    expect(increment).toMatchObject({ rows: 2, applied: 1, rejected: 1 });
    // The import leaves the planner's statistics fresh (PGlite runs no autovacuum): every node's poll
    // reads the new changes through the change index, not by scanning the registry.
    const stats = await lastAnalyze();
    expect(stats?.last_analyze).not.toBeNull();
    expect(new Date(stats?.last_analyze ?? 0).getTime()).toBeGreaterThan(new Date(before?.last_analyze ?? 0).getTime());
    await waitForOperator(t, '79165550001', 'Билайн');
    expect((await lookupNumber(t, '79165550001')).json()).toMatchObject({
      isPorted: true,
      lastPortation: '2026-11-20',
      rangeHolder: 'ПАО "МТС"',
    });
    await importPortedExtract(
      t.app.db,
      ['Number,OwnerId,MNC,Route,RegionCode,PortDate', '9165550001,mMTS,01,D7701,77,2026-11-21T12:00:00+03:00'],
      { source: 'Return_Increment_20261121.csv', kind: 'return' },
    );
    await waitForOperator(t, '79165550001', 'МТС');
    expect((await lookupNumber(t, '79165550001')).json().isPorted).toBe(false);
  });

  it('a full dump replaces the registry; unknown owners become their own operator entries', async () => {
    const summary = await importPortedExtract(
      t.app.db,
      [
        '\uFEFFNumber,OwnerId,MNC,Route,RegionCode,PortDate,RowCount',
        '9031112233,mMTS,01,D7701,77,2024-01-15T10:00:00+03:00,2',
        '9032223344,mNEWCOMER,77,D7777,77,2024-02-01T10:00:00+03:00,2',
      ],
      { source: 'Port_All_20261122.csv', kind: 'full' },
    );
    expect(summary.unmappedOwners).toEqual([{ ownerId: 'mNEWCOMER', numbers: 1 }]);
    await waitForOperator(t, '79031112233', 'МТС');
    // The demo portings are gone with the old dump.
    expect((await lookupNumber(t, '79161234567')).json()).toMatchObject({ operatorName: 'МТС', isPorted: false });
    expect((await lookupNumber(t, '79032223344')).json()).toMatchObject({
      isPorted: true,
      operatorName: 'БДПН mNEWCOMER',
    });
  });

  it('another server node sees a porting completed on the site at its next poll', async () => {
    // Within 2 s: the index polls every LOOKUP_POLL_MS (1 s), and its first read after the change applies it.
    expect(t.config.lookup.pollMs).toBeLessThanOrEqual(1000);
    // A second app over the same database is a second node: its own index, its own polling.
    const other = await buildApp({ config: t.config, database: t.database.handle });
    await other.ready();
    try {
      const ask = async () =>
        (
          await other.inject({
            method: 'POST',
            url: '/api/v1.1/msisdn/info/single',
            payload: { msisdn: '79265550002' },
          })
        ).json();
      expect((await ask()).operatorName).toBe('МегаФон');
      const operators = await t.app.inject({ method: 'GET', url: '/api/v1/operator/t2' });
      const t2 = operators.json().id as number;
      const polls = watchPolls(other.lookup, 'refresh');
      try {
        await t.app.db.transaction(async (tx) =>
          recordCompletedPortings(tx, [{ msisdn: '79265550002', operatorId: t2, portedOn: '2026-11-22' }]),
        );
        polls.armed();
        await polls.nextRead();
      } finally {
        polls.restore();
      }
      expect(await ask()).toMatchObject({ operatorName: 'Т2', isPorted: true, lastPortation: '2026-11-22' });
    } finally {
      await other.close();
    }
  });
});
