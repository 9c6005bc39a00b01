import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

describe('regions', () => {
  it('lists every federal subject with its FNS code, Moscow 77 and Saint Petersburg 78', async () => {
    const { status, body } = await get('/api/v1/region/list');
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThanOrEqual(85);
    const byCode = new Map(body.map((r: { code: number; name: string }) => [r.code, r.name]));
    expect(byCode.get(77)).toBe('г. Москва');
    expect(byCode.get(78)).toBe('г. Санкт-Петербург');
    expect(byCode.get(16)).toMatch(/Татарстан/);
    expect(new Set(body.map((r: { slug: string }) => r.slug)).size).toBe(body.length);
  });

  it('lists the operators of one region, and of all regions', async () => {
    const one = await get('/api/v1/region/operators?RegionCode=66');
    expect(one.status).toBe(200);
    expect(one.body).toHaveLength(1);
    const slugs = one.body[0].operators.map((o: { slug: string }) => o.slug);
    expect(slugs).toEqual(expect.arrayContaining(['mts', 'megafon', 'beeline', 't2', 'motiv']));
    expect(one.body[0].operators[0].logo).toMatch(/^\/api\/v1\/operator\/[a-z0-9-]+\/logo\.svg$/);
    const all = await get('/api/v1/region/operators');
    expect(all.body.length).toBeGreaterThan(80);
  });

  it('answers 400 with a Russian message for a bad or unknown region code', async () => {
    const bad = await get('/api/v1/region/operators?RegionCode=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.title).toBe('Ошибка валидации');
    expect(bad.body.errors.RegionCode).toEqual(['Должно быть целым числом.']);
    const unknown = await get('/api/v1/region/operators?RegionCode=98');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.RegionCode).toEqual(['Такого региона нет.']);
  });
});

describe('operators', () => {
  it('pages the list with totalRows and 1 row offset semantics', async () => {
    const first = await get('/api/v1/operator/list?Skip=0&Take=3&SortBy=name&SortDesc=false');
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(3);
    expect(first.body.offset).toBe(0);
    expect(first.body.pageSize).toBe(3);
    const total = first.body.totalRows;
    expect(total).toBeGreaterThanOrEqual(8);
    const all = await get(`/api/v1/operator/list?Skip=0&Take=100`);
    const names = all.body.data.map((o: { name: string }) => o.name);
    expect(names).toEqual([...names].sort());
    const second = await get('/api/v1/operator/list?Skip=3&Take=3');
    expect(second.body.data[0].name).toBe(names[3]);
    const past = await get(`/api/v1/operator/list?Skip=${total}&Take=10`);
    expect(past.body.data).toEqual([]);
    expect(past.body.totalRows).toBe(total);
  });

  it('sorts descending', async () => {
    const desc = await get('/api/v1/operator/list?Take=100&SortBy=name&SortDesc=true');
    const names = desc.body.data.map((o: { name: string }) => o.name);
    expect(names).toEqual([...names].sort().reverse());
  });

  it('rejects bad paging with Russian field messages and never 500', async () => {
    const res = await get('/api/v1/operator/list?Skip=-1&Take=0&SortBy=price&SortDesc=maybe');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.body.errors.Skip).toEqual(['Должно быть не меньше 0.']);
    expect(res.body.errors.Take).toEqual(['Должно быть не меньше 1.']);
    expect(res.body.errors.SortBy).toEqual(['Допустимые значения: name, slug, regionCount.']);
    expect(res.body.errors.SortDesc).toEqual(['Должно быть true или false.']);
  });

  it('shows an operator with its registry legal names, and 404 for an unknown slug', async () => {
    const beeline = await get('/api/v1/operator/beeline');
    expect(beeline.status).toBe(200);
    expect(beeline.body.name).toBe('Билайн');
    expect(beeline.body.inn).toBe('7713076301');
    expect(beeline.body.legalNames.join(' ').toUpperCase()).toContain('ВЫМПЕЛКОМ');
    expect(beeline.body.regionCodes).toContain(77);
    const missing = await get('/api/v1/operator/no-such-operator');
    expect(missing.status).toBe(404);
    expect(missing.body.title).toBe('Запись не найдена');
  });

  it('draws a monogram logo in the brand colour', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/operator/mts/logo.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toContain('<svg');
    expect(res.body).toContain('МТ');
  });
});

describe('settings and services', () => {
  it('lists all five features of the spec, and the Госключ signing (off on a new site)', async () => {
    const { status, body } = await get('/api/v1/setting/feature/list');
    expect(status).toBe(200);
    expect(body.map((f: { feature: string }) => f.feature)).toEqual([
      'Portation',
      'EsiaAuth',
      'News',
      'OperatorPage',
      'OperatorsByRegionMap',
      'Goskey',
    ]);
    expect(body.every((f: { isEnabled: unknown }) => typeof f.isEnabled === 'boolean')).toBe(true);
    expect(body.find((f: { feature: string }) => f.feature === 'Goskey').isEnabled).toBe(false);
  });

  it('reads the green theme setting and hides unknown keys', async () => {
    expect((await get('/api/v1/setting/site-theme-current')).body).toEqual({
      key: 'site-theme-current',
      value: 'green',
    });
    expect((await get('/api/v1/setting/secret-thing')).status).toBe(404);
  });

  it('lists media and convergence services', async () => {
    const media = await get('/api/v1/tariffmediaservice');
    expect(media.status).toBe(200);
    expect(media.body.length).toBeGreaterThanOrEqual(5);
    expect(media.body[0]).toEqual({
      id: expect.any(Number),
      slug: expect.any(String),
      name: expect.any(String),
      description: expect.any(String),
    });
    const convergence = await get('/api/v1/tariffconvergenceservice');
    expect(convergence.body.length).toBeGreaterThanOrEqual(3);
  });
});
