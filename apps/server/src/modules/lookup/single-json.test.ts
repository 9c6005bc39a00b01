import Fastify from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app';
import { importPortedExtract } from './ported-import';
import { MsisdnInfoSchema, QuotaSchema } from './schemas';
import { numberingRanges, portedNumbers } from './tables';
import { createLookupApp, lookupNumber, waitForOperator } from './test-helpers';

// The single lookup writes its answer from JSON parts made once per operator and per range
// (LookupEngine.lookupJson). This file holds it to the route's declared schema: the same bytes as the
// schema serializer gives for the object the engine's `lookup` returns.
describe('the single lookup answer, written from serialized parts', () => {
  let t: TestApp;
  const oracle = Fastify();
  beforeAll(async () => {
    t = await createLookupApp();
    await t.app.lookup.whenReady();
    oracle.addSchema(QuotaSchema);
    oracle.addSchema(MsisdnInfoSchema);
    // The route's own response schema, answering whatever object it is given.
    oracle.post('/', { schema: { response: { 200: Type.Ref('MsisdnInfo') } } }, async (request) => request.body);
    await oracle.ready();
  });
  afterAll(async () => {
    await oracle.close();
    await t.close();
  });

  /** The answer through the API, and what the schema serializer writes for the engine's object and that quota. */
  async function both(msisdn: string) {
    const res = await lookupNumber(t, msisdn);
    const answer = t.app.lookup.lookup(msisdn);
    if (!answer) return { res, expected: undefined };
    const quota = res.json().quota;
    const expected = (await oracle.inject({ method: 'POST', url: '/', payload: { ...answer, quota } })).body;
    return { res, expected };
  }

  it('is the schema serializer’s answer, byte for byte: plan numbers, ported, returned, outside the plan', async () => {
    // A number ported to МТС outside every range, a new operator, and a plan number ported away and back.
    await importPortedExtract(
      t.app.db,
      [
        'Number,OwnerId,MNC,Route,RegionCode,PortDate',
        '9400000010,mMTS,01,D7701,77,2026-11-20T12:00:00+03:00',
        '9165550002,mNEWCOMER,77,D7777,77,2026-11-20T12:00:00+03:00',
        '9165550003,mBEELINE,99,D7799,77,2026-11-20T12:00:00+03:00',
      ],
      { source: 'Port_Increment_20261120.csv', kind: 'increment' },
    );
    await importPortedExtract(
      t.app.db,
      ['Number,OwnerId,MNC,Route,RegionCode,PortDate', '9165550003,mMTS,01,D7701,77,2026-11-21T12:00:00+03:00'],
      { source: 'Return_Increment_20261121.csv', kind: 'return' },
    );
    await waitForOperator(t, '79165550003', 'МТС');
    await waitForOperator(t, '79400000010', 'МТС');

    const ranges = await t.app.db
      .select({ from: numberingRanges.fromMsisdn, to: numberingRanges.toMsisdn })
      .from(numberingRanges);
    const ported = await t.app.db
      .select({ msisdn: portedNumbers.msisdn, operatorId: portedNumbers.operatorId })
      .from(portedNumbers);
    const numbers = new Set<string>(['79400000010', '79165550002', '79165550003']);
    for (const r of ranges) {
      numbers.add(String(r.from));
      numbers.add(String(r.to));
      numbers.add(String(r.from + Math.floor(Math.random() * (r.to - r.from + 1))));
    }
    // Every operator a ported number went to, and a sample of the seeded registry (it holds thousands; each
    // lookup spends the quota with a write, which on a busy PostgreSQL takes milliseconds).
    const byOperator = new Map<number | null, string>();
    for (const p of ported) if (!byOperator.has(p.operatorId)) byOperator.set(p.operatorId, String(p.msisdn));
    for (const msisdn of byOperator.values()) numbers.add(msisdn);
    for (const p of ported.filter((_, i) => i % Math.ceil(ported.length / 200) === 0)) numbers.add(String(p.msisdn));

    const kinds = { plan: 0, ported: 0, outsidePlan: 0 };
    for (const msisdn of numbers) {
      const { res, expected } = await both(msisdn);
      expect(res.statusCode, msisdn).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.body, msisdn).toBe(expected);
      const answer = res.json();
      if (answer.isPorted) kinds.ported++;
      else kinds.plan++;
      if (answer.rangeHolder === null) kinds.outsidePlan++;
    }
    // Every kind of answer was compared, not only the plan's.
    expect(kinds.plan).toBeGreaterThan(10);
    expect(kinds.ported).toBeGreaterThan(2);
    expect(kinds.outsidePlan).toBeGreaterThan(0);
    // The returned number is the range holder's again; the new operator has its own entry.
    expect((await lookupNumber(t, '79165550003')).json()).toMatchObject({ isPorted: false, operatorName: 'МТС' });
    expect((await lookupNumber(t, '79165550002')).json().isPorted).toBe(true);
  });

  it('a number in no range and never ported still answers 404 with the quota, and the quota counts down in both', async () => {
    const missing = await lookupNumber(t, '79400000011');
    expect(missing.statusCode).toBe(404);
    const before = missing.json().quota.remainingCount;
    const found = (await both('79161234567')).res.json();
    expect(found.quota.remainingCount).toBe(before - 1);
    expect(found.quota.refreshAt).toBe(missing.json().quota.refreshAt);
  });
});
