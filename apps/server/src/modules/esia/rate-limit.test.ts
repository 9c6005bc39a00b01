import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, 'reference');
});
afterAll(async () => t?.close());

describe('sign-in flood', () => {
  it('answers 429 after 60 sign-in starts a minute from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      statuses.push((await t.app.inject({ method: 'GET', url: '/api/v1/esia/login' })).statusCode);
    }
    expect(statuses.slice(0, 60).every((s) => s === 302)).toBe(true);
    const last = await t.app.inject({ method: 'GET', url: '/api/v1/esia/login' });
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({ type: 'urn:perenos:problem:rate-limited', title: 'Слишком много запросов' });
    // Another address is not affected.
    const other = await t.app.inject({ method: 'GET', url: '/api/v1/esia/login', remoteAddress: '10.0.0.9' });
    expect(other.statusCode).toBe(302);
  });

  it('lets exactly 60 of 100 sign-in starts arriving at once through, from a fresh address', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.app
          .inject({ method: 'GET', url: '/api/v1/esia/login', remoteAddress: '10.0.0.50' })
          .then((r) => r.statusCode),
      ),
    );
    expect(statuses.filter((s) => s === 302)).toHaveLength(60);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
  });
});
