import { describe, expect, it } from 'vitest';
import { CatalogueError, catalogueToCsv, parseCatalogueCsv, parseCatalogueJson, parseCsvRows } from './catalogue';

describe('catalogue CSV rows', () => {
  it('reads RFC 4180: BOM, CRLF, quoted separators, doubled quotes and line breaks; skips blank rows', () => {
    const text = '\uFEFFa,b,c\r\n"x, y","он сказал ""да""","две\nстроки"\r\n\r\n,,\r\n1,2,3';
    expect(parseCsvRows(text)).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'он сказал "да"', 'две\nстроки'],
      ['1', '2', '3'],
    ]);
  });

  it('keeps a quote inside an unquoted field, and rows of any length', () => {
    expect(parseCsvRows('ООО "Т2",1\nодин')).toEqual([['ООО "Т2"', '1'], ['один']]);
  });

  it('refuses a quoted field that never closes, in Russian', () => {
    expect(() => parseCsvRows('a,b\n"не закрыто,1')).toThrow(CatalogueError);
    expect(() => parseCsvRows('a,b\n"не закрыто,1')).toThrow('Файл CSV не читается');
  });
});

describe('the command line import (npm run tariffs:import)', () => {
  const header =
    'operator,slug,name,kind,region_code,price,minutes,sms,traffic_gb,minute_price,sms_price,mb_price,url,media_services,convergence_services,is_archived,description';
  const row = (url: string) => `mts,t,Тариф,Package,77,300,100,100,10,,,,${url},,,false,`;

  it('refuses a link that is not https:// or http://, naming the row, in Russian', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,x', 'ftp://example.ru', 'https:/x', '//example.ru']) {
      expect(() => parseCatalogueCsv(`${header}\n${row(url)}`), url).toThrow(
        'строка 2: url — адрес страницы тарифа, начинающийся с https:// или http://',
      );
    }
    const json = JSON.stringify([
      {
        operatorSlug: 'mts',
        slug: 't',
        name: 'Т',
        kind: 'Package',
        url: 'javascript:x',
        regions: [{ regionCode: 77, price: 1 }],
      },
    ]);
    expect(() => parseCatalogueJson(json)).toThrow('тариф №1: url — адрес страницы тарифа');
    expect(parseCatalogueCsv(`${header}\n${row('https://mts.ru/t')}`)[0]?.url).toBe('https://mts.ru/t');
    expect(parseCatalogueCsv(`${header}\n${row('http://mts.ru/t')}`)[0]?.url).toBe('http://mts.ru/t');
  });

  it('exports (npm run tariffs:export) cells that start a formula with an apostrophe', () => {
    const [tariff] = parseCatalogueCsv(`${header}\n${row('https://mts.ru/t')}`);
    const csv = catalogueToCsv([{ ...(tariff as NonNullable<typeof tariff>), name: '=1+1', description: '@cmd' }]);
    expect(csv).toContain(",'=1+1,");
    expect(csv.trimEnd().endsWith(",'@cmd")).toBe(true);
    expect(parseCatalogueCsv(csv)[0]).toMatchObject({ name: '=1+1', description: '@cmd' });
    const spaced = catalogueToCsv([
      { ...(tariff as NonNullable<typeof tariff>), name: '\tтаб', description: '\rвозврат' },
    ]);
    expect(spaced).toContain(",'\tтаб,");
    expect(spaced).toContain(`,"'\rвозврат"`);
  });
});
