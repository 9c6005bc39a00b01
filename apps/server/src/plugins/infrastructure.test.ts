import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env';
import { seedDemo, seedReference } from '../db/seed/index';
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
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });
});

describe('seeding', () => {
  it('loads reference and demo data once; a second run changes nothing, switched flags stay', async () => {
    const db = t.database.handle.db;
    await setFeature(db, 'News', false);
    expect(await seedReference(db)).toBe(false);
    expect(await seedDemo(db)).toBe(false);
    const news = (await listFeatures(db)).find((f) => f.feature === 'News');
    expect(news?.isEnabled).toBe(false);
    await setFeature(db, 'News', true);
  });
});

describe('configuration', () => {
  it('refuses development defaults in production mode', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'false' })).toThrow(/SESSION_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), SEED_DEMO: 'true' })).toThrow(
      /демонстрационные/,
    );
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), SEED_DEMO: 'false' }).mode).toBe(
      'production',
    );
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
