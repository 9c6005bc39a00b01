import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookupNumber, signIn } from '../../../../test/lookup';
import { buildApp } from '../../../app';
import { loadConfig } from '../../../config/env';
import { openDatabase } from '../../../db/client';
import { moscowDay } from '../../../lib/moscow';
import { createSecondNode, createTestApp, TEST_REDIS_URL, type TestApp, uniqueRedisPrefix } from '../../../test/app';
import { createTestDatabase, TEST_ENGINE } from '../../../test/database';
import { nextMoscowMidnight } from './day';
import { RedisQuota } from './redis';

/** A fixed moment: the counters are keyed by its Moscow day, whatever the date the tests run. */
const AT = new Date('2026-12-02T09:00:00Z');

const quotaOf = async (t: TestApp, headers: Record<string, string> = {}) =>
  (await t.app.inject({ method: 'POST', url: '/api/v1.1/msisdn/info/quota', payload: {}, headers })).json()
    .remainingCount as number;

/** 230 lookups of one signed-in user at once, spread over two nodes. */
async function burst(a: TestApp, b: TestApp, headers: Record<string, string>) {
  const answers = await Promise.all(
    Array.from({ length: 230 }, (_, i) => lookupNumber(i % 2 ? b : a, '+7 916 123-45-67', headers)),
  );
  const codes = answers.map((r) => r.statusCode);
  const left = answers.filter((r) => r.statusCode === 200).map((r) => r.json().quota.remainingCount as number);
  return { ok: codes.filter((c) => c === 200).length, spent: codes.filter((c) => c === 429).length, left };
}

const lookup = { quotaSignedIn: 200, quotaAnonymous: 20, pollMs: 50 };

describe.each([
  ['Redis', true],
  [TEST_ENGINE === 'pglite' ? 'the in-process counter of PGlite' : 'PostgreSQL transactions', false],
])('the quota across two nodes, counted in %s', (_name, withRedis) => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const base = loadConfig({ NODE_ENV: 'test' }).lookup;
    a = await createTestApp(
      {
        lookup: { ...base, ...lookup },
        ...(withRedis ? { redisUrl: TEST_REDIS_URL, redisPrefix: uniqueRedisPrefix() } : {}),
      },
      'demo',
    );
    b = await createSecondNode(a);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('230 parallel lookups of one user give exactly 200 answers and 30 × 429, each answer with the quota left', async () => {
    const headers = await signIn(a);
    const { ok, spent, left } = await burst(a, b, headers);
    expect(ok).toBe(200);
    expect(spent).toBe(30);
    // Every granted lookup saw its own count: 199 … 0, each once.
    expect([...left].sort((x, y) => x - y)).toEqual(Array.from({ length: 200 }, (_, i) => i));
    expect(await quotaOf(a, headers)).toBe(0);
    expect(await quotaOf(b, headers)).toBe(0);
  });

  it('a restarted node does not hand out a fresh quota', async () => {
    const headers = await signIn(a, '1000002');
    for (let i = 0; i < 3; i++) expect((await lookupNumber(b, '79161234567', headers)).statusCode).toBe(200);
    await b.close();
    b = await createSecondNode(a);
    expect(await quotaOf(b, headers)).toBe(197);
    const again = await lookupNumber(b, '79161234567', headers);
    expect(again.json().quota.remainingCount).toBe(196);
  });
});

describe('the quota of a whole site restarted', () => {
  it('survives closing and reopening the database (PGlite folder or PostgreSQL)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perenos-quota-'));
    const server = TEST_ENGINE === 'postgres' ? await createTestDatabase({ seed: 'none' }) : null;
    try {
      const config = loadConfig({ NODE_ENV: 'test' }, { webDist: '/nonexistent' });
      const start = async () => {
        const handle = await openDatabase(server?.url ? { databaseUrl: server.url } : { pgliteDir: dir });
        await handle.migrate();
        const app = await buildApp({ config, database: handle, ownsDatabase: true });
        await app.ready();
        return app;
      };
      let app = await start();
      const look = () =>
        app.inject({ method: 'POST', url: '/api/v1.1/msisdn/info/single', payload: { msisdn: '79161234567' } });
      // An empty plan answers 404, and a 404 is a lookup: it carries the quota left.
      expect((await look()).json().quota.remainingCount).toBe(19);
      expect((await look()).json().quota.remainingCount).toBe(18);
      await app.close();
      app = await start();
      expect((await look()).json().quota.remainingCount).toBe(17);
      await app.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await server?.drop();
    }
    // Two PGlite databases made from nothing (initdb and every migration, twice): 6 s on a quiet machine,
    // 32 s on a busy one of two cores, past the suite's 30 s.
  }, 120_000);
});

describe('the quota in Redis under a burst', () => {
  it('sends the spends that arrive while a call is in flight together, each counted once', async () => {
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const quota = new RedisQuota(redis, uniqueRedisPrefix());
      /** Per call: how many counters it carried and how many spends in all. */
      const calls: { counters: number; spends: number }[] = [];
      const send = (redis as unknown as Record<string, (...a: unknown[]) => Promise<number[]>>).perenosQuotaSpendMany;
      // Each call takes 20 ms on its way, as from a busy Redis: the next turns' spends arrive meanwhile.
      Object.assign(redis, {
        perenosQuotaSpendMany: async (count: number, ...rest: unknown[]) => {
          // After the keys come three arguments per counter: its limit, its expiry and its spends.
          const spends = rest.slice(count).reduce<number>((n, a, i) => (i % 3 === 2 ? n + Number(a) : n), 0);
          calls.push({ counters: count, spends });
          await new Promise((r) => setTimeout(r, 20));
          return send?.call(redis, count, ...rest);
        },
      });
      const client = { key: 'user:burst', limit: 150 };
      // 100 spends in one turn, then 100 more over the next turns while the first call is out.
      const first = Array.from({ length: 100 }, () => quota.spend(client, AT));
      const later: Promise<Awaited<(typeof first)[number]>>[] = [];
      for (let turn = 0; turn < 4; turn++) {
        await new Promise((r) => setImmediate(r));
        for (let i = 0; i < 25; i++) later.push(quota.spend(client, AT));
      }
      const answers = await Promise.all([...first, ...later]);
      expect(answers.filter((a) => a.allowed)).toHaveLength(150);
      expect(answers.slice(150).every((a) => !a.allowed && a.remainingCount === 0)).toBe(true);
      const left = answers.filter((a) => a.allowed).map((a) => a.remainingCount);
      expect(left.sort((x, y) => x - y)).toEqual(Array.from({ length: 150 }, (_, i) => i));
      // The first turn's hundred went as one call, the hundred that came while it was out as the next,
      // each as one counter.
      expect(calls).toEqual([
        { counters: 1, spends: 100 },
        { counters: 1, spends: 100 },
      ]);
    } finally {
      redis.disconnect();
    }
  });

  it('counts several clients in one call as single spends one after another would, each from its own count', async () => {
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const prefix = uniqueRedisPrefix();
      const quota = new RedisQuota(redis, prefix);
      // 23:59 in Moscow of today's real day: Redis expires keys by its own clock, so the day must be
      // today's, whatever the date (the keys expire a day after the coming midnight).
      const midnight = nextMoscowMidnight(new Date());
      const now = new Date(midnight.getTime() - 60_000);
      const a = { key: 'user:a', limit: 5 };
      const b = { key: 'ip:10.0.0.2', limit: 3 };
      const c = { key: 'user:c', limit: 10 };
      // b has spent one lookup already today.
      expect((await quota.spend(b, now)).remainingCount).toBe(2);
      // One turn, the clients interleaved: a × 7, b × 4, c × 4.
      const order = [a, b, a, c, a, b, a, c, a, b, a, c, a, b, c];
      const answers = await Promise.all(order.map((client) => quota.spend(client, now)));
      const of = (client: typeof a) => answers.filter((_, i) => order[i] === client);
      // Each client's earlier spends get its lookups, counting down; the rest find the day's quota spent.
      expect(of(a).map((x) => [x.allowed, x.remainingCount])).toEqual([
        [true, 4],
        [true, 3],
        [true, 2],
        [true, 1],
        [true, 0],
        [false, 0],
        [false, 0],
      ]);
      expect(of(b).map((x) => [x.allowed, x.remainingCount])).toEqual([
        [true, 1],
        [true, 0],
        [false, 0],
        [false, 0],
      ]);
      expect(of(c).map((x) => x.remainingCount)).toEqual([9, 8, 7, 6]);
      expect(answers.every((x) => x.refreshAt.getTime() === midnight.getTime())).toBe(true);
      // What Redis keeps is what was granted, no more, and each counter ends a day after its day.
      expect(await quota.read(a, now)).toMatchObject({ remainingCount: 0 });
      expect(await quota.read(b, now)).toMatchObject({ remainingCount: 0 });
      expect(await quota.read(c, now)).toMatchObject({ remainingCount: 6 });
      expect(await redis.pexpiretime(`${prefix}quota:${moscowDay(now)}:user:a`)).toBe(midnight.getTime() + 86_400_000);
    } finally {
      redis.disconnect();
    }
  });
});
