import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { count, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { captchaRedemptions, feedback } from '../modules/feedback/tables';
import { setFeature } from '../modules/settings/repository';
import { createTestApp, type TestApp } from '../test/app';
import { watchPolls } from '../test/polls';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const CYRILLIC = /[а-яё]/i;

/** A 400 answer as the client sees it: a problem document with Russian messages for the named field. */
function expectRussian400(
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  field: string,
) {
  expect(res.statusCode).toBe(400);
  expect(String(res.headers['content-type'])).toContain('application/problem+json');
  const body = res.json() as { title: string; errors: Record<string, string[]> };
  expect(body.title).toBe('Ошибка валидации');
  expect(body.errors[field]?.[0]).toMatch(CYRILLIC);
}

async function solvedPayload(app: FastifyInstance): Promise<string> {
  const challenge = (await app.inject({ method: 'GET', url: '/api/v1/feedback/challenge' })).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe('no input answers 5xx', () => {
  it('refuses Infinity, exponents and hex as integer parameters', async () => {
    for (const value of ['Infinity', '-Infinity', '1e3', '1e308', '0x10', '5.5', '1_0', 'NaN']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/region/operators?RegionCode=${value}` });
      expectRussian400(res, 'RegionCode');
    }
  });

  it('bounds integers to what their column holds', async () => {
    const huge = await t.app.inject({ method: 'GET', url: '/api/v1/operator/list?Skip=99999999999999999999999' });
    expectRussian400(huge, 'Skip');
    const big = await t.app.inject({ method: 'GET', url: '/api/v1.1/tariff/2147483648' });
    expectRussian400(big, 'id');
    const operator = await t.app.inject({
      method: 'GET',
      url: '/api/v1.2/tariff?Name=x&RegionCode=77&OperatorId=2147483648',
    });
    expectRussian400(operator, 'OperatorId');
  });

  it('refuses NUL and other control characters in paths, queries and bodies', async () => {
    expectRussian400(await t.app.inject({ method: 'GET', url: '/api/v1/news/a%00b' }), 'slug');
    expectRussian400(await t.app.inject({ method: 'GET', url: '/api/v1/setting/a%01b' }), 'key');
    expectRussian400(
      await t.app.inject({ method: 'GET', url: '/api/v1.4/tariff/list?RegionCode=77&Name=a%00' }),
      'Name',
    );
    expectRussian400(
      await t.app.inject({ method: 'POST', url: '/api/v1.1/msisdn/info/single', payload: { msisdn: '7916\u0000' } }),
      'msisdn',
    );
  });

  it('checks feedback before the captcha is spent: NUL, blank name, blank message', async () => {
    const altcha = await solvedPayload(t.app);
    const base = { name: 'Анна', email: 'anna@example.ru', topic: 'Другое', message: 'Когда придёт SMS о переносе?' };
    const db = t.database.handle.db;
    const before = (await db.select({ n: count() }).from(feedback))[0]?.n ?? 0;
    const nul = await t.app.inject({
      method: 'POST',
      url: '/api/v1/feedback/send',
      payload: { ...base, message: 'Текст с нулевым \u0000 символом', altcha },
    });
    expectRussian400(nul, 'message');
    expectRussian400(
      await t.app.inject({ method: 'POST', url: '/api/v1/feedback/send', payload: { ...base, name: '    ', altcha } }),
      'name',
    );
    expectRussian400(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/feedback/send',
        payload: { ...base, message: '   \n\t     ', altcha },
      }),
      'message',
    );
    expect((await db.select({ n: count() }).from(captchaRedemptions))[0]?.n).toBe(0);
    // The same solution still works once the message is right, and the stored text is trimmed.
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/feedback/send',
      payload: { ...base, name: '  Анна  ', altcha },
    });
    expect(ok.statusCode).toBe(200);
    expect((await db.select({ n: count() }).from(feedback))[0]?.n).toBe(before + 1);
    const [row] = await db.select({ name: feedback.name }).from(feedback).orderBy(sql`${feedback.id} desc`).limit(1);
    expect(row?.name).toBe('Анна');
  });
});

describe('sign-in first', () => {
  it('answers 401 to an anonymous call before looking at its parameters', async () => {
    for (const url of [
      '/api/v1/account/orders',
      '/api/v1/account/orders?Msisdn=oops&Skip=Infinity',
      '/api/v1/account/portationinfo',
      '/api/v1/esia/personalinfo',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().title).toBe('Некорректный JWT токен');
    }
    const batch = await t.app.inject({
      method: 'POST',
      url: '/api/v1.1/msisdn/info/batch',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: 'not multipart at all',
    });
    expect(batch.statusCode).toBe(401);
  });
});

describe('flags enforced by the API', () => {
  it('answers 404 for the calls of a switched-off feature, and serves them again when it is on', async () => {
    const db = t.database.handle.db;
    await setFeature(db, 'News', false);
    await setFeature(db, 'OperatorsByRegionMap', false);
    await t.app.features.refresh();
    const news = await t.app.inject({ method: 'GET', url: '/api/v1/news?Page=1&PageSize=5' });
    expect(news.statusCode).toBe(404);
    expect(news.json().title).toBe('Запись не найдена');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/region/operators' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/region/list' })).statusCode).toBe(200);
    await setFeature(db, 'News', true);
    await setFeature(db, 'OperatorsByRegionMap', true);
    await t.app.features.refresh();
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/news?Page=1&PageSize=5' })).statusCode).toBe(200);
  });

  it('reaches a second node on the same database at its next poll, without a restart', async () => {
    // Within 2 s: the poll runs every FLAGS_POLL_MS (1 s), and its first read after the switch applies it.
    expect(t.config.flagsPollMs).toBeLessThanOrEqual(1000);
    const other = await buildApp({ config: t.config, database: t.database.handle });
    await other.ready();
    const polls = watchPolls(other.features, 'refresh');
    try {
      const url = '/api/v1/operator/list';
      expect((await other.inject({ method: 'GET', url })).statusCode).toBe(200);
      await other.features.refresh(); // a read in flight now is one from before the switch
      await setFeature(t.database.handle.db, 'OperatorPage', false);
      polls.armed();
      await polls.nextRead();
      expect((await other.inject({ method: 'GET', url })).statusCode).toBe(404);
    } finally {
      polls.restore();
      await setFeature(t.database.handle.db, 'OperatorPage', true);
      await other.close();
    }
  });
});

describe('behind a balancer', () => {
  it('keys the anonymous quota on the client named by a trusted balancer, and only by one', async () => {
    const behind = await buildApp({ config: { ...t.config, trustProxy: ['127.0.0.1'] }, database: t.database.handle });
    await behind.ready();
    try {
      const lookup = (forwarded: string, remoteAddress = '127.0.0.1') =>
        behind.inject({
          method: 'POST',
          url: '/api/v1.1/msisdn/info/single',
          payload: { msisdn: '79161234567' },
          headers: { 'x-forwarded-for': forwarded },
          remoteAddress,
        });
      const quota = (forwarded: string, remoteAddress = '127.0.0.1') =>
        behind
          .inject({
            method: 'POST',
            url: '/api/v1.1/msisdn/info/quota',
            payload: {},
            headers: { 'x-forwarded-for': forwarded },
            remoteAddress,
          })
          .then((r) => r.json().remainingCount as number);
      const start = await quota('203.0.113.7');
      await lookup('203.0.113.7');
      await lookup('203.0.113.7');
      expect(await quota('203.0.113.7')).toBe(start - 2);
      // Another visitor behind the same balancer has a quota of their own.
      expect(await quota('198.51.100.4')).toBe(start);
      // An untrusted peer cannot choose its address by sending the header.
      await lookup('198.51.100.4', '192.0.2.55');
      expect(await quota('198.51.100.4')).toBe(start);
      expect(await quota('anything', '192.0.2.55')).toBe(start - 1);
    } finally {
      await behind.close();
    }
  });

  it('checks the CSRF origin against the configured site, not the Host header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1.1/msisdn/info/quota',
      payload: {},
      headers: { host: 'evil.example', origin: 'http://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/v1.1/msisdn/info/quota',
      payload: {},
      headers: { origin: 'http://localhost' },
    });
    expect(same.statusCode).toBe(200);
  });
});

describe('shared rate limits', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

  it('counts feedback from one address across two nodes through Redis', async () => {
    const prefix = `perenos-test:${process.pid}:${Date.now()}:`;
    const nodes = await Promise.all(
      [0, 1].map(async () => {
        const app = await buildApp({
          config: { ...t.config, redisUrl, redisPrefix: prefix },
          database: t.database.handle,
        });
        await app.ready();
        return app;
      }),
    );
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await nodes[i % 2]?.inject({
          method: 'POST',
          url: '/api/v1/feedback/send',
          payload: { name: 'x' },
          remoteAddress: '10.9.8.7',
        });
        statuses.push(res?.statusCode ?? 0);
      }
      // Five a window per address, whichever node answers: the sixth and seventh are refused.
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
    } finally {
      const redis = nodes[0]?.redis;
      const keys = (await redis?.keys(`${prefix}*`)) ?? [];
      if (keys.length > 0) await redis?.del(...keys);
      await Promise.all(nodes.map((n) => n.close()));
    }
  });
});

describe('news story HTML', () => {
  it('is sanitised on the way out, also when it reached the database some other way', async () => {
    const db = t.database.handle.db;
    await db.execute(sql`
      insert into news (slug, title, summary, html, published_at)
      values ('raw-html', 'Сырой HTML', 'Текст', '<p>Привет</p><script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:alert(3)">ссылка</a>', now())`);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/news/raw-html' });
    expect(res.statusCode).toBe(200);
    const html = res.json().html as string;
    expect(html).toContain('<p>Привет</p>');
    expect(html).not.toMatch(/<script|onerror|javascript:/i);
  });
});
