import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { regions } from '../../../../../server/src/modules/regions/reference-data';
import { type BaseMap, subjectsOf } from '../../../lib/base-map';
import { shadeFor } from './region-map';
import { layoutSubjects, neighbour, project, WIDTH } from './region-map-geometry';

const baseMap = JSON.parse(
  readFileSync(new URL('../../../../public/maps/russia.json', import.meta.url), 'utf8'),
) as BaseMap;
const layout = layoutSubjects(subjectsOf(baseMap));
const shape = (code: number) => layout.shapes.find((s) => s.code === code)!;

describe('region map', () => {
  it('darkens with the number of operators', () => {
    expect(shadeFor(0).min).toBe(0);
    expect(shadeFor(3).min).toBe(1);
    expect(shadeFor(4).min).toBe(4);
    expect(shadeFor(12).min).toBe(11);
  });

  it('draws north up and west left, the whole country WIDTH wide', () => {
    const [mx, my] = project(37.6, 55.75);
    const [nx, ny] = project(37.6, 65);
    const [vx] = project(131.9, 43.1);
    expect(ny).toBeLessThan(my);
    expect(vx).toBeGreaterThan(mx);
    expect(layout.viewBox.width).toBe(WIDTH);
    expect(nx).toBeCloseTo(mx, 0);
    for (const s of layout.shapes) {
      expect(s.cx).toBeGreaterThan(0);
      expect(s.cx).toBeLessThan(WIDTH);
      expect(s.cy).toBeGreaterThan(0);
      expect(s.cy).toBeLessThan(layout.viewBox.height);
    }
  });

  it('marks the subjects too small to point at', () => {
    const small = layout.shapes.filter((s) => s.small).map((s) => s.code);
    // Moscow, St Petersburg, Sevastopol and Ingushetia; the big subjects never.
    expect(small).toEqual(expect.arrayContaining([6, 77, 78, 92]));
    expect(small).not.toContain(24);
    expect(small).not.toContain(50);
  });
});

describe('arrow keys on the region map', () => {
  const points = [
    { code: 1, cx: 0, cy: 0 },
    { code: 2, cx: 10, cy: 1 },
    { code: 3, cx: 30, cy: -2 },
    { code: 4, cx: 9, cy: 10 },
    { code: 5, cx: -1, cy: 30 },
  ];

  it('moves to the nearest centre in the direction of the key', () => {
    expect(neighbour(points, 1, 'ArrowRight')).toBe(2);
    expect(neighbour(points, 2, 'ArrowRight')).toBe(3);
    expect(neighbour(points, 3, 'ArrowLeft')).toBe(2);
    expect(neighbour(points, 2, 'ArrowDown')).toBe(4);
    expect(neighbour(points, 4, 'ArrowUp')).toBe(2);
    expect(neighbour(points, 1, 'ArrowDown')).toBe(4);
  });

  it('stays at the edge and ignores other keys', () => {
    expect(neighbour(points, 1, 'ArrowLeft')).toBe(5);
    expect(neighbour(points, 5, 'ArrowDown')).toBe(5);
    expect(neighbour(points, 1, 'Enter')).toBe(1);
  });

  it('moves geographically on the real map', () => {
    expect(shape(neighbour(layout.shapes, 61, 'ArrowDown')).cy).toBeGreaterThan(shape(61).cy);
    expect(shape(neighbour(layout.shapes, 54, 'ArrowRight')).cx).toBeGreaterThan(shape(54).cx);
    const east = layout.shapes.reduce((a, b) => (b.cx > a.cx ? b : a));
    expect(neighbour(layout.shapes, east.code, 'ArrowRight')).toBe(east.code);
  });

  it('reaches every subject of the real map from Moscow', () => {
    const seen = new Set<number>([77]);
    const queue = [77];
    while (queue.length > 0) {
      const code = queue.shift() as number;
      for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']) {
        const next = neighbour(layout.shapes, code, key);
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    expect([...seen].sort((a, b) => a - b)).toEqual(regions.map((r) => r.code).sort((a, b) => a - b));
  });
});
