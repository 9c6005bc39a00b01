import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
};

interface Tile {
  id: number;
  slug: string;
  tariffCount: number;
  minPrice: number | null;
}

describe('operator tiles', () => {
  it('counts tariffs and finds the cheapest price of each operator in a region, the same by code and by slug', async () => {
    const byCode = await get('/api/v1.1/operator/tile/list?RegionCode=77');
    expect(byCode.status).toBe(200);
    const tiles: Tile[] = byCode.body;
    expect(tiles.length).toBeGreaterThanOrEqual(4);
    expect(tiles.every((tile) => tile.tariffCount > 0 && tile.minPrice !== null)).toBe(true);
    // Checked against the tariff search of the same region: MTS's cheapest package in Moscow.
    const mts = tiles.find((tile) => tile.slug === 'mts');
    expect(mts).toBeDefined();
    const search = await get(
      `/api/v1.4/tariff/list?RegionCode=77&OperatorId=${mts?.id}&Skip=0&Take=100&SortBy=price&SortDesc=false`,
    );
    expect(search.status).toBe(200);
    expect(mts?.tariffCount).toBe(search.body.totalRows);
    expect(mts?.minPrice).toBe(search.body.data[0].price);
    const bySlug = await get('/api/v1.2/operator/tile/list?RegionSlug=moskva');
    expect(bySlug.body).toEqual(byCode.body);
  });

  it('lists all operators across Russia without a region, and one tile by id', async () => {
    const all = await get('/api/v1.1/operator/tile/list');
    expect(all.body.length).toBeGreaterThanOrEqual(20);
    const counts = all.body.map((tile: Tile) => tile.tariffCount);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
    const first = all.body[0];
    expect((await get(`/api/v1/operator/tile/${first.id}`)).body).toEqual(first);
  });

  it('answers 400 for an unknown region and 404 for an unknown tile', async () => {
    expect((await get('/api/v1.1/operator/tile/list?RegionCode=98')).status).toBe(400);
    expect((await get('/api/v1.1/operator/tile/list?RegionCode=abc')).status).toBe(400);
    const slug = await get('/api/v1.2/operator/tile/list?RegionSlug=atlantida');
    expect(slug.status).toBe(400);
    expect(slug.body.errors.RegionSlug).toEqual(['Такого региона нет.']);
    for (const id of ['999999', 'abc', '-1']) expect((await get(`/api/v1/operator/tile/${id}`)).status).toBe(404);
  });
});
