import { describe, expect, it } from 'vitest';
import { regions } from '../../../../../server/src/db/seed/reference-data';
import { shadeFor, tileLabel } from './region-tile-map';

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
