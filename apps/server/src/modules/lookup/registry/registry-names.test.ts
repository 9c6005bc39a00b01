import { describe, expect, it } from 'vitest';
import { REGISTRY_FILES, registryFile } from '../../../test/registry';
import { operators } from '../../operators/reference-data';
import { regions } from '../../regions/reference-data';
import { parseRegistry } from './registry-csv';
import { findOperatorByLegalName, normaliseLegalName, regionCodesForRegistryName } from './registry-names';

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
