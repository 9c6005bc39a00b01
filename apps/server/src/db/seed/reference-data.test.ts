import { describe, expect, it } from 'vitest';
import { parseRegistry } from '../../modules/lookup/registry-csv';
import {
  findOperatorByLegalName,
  normaliseLegalName,
  regionCodesForRegistryName,
} from '../../modules/lookup/registry-names';
import { REGISTRY_FILES, registryFile } from '../../test/registry';
import { convergenceServices, mediaServices, operators, regions } from './reference-data.js';

interface RegistryRow {
  operator: string;
  region: string;
  inn: string;
}

/** A registry file read by the importer's own parser (lookup/registry-csv.ts). */
function readRegistry(file: (typeof REGISTRY_FILES)[number]): RegistryRow[] {
  return parseRegistry(registryFile(file)).rows.map((row) => ({
    operator: row.legalName,
    region: row.regionText,
    inn: row.inn ?? '',
  }));
}

const registry = REGISTRY_FILES.map((file) => ({ file, rows: readRegistry(file) }));
const allRows = registry.flatMap(({ rows }) => rows);

describe('registry files', () => {
  it('are read whole, quotes and BOM removed', () => {
    // About 16 600 and 9 700 ranges (data/README.md); every row has all its columns.
    expect(registry.map(({ rows }) => Math.round(rows.length / 100) * 100)).toEqual([16_600, 9_700]);
    expect(allRows.some((row) => row.operator === 'ООО "Т2 Мобайл"')).toBe(true);
    expect(allRows.every((row) => /^\d{10}$/.test(row.inn))).toBe(true);
  });
});

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

describe('regionCodesForRegistryName', () => {
  it.each([
    ['г. Москва * Московская область', [77, 50]],
    ['г. Москва и Московская область', [77, 50]],
    ['Москва и Московская область', [77, 50]],
    ['г. Санкт-Петербург и Ленинградская область', [78, 47]],
    ['г. Санкт-Петербург * Ленинградская область', [78, 47]],
    ['Республика Татарстан', [16]],
    ['Республика Татарстан (Татарстан)', [16]],
    ['Ханты - Мансийский - Югра АО', [86]],
    ['Ханты-Мансийский автономный округ - Югра', [86]],
    ['Чувашская Республика - Чувашия', [21]],
    ['Чувашская Республика', [21]],
    ['Кемеровская область - Кузбасс', [42]],
    ['Кемеровская обл.', [42]],
    ['Архангельская область и Ненецкий автономный округ', [29, 83]],
    ['Ненецкий АО', [83]],
    ['Ямало-Ненецкий АО', [89]],
    ['Тюменская обл.', [72]],
    ['Республика Саха /Якутия/', [14]],
    ['Республика Донецкая Народная', [93]],
    ['Республика Крым и г. Севастополь', [91, 92]],
    ['г. Сочи|Краснодарский край', [23]],
    ['Корякский округ|Камчатский край', [41]],
    ['Сургутский район * г. Сургут', [86]],
    ['р-ны Абзелиловский и Белорецкий|Абзелиловский район * Белорецкий район', [2]],
    ['Московская область * Москва|Московская область * Москва', [50, 77]],
    ['Алтайский край', [22]],
    ['Республика Алтай', [4]],
    ['Российская Федерация', []],
    ['-', []],
    ['', []],
    ['Атлантида', []],
  ])('%s → %j', (name, codes) => {
    expect(regionCodesForRegistryName(name)).toEqual(codes);
  });

  it('finds each region by its own name and short name', () => {
    for (const region of regions) {
      expect(regionCodesForRegistryName(region.name)).toEqual([region.code]);
      expect(regionCodesForRegistryName(region.shortName)).toEqual([region.code]);
    }
  });

  it('maps every Регион value of the real registry files', () => {
    const known = new Set(regions.map((r) => r.code));
    const wholeCountry = new Set(['Российская Федерация', '-', '']);
    const values = [...new Set(allRows.map((row) => row.region.trim()))].filter((value) => !wholeCountry.has(value));
    expect(values.length).toBeGreaterThan(150);
    const unmapped = values.filter((value) => {
      const codes = regionCodesForRegistryName(value);
      return codes.length === 0 || codes.some((code) => !known.has(code));
    });
    expect(unmapped).toEqual([]);
  });
});

describe('operators', () => {
  it('have unique URL-safe slugs and well-formed fields', () => {
    expect(new Set(operators.map((o) => o.slug)).size).toBe(operators.length);
    for (const operator of operators) {
      expect(operator.slug).toMatch(/^[a-z0-9-]+$/);
      expect(operator.inn).toMatch(/^\d{10}$/);
      expect(operator.color).toMatch(/^#[0-9a-f]{6}$/);
      expect(operator.site === '' || operator.site.startsWith('https://')).toBe(true);
      expect(operator.legalNames.length).toBeGreaterThan(0);
      const sentences = operator.description.split(/(?<=[.!?])\s+/).filter((s) => s.trim() !== '');
      expect(sentences.length, operator.slug).toBeGreaterThanOrEqual(2);
      expect(sentences.length, operator.slug).toBeLessThanOrEqual(4);
    }
  });

  it('spell legal names exactly as the registry does', () => {
    const spellings = new Set(allRows.map((row) => row.operator));
    for (const operator of operators) {
      for (const legalName of operator.legalNames) expect(spellings, legalName).toContain(legalName);
    }
  });

  it('find the largest range holders in every spelling, with the registry INN', () => {
    const major = [
      'ПАО "ВЫМПЕЛКОМ"',
      'ПАО "МЕГАФОН"',
      'ПАО "МТС"',
      'ООО "Т2 Мобайл"',
      'ООО "Скартел"',
      'ООО "Сбербанк-Телеком"',
      'ООО "ЕКАТЕРИНБУРГ-2000"',
      'ПАО "Ростелеком"',
      'ООО "К-ТЕЛЕКОМ"',
    ];
    const majorInns = new Set(major.map((name) => findOperatorByLegalName(name)?.inn));
    expect(majorInns.has(undefined)).toBe(false);
    // Every spelling the files use for these INNs ('ПАО "Вымпел-Коммуникации"', 'ПАО "Мобильные ТелеСистемы"', …).
    const rows = allRows.filter((row) => majorInns.has(row.inn));
    expect(new Set(rows.map((row) => row.operator)).size).toBeGreaterThan(major.length);
    for (const row of rows) expect(findOperatorByLegalName(row.operator)?.inn, row.operator).toBe(row.inn);
  });

  it('cover every holder of about 40 ranges in the 2026 file, with its INN', () => {
    // Subsidiaries filed under the brand with their own INN.
    const subsidiaries = new Set(['ООО "ТТК-СВЯЗЬ"', 'ООО "ТТК-Связь"', 'АО "Теле2-Санкт-Петербург"']);
    const reserve = 'МИНЦИФРЫ РОССИИ'; // numbers held back by the ministry, not an operator
    const rangesByInn = new Map<string, number>();
    const [latest] = registry;
    for (const row of latest?.rows ?? []) rangesByInn.set(row.inn, (rangesByInn.get(row.inn) ?? 0) + 1);
    const holders = new Set(
      (latest?.rows ?? [])
        .filter((row) => (rangesByInn.get(row.inn) ?? 0) >= 35 && row.operator !== reserve)
        .map((row) => `${row.operator}\t${row.inn}`),
    );
    expect(holders.size).toBeGreaterThan(30);
    for (const holder of holders) {
      const [name = '', inn] = holder.split('\t');
      const operator = findOperatorByLegalName(name);
      expect(operator, name).toBeDefined();
      if (!subsidiaries.has(name)) expect(operator?.inn, name).toBe(inn);
    }
  });

  it('map every listed legal name back to its own operator', () => {
    for (const operator of operators) {
      for (const legalName of operator.legalNames) expect(findOperatorByLegalName(legalName)).toBe(operator);
    }
  });
});

describe('normaliseLegalName', () => {
  it('ignores case, quotes, legal forms, spaces and hyphens', () => {
    const beeline = normaliseLegalName('ПАО "ВЫМПЕЛКОМ"');
    expect(beeline).toBe('вымпелком');
    expect(normaliseLegalName('Публичное акционерное общество «ВымпелКом»')).toBe(beeline);
    expect(normaliseLegalName('ОАО "Вымпел-Ком"')).toBe(beeline);
    expect(normaliseLegalName('ООО "Т2 Мобайл"')).toBe(
      normaliseLegalName('Общество с ограниченной ответственностью “Т2 МОБАЙЛ”'),
    );
    expect(normaliseLegalName('ОАО "МТТ"')).toBe(normaliseLegalName('АО "МТТ"'));
    expect(normaliseLegalName('ЗАО "Джи Ти Эн Ти"')).toBe(normaliseLegalName('ЗАО "ДЖИ ТИ ЭН ТИ"'));
    expect(normaliseLegalName('ГУП ДНР "РОС"')).toBe('днррос');
  });

  it('keeps words that merely contain a legal form', () => {
    expect(normaliseLegalName('ООО "АОРТА"')).toBe('аорта');
    expect(normaliseLegalName('АО "ГЛОНАСС"')).toBe('глонасс');
  });
});

describe('findOperatorByLegalName', () => {
  it('finds spellings the registry may use next', () => {
    expect(findOperatorByLegalName('Публичное акционерное общество "Мобильные ТелеСистемы"')?.slug).toBe('mts');
    expect(findOperatorByLegalName('ооо «т2 мобайл»')?.slug).toBe('t2');
    expect(findOperatorByLegalName('ООО "Тинькофф Мобайл"')?.slug).toBe('t-mobile');
  });

  it('answers undefined for an unknown company', () => {
    expect(findOperatorByLegalName('ООО "Рога и копыта"')).toBeUndefined();
    expect(findOperatorByLegalName('')).toBeUndefined();
  });
});

describe('services', () => {
  it.each([
    ['media', mediaServices, 8, 12],
    ['convergence', convergenceServices, 4, 6],
  ] as const)('%s services have unique ids and slugs', (_kind, services, min, max) => {
    expect(services.length).toBeGreaterThanOrEqual(min);
    expect(services.length).toBeLessThanOrEqual(max);
    expect(new Set(services.map((s) => s.id)).size).toBe(services.length);
    expect(new Set(services.map((s) => s.slug)).size).toBe(services.length);
    for (const service of services) {
      expect(service.slug).toMatch(/^[a-z0-9-]+$/);
      expect(service.description.trim()).not.toBe('');
    }
  });
});
