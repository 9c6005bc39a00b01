import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    mapTileUrl: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
    mapTileAttribution: '© Тест',
  });
});
afterAll(async () => t?.close());

describe('coverage map', () => {
  it('lists every operator with a source kind and projection of the spec', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/coverage/map' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.baseMap).toEqual({ tileUrl: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png', attribution: '© Тест' });
    expect(body.cities.find((c: { name: string }) => c.name === 'Москва')).toEqual({
      name: 'Москва',
      lat: 55.75,
      lon: 37.62,
    });
    const bySlug = new Map(body.sources.map((s: { slug: string }) => [s.slug, s]));
    expect(bySlug.get('mts')).toMatchObject({ kind: 'GeoCollection', projection: 'SphericalMecrator', url: null });
    expect(bySlug.get('beeline')).toMatchObject({ kind: 'GeoCollection', projection: 'Wgs84Mercator' });
    expect(bySlug.get('yota')).toMatchObject({ kind: 'Reference', url: 'https://www.yota.ru/coverage' });
    expect(bySlug.get('sbermobile')).toMatchObject({ kind: 'None', projection: 'None', url: null });
  });

  it('serves GeoJSON coverage for a GeoCollection source and 404 for anything else', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/coverage/motiv/geojson' });
    expect(res.statusCode).toBe(200);
    const fc = res.json();
    expect(fc.type).toBe('FeatureCollection');
    expect(fc.features.map((f: { properties: { city: string } }) => f.properties.city)).toEqual([
      'Екатеринбург',
      'Тюмень',
      'Сургут',
    ]);
    const ring = fc.features[0].geometry.coordinates[0];
    expect(ring[0]).toEqual(ring[ring.length - 1]);
    // Around Екатеринбург (56.84 N, 60.61 E): every point within ~2 degrees.
    for (const [lon, lat] of ring) {
      expect(Math.abs(lat - 56.84)).toBeLessThan(2);
      expect(Math.abs(lon - 60.61)).toBeLessThan(4);
    }
    for (const slug of ['yota', 'sbermobile', 'no-such-operator']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/coverage/${slug}/geojson` })).statusCode).toBe(404);
    }
  });

  it('lets the page load tiles from the configured tile server and no other', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/coverage' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/\*\.tiles\.example\.org/);
  });
});
