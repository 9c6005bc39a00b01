import { describe, expect, it } from 'vitest';
import { regions } from './reference-data';

describe('regions', () => {
  it('lists the 89 federal subjects once each', () => {
    // 85 subjects before 2022 plus ДНР, ЛНР, Запорожская and Херсонская области; Байконур (99) is not a subject.
    expect(regions).toHaveLength(89);
    expect(new Set(regions.map((r) => r.code)).size).toBe(regions.length);
    expect(new Set(regions.map((r) => r.slug)).size).toBe(regions.length);
    for (const region of regions) {
      expect(region.slug).toMatch(/^[a-z0-9-]+$/);
      expect(region.name.trim()).not.toBe('');
      expect(region.shortName.trim()).not.toBe('');
    }
  });

  it('uses the ФНС codes', () => {
    const byCode = new Map(regions.map((r) => [r.code, r]));
    expect(byCode.get(77)?.name).toBe('г. Москва');
    expect(byCode.get(78)?.name).toBe('г. Санкт-Петербург');
    expect(byCode.get(50)?.name).toBe('Московская область');
    expect(byCode.get(86)?.name).toBe('Ханты-Мансийский автономный округ — Югра');
    expect(byCode.get(92)?.name).toBe('г. Севастополь');
    expect(byCode.get(93)?.name).toBe('Донецкая Народная Республика');
    expect(byCode.get(94)?.name).toBe('Луганская Народная Республика');
    expect(byCode.get(90)?.name).toBe('Запорожская область');
    expect(byCode.get(95)?.name).toBe('Херсонская область');
    expect(byCode.has(99)).toBe(false);
  });

  it('belong to the eight federal districts', () => {
    const districts = [
      'Центральный',
      'Северо-Западный',
      'Южный',
      'Северо-Кавказский',
      'Приволжский',
      'Уральский',
      'Сибирский',
      'Дальневосточный',
    ];
    for (const region of regions) expect(districts).toContain(region.federalDistrict);
    expect(new Set(regions.map((r) => r.federalDistrict)).size).toBe(districts.length);
  });

  it('take distinct cells of the tile grid, roughly where they lie', () => {
    const cells = regions.map((r) => `${r.gridX},${r.gridY}`);
    expect(new Set(cells).size).toBe(regions.length);
    for (const region of regions) {
      expect(Number.isInteger(region.gridX) && region.gridX >= 0).toBe(true);
      expect(Number.isInteger(region.gridY) && region.gridY >= 0).toBe(true);
    }
    const cell = (code: number) => regions.find((r) => r.code === code) ?? { gridX: Number.NaN, gridY: Number.NaN };
    const xs = regions.map((r) => r.gridX);
    expect(cell(39).gridX).toBe(Math.min(...xs)); // Калининград far west
    expect(cell(87).gridX).toBe(Math.max(...xs)); // Чукотка far east
    expect(cell(51).gridY).toBeLessThan(cell(77).gridY); // Мурманск north of Москва
    expect(cell(5).gridY).toBeGreaterThan(cell(77).gridY); // Дагестан south of Москва
  });
});
