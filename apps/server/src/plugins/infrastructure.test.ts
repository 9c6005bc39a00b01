import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config/env';
import { seedDemo, seedReference } from '../db/seed/index';
import { PROBLEM_TYPES } from '../lib/problem';
import { listFeatures, setFeature } from '../modules/settings/repository';
import { createTestApp, type TestApp } from '../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('health and readiness', () => {
  it('answers live and ready with the database engine', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().database).toBe(t.database.handle.kind);
  });

  it('answers 503 when the database is gone', async () => {
    const other = await createTestApp({}, 'none');
    await other.database.handle.close();
    const ready = await other.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    await other.app.close();
    await other.database.drop().catch(() => undefined);
  });
});

describe('errors', () => {
  it('answers unknown API paths with a 404 problem document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v9/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ title: 'Запись не найдена', status: 404 });
  });

  it('answers a malformed JSON body with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/setting/feature/list',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect([400, 404]).toContain(res.statusCode);
  });

  it('hides internals of an unexpected error and returns the request id', async () => {
    const { buildApp } = await import('../app');
    const app = await buildApp({ config: t.config, database: t.database.handle });
    app.get('/api/boom', async () => {
      throw new Error('connection string postgres://secret@db');
    });
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/api/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.title).toBe('Внутренняя ошибка сервера');
    expect(body.requestId).toBe(res.headers['x-request-id']);
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('Error');
    await app.close();
  });

  it('gives every answer, refusals included, its request id and the security headers', async () => {
    const answers = [
      // unknown path, a bad number, a typo in the lookup, a path that is not valid percent-encoding
      await t.app.inject({ method: 'GET', url: '/api/v9/nothing' }),
      await t.app.inject({ method: 'GET', url: '/api/v1/news/list?Skip=1e3' }),
      await t.app.inject({ method: 'POST', url: '/api/v1.1/msisdn/info/single', payload: { msisdn: '12' } }),
      await t.app.inject({ method: 'GET', url: '/api/v1/news/%FF' }),
    ];
    const ids = new Set<string>();
    for (const res of answers) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.json().requestId, res.body).toBe(res.headers['x-request-id']);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      ids.add(String(res.headers['x-request-id']));
    }
    expect(ids.size).toBe(answers.length);
  });
});

describe('OpenAPI', () => {
  it('serves the document and the docs page', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/region/list',
        '/api/v1/operator/list',
        '/api/v1/operator/{slug}',
        '/api/v1/setting/feature/list',
      ]),
    );
    expect(doc.components.schemas.Problem).toBeDefined();
    // Every kind of refusal has its stable type in the document (decision 113), the quota's 429 its own.
    expect(doc.components.schemas.Problem.properties.type.enum).toEqual(Object.values(PROBLEM_TYPES));
    const quotaType = doc.components.schemas.QuotaProblem.properties.type;
    expect([quotaType.const ?? quotaType.enum].flat()).toEqual(['urn:perenos:problem:quota-exceeded']);
    // The stand-ins this server hosts (ESIA, the central database) speak other systems' protocols.
    expect(Object.keys(doc.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });
});

describe('OpenAPI document quality', () => {
  type Operation = {
    security?: Record<string, string[]>[];
    responses: Record<string, unknown>;
    parameters?: { name: string; in: string; required?: boolean }[];
  };
  async function operations(): Promise<[string, Operation][]> {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    return Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]): [string, Operation] => [`${method.toUpperCase()} ${path}`, op]),
    );
  }

  it('declares the cookie session and who may call each operation', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'perenos-at' });
    const ops = new Map(await operations());
    for (const [key, op] of ops) expect(op.security, key).toBeDefined();
    expect(ops.get('GET /api/v1/account/info')?.security).toEqual([{ session: [] }]);
    expect(ops.get('GET /api/v1/esia/personalinfo')?.security).toEqual([{ session: [] }]);
    expect(ops.get('GET /api/v1/operator/list')?.security).toEqual([]);
    expect(ops.get('GET /api/v1/order/portation/{id}')?.security).toEqual([{ session: [] }, { orderOwner: [] }]);
    expect(ops.get('POST /api/v1/openid/token')?.security).toEqual([{ refreshSession: [] }]);
  });

  it('documents a 4xx answer on every operation', async () => {
    for (const [key, op] of await operations()) {
      expect(
        Object.keys(op.responses).some((status) => status.startsWith('4')),
        key,
      ).toBe(true);
    }
  });

  it('marks query parameters with a default optional', async () => {
    const ops = new Map(await operations());
    const required = (key: string) =>
      (ops.get(key)?.parameters ?? []).filter((p) => p.in === 'query' && p.required).map((p) => p.name);
    expect(required('GET /api/v1.4/tariff/list')).toEqual(['RegionCode']);
    expect(required('GET /api/v2/tariff/list')).toEqual(['QueryType', 'RegionSlug']);
    expect(required('GET /api/v1/operator/list')).toEqual([]);
  });

  it('serves /v1.4 and /v2 tariff lists without BestByOperator or paging', async () => {
    const v14 = await t.app.inject({ method: 'GET', url: '/api/v1.4/tariff/list?RegionCode=77' });
    expect(v14.statusCode).toBe(200);
    const v2 = await t.app.inject({ method: 'GET', url: '/api/v2/tariff/list?QueryType=Package&RegionSlug=moskva' });
    expect(v2.statusCode).not.toBe(400);
  });
});

describe('seeding', () => {
  it('loads reference and demo data once; a second run changes nothing, switched flags stay', async () => {
    const db = t.database.handle.db;
    await setFeature(db, 'News', false);
    expect(await seedReference(db)).toBe(false);
    expect(await seedDemo(t.database.handle, { sessionSecret: t.config.sessionSecret })).toBe(false);
    const news = (await listFeatures(db)).find((f) => f.feature === 'News');
    expect(news?.isEnabled).toBe(false);
    await setFeature(db, 'News', true);
  });
});

describe('configuration', () => {
  it('refuses development defaults in production mode', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'false' })).toThrow(/SESSION_SECRET/);
    const prod = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), PUBLIC_ORIGIN: 'https://perenos.example' };
    expect(() => loadConfig({ ...prod, SEED_DEMO: 'true' })).toThrow(/демонстрационные/);
    expect(loadConfig({ ...prod, SEED_DEMO: 'false' }).mode).toBe('production');
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('refuses the porting stand-ins and a sped-up porting in production, and never mounts them by default there', () => {
    const prod = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      SEED_DEMO: 'false',
      PUBLIC_ORIGIN: 'https://perenos.example',
    };
    const config = loadConfig(prod);
    expect(config.porting).toMatchObject({ standin: false, timeScale: 1 });
    expect(config.notifications.outboxStandin).toBe(false);
    expect(() => loadConfig({ ...prod, BDPN_STANDIN: 'true' })).toThrow(/БДПН/);
    expect(() => loadConfig({ ...prod, OUTBOX_STANDIN: 'true' })).toThrow(/исходящих/);
    expect(() => loadConfig({ ...prod, PORTING_TIME_SCALE: '5000' })).toThrow(/PORTING_TIME_SCALE=1/);
    expect(() => loadConfig({ PORTING_TIME_SCALE: '0.5' })).toThrow(/PORTING_TIME_SCALE/);
    expect(loadConfig({ PORTING_TIME_SCALE: '5000' }).porting).toMatchObject({ standin: true, timeScale: 5000 });
  });

  it('takes the metrics settings and refuses a short metrics token in production', () => {
    const prod = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      SEED_DEMO: 'false',
      PUBLIC_ORIGIN: 'https://perenos.example',
    };
    expect(loadConfig(prod).metrics).toEqual({ token: undefined, port: undefined, host: '127.0.0.1' });
    expect(() => loadConfig({ ...prod, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ ...prod, METRICS_TOKEN: 't'.repeat(32), METRICS_PORT: '9464' }).metrics.port).toBe(9464);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ SUPPORT_EMAIL: 'not an address' })).toThrow(/SUPPORT_EMAIL/);
    expect(loadConfig({ SUPPORT_EMAIL: 'support@perenos.example' }).supportEmail).toBe('support@perenos.example');
  });

  it('answers 404 without the stand-ins in production', async () => {
    const prod = loadConfig(
      {
        NODE_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(40),
        SEED_DEMO: 'false',
        PUBLIC_ORIGIN: 'https://perenos.example',
      },
      { webDist: '/nonexistent', logLevel: 'silent' },
    );
    const app = await buildApp({ config: prod, database: t.database.handle });
    await app.ready();
    // Nothing answers the stand-ins' calls: the paths fall through to the site's «not found».
    for (const url of ['/bdpn-standin/api/v1/applications', '/outbox-standin/api/sms', '/esia-standin/login']) {
      expect((await app.inject({ method: 'POST', url, payload: {} })).statusCode, url).toBe(404);
    }
    // Without a central-database gateway a signed-in submit would answer 503; the site still starts.
    expect(app.porting.gateway).toBeNull();
    await app.close();
  });

  it('needs PUBLIC_ORIGIN in production: the Host header never names the site', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), SEED_DEMO: 'false' })).toThrow(
      /PUBLIC_ORIGIN/,
    );
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'https://perenos.example/path' })).toThrow(/PUBLIC_ORIGIN/);
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://Perenos.example/' }).publicOrigin).toBe('https://perenos.example');
  });

  it('reads TRUST_PROXY as balancer addresses and subnets, refusing anything else', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8 ::1' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });
});

describe('redis', () => {
  it('is absent on the embedded default and connected when REDIS_URL is set', async () => {
    expect(t.app.redis).toBeNull();
    const withRedis = await createTestApp({ redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' }, 'none');
    try {
      const key = `${withRedis.app.redisPrefix}test:${Date.now()}`;
      await withRedis.app.redis?.set(key, 'да', 'EX', 10);
      expect(await withRedis.app.redis?.get(key)).toBe('да');
    } finally {
      await withRedis.close();
    }
  });
});
