import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLookupApp, lookupNumber, waitForOperator } from '../../../../test/lookup';
import type { TestApp } from '../../../test/app';
import { claimPlanRefresh } from '../repository';
import { importNumberingPlan } from './plan-import';
import { parseRegistry, RegistryFormatError } from './registry-csv';

const utf8 = (text: string) => new TextEncoder().encode(text);
const withBom = (text: string) => utf8(`\uFEFF${text}`);

/** Windows-1251 bytes for Cyrillic text (TextEncoder only writes UTF-8). */
function cp1251(text: string): Uint8Array {
  return Uint8Array.from([...text], (ch) => {
    const c = ch.codePointAt(0) ?? 0;
    if (c < 0x80) return c;
    if (c >= 0x410 && c <= 0x44f) return c - 0x410 + 0xc0;
    if (c === 0x401) return 0xa8;
    if (c === 0x451) return 0xb8;
    throw new Error(`no cp1251 byte for ${ch}`);
  });
}

describe('registry format variants', () => {
  it('reads the 2026 shape: 8 columns, zero-padded, bare inner quotes, BOM', () => {
    const p = parseRegistry(
      withBom(
        'АВС/ DEF;От;До;Емкость;Оператор;Регион;Территория ГАР;ИНН\r\n' +
          '900;0062000;0062999;1000;ООО "Т2 МОБАЙЛ";Ростовская обл.;Ростовская область;7743895280\r\n',
      ),
    );
    expect(p.columns).toBe(8);
    expect(p.rows).toEqual([
      {
        from: 79000062000,
        to: 79000062999,
        legalName: 'ООО "Т2 МОБАЙЛ"',
        regionText: 'Ростовская обл.',
        inn: '7743895280',
        line: 2,
      },
    ]);
  });

  it('reads the 2023 shape: 7 columns, RFC quotes, not padded', () => {
    const p = parseRegistry(
      withBom(
        'АВС/ DEF;От;До;Емкость;Оператор;Регион;ИНН\n900;0;61999;62000;"ООО ""Т2 Мобайл""";Краснодарский край;7743895280\n',
      ),
    );
    expect(p.columns).toBe(7);
    expect(p.rows[0]).toMatchObject({ from: 79000000000, to: 79000061999, legalName: 'ООО "Т2 Мобайл"' });
  });

  it('reads old Windows-1251 files with space padding and long legal forms', () => {
    const text =
      'ABC/DEF; От ; До ; Ёмкость ; Оператор ; Регион\r\n' +
      '916;   0000000;   9999999;  10000000; Открытое акционерное общество "Мобильные ТелеСистемы" ; г. Москва и Московская область\r\n';
    const p = parseRegistry(cp1251(text));
    expect(p.encoding).toBe('windows-1251');
    expect(p.rows[0]).toMatchObject({
      from: 79160000000,
      to: 79169999999,
      legalName: 'Открытое акционерное общество "Мобильные ТелеСистемы"',
      regionText: 'г. Москва и Московская область',
      inn: null,
    });
  });

  it('reads a file without a header by its column count', () => {
    const p = parseRegistry(utf8('926;0;9999999;10000000;ПАО "МегаФон";г. Москва * Московская область;7812014560\n'));
    expect(p.rows[0]).toMatchObject({ from: 79260000000, legalName: 'ПАО "МегаФон"' });
  });

  it('keeps a quoted cell holding the separator and a cell that opens with a bare quote', () => {
    const p = parseRegistry(
      utf8(
        'АВС/ DEF;От;До;Емкость;Оператор;Регион;ИНН\n' +
          '901;0;9;10;"ООО ""Рога; и копыта""";Тверская обл.;7700000000\n' +
          '902;0;9;10;"МТС" ПАО;Тверская обл.;7740000076\n',
      ),
    );
    expect(p.rows.map((r) => r.legalName)).toEqual(['ООО "Рога; и копыта"', '"МТС" ПАО']);
    expect(p.rows.map((r) => r.regionText)).toEqual(['Тверская обл.', 'Тверская обл.']);
  });

  it('skips broken rows, says why, and keeps the rest', () => {
    const p = parseRegistry(
      utf8(
        'АВС/ DEF;От;До;Емкость;Оператор;Регион;ИНН\n' +
          '9x0;0;9;10;ПАО "МТС";Тверская обл.;1\n' +
          '916;20;10;1;ПАО "МТС";Тверская обл.;1\n' +
          '916;0;9;11;ПАО "МТС";Тверская обл.;1\n' +
          '916;0;9;10;;Тверская обл.;1\n' +
          '916;0;9;10;ПАО "МТС";Тверская обл.;1\n',
      ),
    );
    expect(p.rows).toHaveLength(1);
    expect(p.rejected.map((r) => r.line)).toEqual([2, 3, 4, 5]);
    expect(p.rejected[2]?.reason).toBe('ёмкость не совпадает с границами диапазона');
  });

  it('refuses an HTML error page, an empty file and a file that is not a registry', () => {
    expect(() => parseRegistry(utf8('<!DOCTYPE html><html><body>502 Bad Gateway</body></html>'))).toThrow(
      /HTML-страница/,
    );
    expect(() => parseRegistry(utf8('   \n'))).toThrow(RegistryFormatError);
    expect(() => parseRegistry(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00, 0x13, 0x37]))).toThrow(
      RegistryFormatError,
    );
    expect(() => parseRegistry(utf8('АВС/ DEF;От;До;Емкость;Оператор;Регион;ИНН\nмусор;мусор\n'))).toThrow(
      'В файле нет ни одной строки реестра.',
    );
  });
});

describe('a refused import', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createLookupApp();
  });
  afterAll(async () => t.close());

  it('leaves the current plan answering as before', async () => {
    // The demo plan is loaded: 916 is МТС.
    expect((await lookupNumber(t, '79165550000')).json().operatorName).toBe('МТС');
    await expect(
      importNumberingPlan(t.app.db, utf8('<html><body>Сервис временно недоступен</body></html>'), { source: 'x' }),
    ).rejects.toThrow(RegistryFormatError);
    await expect(
      importNumberingPlan(
        t.app.db,
        [
          { name: 'DEF-9xx.csv', bytes: utf8('916;0;9999999;10000000;ПАО "МегаФон";г. Москва;7812014560\n') },
          { name: 'ABC-3xx.csv', bytes: utf8('<html>502</html>') },
        ],
        { source: 'x' },
      ),
    ).rejects.toThrow(/ABC-3xx.csv: Вместо реестра получена HTML-страница/);
    const info = await t.app.inject({ method: 'GET', url: '/api/v1.1/msisdn/info/plan' });
    expect(info.json()).toMatchObject({ isDemo: true });
    expect((await lookupNumber(t, '79165550000')).json().operatorName).toBe('МТС');
  });

  it('a new plan replaces the demo one and the page stops calling it demo', async () => {
    await importNumberingPlan(t.app.db, utf8('916;0;9999999;10000000;ПАО "МегаФон";г. Москва;7812014560\n'), {
      source: 'test.csv',
    });
    await waitForOperator(t, '79165550000', 'МегаФон');
    const info = await t.app.inject({ method: 'GET', url: '/api/v1.1/msisdn/info/plan' });
    expect(info.json()).toMatchObject({ isDemo: false, source: 'test.csv', ranges: 1 });
    // 915 was in the demo plan only.
    expect((await lookupNumber(t, '79155550000')).statusCode).toBe(404);
  });

  it('the scheduled refresh is claimed by one node at a time', async () => {
    expect(await claimPlanRefresh(t.app.db, 24)).toBe(true);
    expect(await claimPlanRefresh(t.app.db, 24)).toBe(false);
  });
});
