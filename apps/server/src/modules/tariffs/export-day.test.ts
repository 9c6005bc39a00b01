import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/lookup';
import { manualClock } from '../../lib/clock';
import { createTestApp, type TestApp } from '../../test/app';
import { cliActor, grantRole } from '../staff/service';

// The catalogue export is named by the staff's day, Moscow's: between 00:00 and 03:00 Moscow time the UTC
// day is still yesterday (issue 37). The site's clock is set, so the test does not depend on today's date.

const clock = manualClock('2026-12-02T22:00:00Z'); // 01:00 on 3 December in Moscow
let t: TestApp;
let staff: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({}, 'reference', undefined, clock);
  const oid = '1000077';
  staff = await signIn(t, oid);
  await grantRole(t.app.db, cliActor(), oid, 'catalogue');
});
afterAll(async () => t?.close());

const exportName = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/staff/tariffs/export?format=csv', headers: staff });
  expect(res.statusCode).toBe(200);
  return /filename="([^"]+)"/.exec(String(res.headers['content-disposition']))?.[1];
};

describe('the catalogue export', () => {
  it('is named by the Moscow day at 01:00 Moscow time, when the UTC day is still the day before', async () => {
    clock.set('2026-12-02T22:00:00Z');
    expect(await exportName()).toBe('tariffs-2026-12-03.csv');
  });

  it('keeps the Moscow day until 23:59 Moscow time', async () => {
    clock.set('2026-12-02T20:59:00Z');
    expect(await exportName()).toBe('tariffs-2026-12-02.csv');
  });
});
