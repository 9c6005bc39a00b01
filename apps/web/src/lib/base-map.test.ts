import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { regions } from '../../../server/src/modules/regions/reference-data';
import { type BaseMap, linesOf, subjectsOf } from './base-map';

// The committed file, as the site serves it (scripts/build-base-map.mjs writes it; decision 031).
const file = new URL('../../public/maps/russia.json', import.meta.url);
const baseMap = JSON.parse(readFileSync(file, 'utf8')) as BaseMap;

describe('the base map of Russia', () => {
  it('has one subject for every region of the site and none other', () => {
    const codes = subjectsOf(baseMap).map((s) => s.properties.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort((a, b) => a - b)).toEqual(regions.map((r) => r.code).sort((a, b) => a - b));
  });

  it('gives every subject land to draw', () => {
    for (const subject of subjectsOf(baseMap)) {
      const rings = subject.geometry.coordinates.map((polygon) => polygon[0] ?? []);
      expect(rings.length, `region ${subject.properties.code}`).toBeGreaterThan(0);
      expect(Math.max(...rings.map((r) => r.length)), `region ${subject.properties.code}`).toBeGreaterThanOrEqual(4);
    }
  });

  it('draws the borders and the outline, in a file small enough to send', () => {
    expect(linesOf(baseMap, 'borders')?.geometry.coordinates.length).toBeGreaterThan(100);
    expect(linesOf(baseMap, 'outline')?.geometry.coordinates.length).toBeGreaterThan(100);
    expect(readFileSync(file).length).toBeLessThan(450 * 1024);
  });
});
