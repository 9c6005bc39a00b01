import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLookupApp, lookupNumber, signIn } from '../../../test/lookup';
import { moscowDay } from '../../lib/moscow';
import type { TestApp } from '../../test/app';
import { nextMoscowMidnight } from './quota/day';
import { QuotaSpender, readQuota, spendQuota } from './quota/postgres';

/** A fixed moment for the quota counters (keyed by its Moscow day). */
const AT = new Date('2026-12-02T09:00:00Z');

const quota = (t: TestApp, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1.1/msisdn/info/quota', payload: {}, headers });

describe('single lookup and quota', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createLookupApp({ quotaAnonymous: 5, quotaSignedIn: 7 });
  });
  afterAll(async () => t.close());

  it('refuses what is not a Russian number with a Russian message, without spending the quota', async () => {
    for (const bad of [
      '',
      'abc',
      '+8 916 123 45 67',
      '123',
      '7916123456',
      '+7 916 123-45-67 доб. 5',
      '+7 (716) 123-45-67',
    ]) {
      const res = await lookupNumber(t, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors.msisdn[0]).toMatch(/^Введите российский номер телефона/);
    }
    const missing = await t.app.inject({ method: 'POST', url: '/api/v1.1/msisdn/info/single', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ msisdn: ['Обязательное поле.'] });
    expect((await quota(t)).json().remainingCount).toBe(5);
  });

  it('reads every common notation of the same number', async () => {
    for (const notation of ['+7 916 123-45-67', '8 (916) 123-45-67', '79161234567', '89161234567', '9161234567']) {
      const res = await lookupNumber(t, notation);
      expect(res.statusCode, notation).toBe(200);
      expect(res.json().msisdn).toBe('79161234567');
    }
  });

  it('counts down to zero, then answers 429 with the renewal time at Moscow midnight', async () => {
    // The next Moscow midnight as of the request: taken on both sides of it, so that a run across midnight
    // (21:00 UTC) does not compare the answer with the next day's.
    const asked = new Date();
    const q = (await quota(t)).json();
    const answered = new Date();
    expect(q.remainingCount).toBe(0);
    const refreshAt = new Date(q.refreshAt);
    expect([nextMoscowMidnight(asked).getTime(), nextMoscowMidnight(answered).getTime()]).toContain(
      refreshAt.getTime(),
    );
    // 00:00 in Moscow is 21:00 UTC.
    expect(refreshAt.getUTCHours()).toBe(21);
    const res = await lookupNumber(t, '79161234567');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      type: 'urn:perenos:problem:quota-exceeded',
      status: 429,
      title: 'Лимит проверок на сегодня исчерпан',
      refreshAt: q.refreshAt,
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // A bad number still gets its own answer, not the quota one.
    expect((await lookupNumber(t, 'abc')).statusCode).toBe(400);
  });

  it('a signed-in user has their own, larger quota', async () => {
    const headers = await signIn(t);
    expect((await quota(t, headers)).json().remainingCount).toBe(7);
    const res = await lookupNumber(t, '+7 926 000-00-00', headers);
    expect(res.statusCode).toBe(200);
    expect((await quota(t, headers)).json().remainingCount).toBe(6);
  });

  it('a number in no range answers 404 and counts as a lookup', async () => {
    const headers = await signIn(t, '1000002');
    const res = await lookupNumber(t, '+7 (940) 000-00-00', headers);
    expect(res.statusCode).toBe(404);
    expect(res.json().title).toBe('Запись не найдена');
    expect((await quota(t, headers)).json().remainingCount).toBe(6);
  });
});

describe('quota days', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createLookupApp({}, 'reference');
  });
  afterAll(async () => t.close());

  it('the day turns at 00:00 Moscow time, not UTC', async () => {
    const client = { key: 'ip:203.0.113.9', limit: 2 };
    const lateEvening = new Date('2026-11-22T20:59:00Z'); // 23:59 in Moscow
    const midnight = new Date('2026-11-22T21:00:00Z'); // 00:00 in Moscow, 23 November
    expect(moscowDay(lateEvening)).toBe('2026-11-22');
    expect(moscowDay(midnight)).toBe('2026-11-23');
    expect((await spendQuota(t.app.db, client, lateEvening)).allowed).toBe(true);
    expect((await spendQuota(t.app.db, client, lateEvening)).allowed).toBe(true);
    const spent = await spendQuota(t.app.db, client, lateEvening);
    expect(spent).toEqual({ allowed: false, remainingCount: 0, refreshAt: midnight });
    expect(await readQuota(t.app.db, client, midnight)).toEqual({
      remainingCount: 2,
      refreshAt: new Date('2026-11-23T21:00:00Z'),
    });
    expect((await spendQuota(t.app.db, client, midnight)).remainingCount).toBe(1);
  });

  it('concurrent lookups never spend more than the limit, from one node or many', async () => {
    // Separate spenders stand for separate nodes: each sends its own statement.
    const client = { key: 'ip:203.0.113.10', limit: 10 };
    const results = await Promise.all(Array.from({ length: 25 }, () => spendQuota(t.app.db, client, AT)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    // One node gathers a burst into one statement and hands the lookups out in arrival order.
    const spender = new QuotaSpender(t.app.db);
    const burst = { key: 'ip:203.0.113.11', limit: 10 };
    const answers = await Promise.all(Array.from({ length: 25 }, () => spender.spend(burst, AT)));
    expect(answers.map((a) => a.allowed)).toEqual([...Array(10).fill(true), ...Array(15).fill(false)]);
    expect(answers.slice(0, 10).map((a) => a.remainingCount)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
  });
});
