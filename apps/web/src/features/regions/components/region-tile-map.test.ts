import { describe, expect, it } from 'vitest';
import { regions } from '../../../../../server/src/modules/regions/reference-data';
import { neighbour, shadeFor, tileLabel } from './region-tile-map';

describe('region tile map', () => {
  it('gives every subject its own label and its own square', () => {
    const labels = regions.map((r) => tileLabel(r.code, r.shortName));
    expect(new Set(labels).size).toBe(regions.length);
    const cells = regions.map((r) => `${r.gridX}:${r.gridY}`);
    expect(new Set(cells).size).toBe(regions.length);
    expect(tileLabel(77, 'Москва')).toBe('МСК');
    expect(tileLabel(3, 'Бурятия')).toBe('БУРЯ');
  });

  it('darkens with the number of operators', () => {
    expect(shadeFor(0).min).toBe(0);
    expect(shadeFor(3).min).toBe(1);
    expect(shadeFor(4).min).toBe(4);
    expect(shadeFor(12).min).toBe(11);
  });
});

describe('arrow keys on the tile map', () => {
  const grid = [
    { code: 1, gridX: 0, gridY: 0 },
    { code: 2, gridX: 1, gridY: 0 },
    { code: 3, gridX: 3, gridY: 0 },
    { code: 4, gridX: 1, gridY: 1 },
    { code: 5, gridX: 0, gridY: 2 },
  ];

  it('moves along the row, skipping gaps', () => {
    expect(neighbour(grid, 1, 'ArrowRight')).toBe(2);
    expect(neighbour(grid, 2, 'ArrowRight')).toBe(3);
    expect(neighbour(grid, 3, 'ArrowLeft')).toBe(2);
  });

  it('moves down to the nearest tile below, straight ahead first', () => {
    expect(neighbour(grid, 2, 'ArrowDown')).toBe(4);
    expect(neighbour(grid, 1, 'ArrowDown')).toBe(5);
    expect(neighbour(grid, 4, 'ArrowUp')).toBe(2);
  });

  it('stays at the edge and ignores other keys', () => {
    expect(neighbour(grid, 1, 'ArrowLeft')).toBe(1);
    expect(neighbour(grid, 1, 'Enter')).toBe(1);
  });

  it('reaches every subject of the real map from Moscow', () => {
    const seen = new Set<number>([77]);
    const queue = [77];
    while (queue.length > 0) {
      const code = queue.shift() as number;
      for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']) {
        const next = neighbour(regions, code, key);
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    expect(seen.size).toBe(regions.length);
  });
});
