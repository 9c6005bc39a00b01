import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLookupApp, multipartBody, signIn } from '../../../../test/lookup';
import type { TestApp } from '../../../test/app';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function xlsxOf(rows: (string | number | null)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Номера');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function rowsOfXlsx(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]?.eachRow({ includeEmpty: true }, (row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return rows;
}

/** A zip whose one entry inflates to far more than it weighs: 50 MB of zeros. */
function zipBomb(): Buffer {
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const raw = Buffer.alloc(50 * 1024 * 1024);
  const data = deflateRawSync(raw);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(raw.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(raw.length, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42);
  const cdOffset = local.length + name.length + data.length;
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(1, 8);
  eocd.writeUInt16LE(1, 10);
  eocd.writeUInt32LE(central.length + name.length, 12);
  eocd.writeUInt32LE(cdOffset, 16);
  return Buffer.concat([local, name, data, central, name, eocd]);
}

describe('batch lookup', () => {
  let t: TestApp;
  let user: Record<string, string>;
  const upload = (filename: string, content: Buffer | string, headers = user, field = 'File') => {
    const body = multipartBody(filename, content, field);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1.1/msisdn/info/batch',
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
  };
  beforeAll(async () => {
    t = await createLookupApp({ batchMaxBytes: 64 * 1024, batchMaxRows: 50, quotaSignedIn: 1000 });
    user = await signIn(t);
  });
  afterAll(async () => t.close());

  it('needs sign-in', async () => {
    const res = await upload('numbers.csv', '79161234567\n', {});
    expect(res.statusCode).toBe(401);
    expect(res.json().title).toBe('Некорректный JWT токен');
  });

  it('answers a CSV for a CSV: BOM, «;», one row per input row in order, invalid rows marked, formulas neutralised', async () => {
    const csv = [
      'Имя;Телефон',
      'Иван;+7 926 123-45-67',
      '=HYPERLINK("http://evil");не номер',
      'Пётр;8 (926) 000-00-00',
      ';',
      '@SUM(A1);+7 (940) 000-00-00',
    ].join('\r\n');
    const res = await upload('клиенты.csv', csv);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('клиенты-результат.csv')}`,
    );
    const body = res.rawPayload;
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = body.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines).toEqual([
      'Имя;Телефон;Номер;Оператор;Регион;Перенесён;Дата переноса;Владелец диапазона;Результат',
      `Иван;'+7 926 123-45-67;79261234567;МТС;г. Москва и Московская область;да;02.09.2024;"ПАО ""МегаФон""";Найден`,
      `"'=HYPERLINK(""http://evil"")";не номер;;;;;;;Неверный номер`,
      `Пётр;8 (926) 000-00-00;79260000000;МегаФон;г. Москва и Московская область;нет;;"ПАО ""МегаФон""";Найден`,
      ';;;;;;;;Пустая строка',
      `'@SUM(A1);'+7 (940) 000-00-00;79400000000;;;;;;Не найден`,
    ]);
  });

  it('reads a TXT of one number per line with any separators and answers CSV', async () => {
    const res = await upload('list.txt', '916 123 45 67\nне номер\n8-903-000-00-01\n');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="result.csv"');
    const lines = res.rawPayload.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines.map((l) => l.split(';').at(-1))).toEqual(['Результат', 'Найден', 'Неверный номер', 'Найден']);
    expect(lines[3]).toContain('79030000001;Билайн');
  });

  it('answers an XLSX for an XLSX: the first column holding numbers, rows in order, formulas neutralised', async () => {
    const bytes = await xlsxOf([
      ['Клиент', 'Номер'],
      ['Иван', 79261234567],
      ['=1+1', 'нет номера'],
      [null, null],
      ['Пётр', '+7 999 000-00-00'],
    ]);
    // This process's temporary folder of its own while it uploads: other test files, running at the same
    // time in other processes, make and remove their own in the shared one.
    const temporary = mkdtempSync(join(tmpdir(), 'perenos-batch-tmp-'));
    const shared = process.env.TMPDIR;
    process.env.TMPDIR = temporary;
    expect(tmpdir()).toBe(temporary);
    let res: Awaited<ReturnType<typeof upload>>;
    try {
      res = await upload('база.xlsx', bytes);
    } finally {
      if (shared === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = shared;
    }
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    const rows = await rowsOfXlsx(res.rawPayload);
    expect(rows[0]).toEqual([
      'Клиент',
      'Номер',
      'Номер',
      'Оператор',
      'Регион',
      'Перенесён',
      'Дата переноса',
      'Владелец диапазона',
      'Результат',
    ]);
    expect(rows[1]?.slice(0, 5)).toEqual([
      'Иван',
      '79261234567',
      '79261234567',
      'МТС',
      'г. Москва и Московская область',
    ]);
    expect(rows[2]?.[0]).toBe("'=1+1");
    expect(rows[2]?.at(-1)).toBe('Неверный номер');
    expect(rows[3]?.at(-1)).toBe('Пустая строка');
    expect(rows[4]?.slice(2, 4)).toEqual(['79990000000', 'Yota']);
    // No temporary file is left behind by the upload or the spreadsheet reader.
    expect(readdirSync(temporary)).toEqual([]);
    rmSync(temporary, { recursive: true, force: true });
    // The answer is itself a readable upload (inline strings, shared strings, no styles part).
    const again = await upload('результат.xlsx', res.rawPayload);
    expect(again.statusCode).toBe(200);
    expect((await rowsOfXlsx(again.rawPayload)).map((r) => r.at(-1))).toEqual([
      'Результат',
      'Найден',
      'Неверный номер',
      'Пустая строка',
      'Найден',
    ]);
  });

  it('refuses a wrong extension, an empty file, a missing file and a file in the wrong field', async () => {
    const wrong = await upload('numbers.pdf', '79161234567');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.File).toEqual(['Загрузите файл в формате CSV, TXT или XLSX.']);
    const empty = await upload('numbers.csv', '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.File[0]).toMatch(/^Файл пуст/);
    const blank = await upload('numbers.txt', '\n\n  \n');
    expect(blank.json().errors.File[0]).toMatch(/^Файл пуст/);
    const field = await upload('numbers.csv', '79161234567', user, 'Other');
    expect(field.statusCode).toBe(400);
    expect(field.json().errors.File).toEqual(['Приложите файл с номерами.']);
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/v1.1/msisdn/info/batch',
      payload: { File: 'x' },
      headers: user,
    });
    expect(notMultipart.statusCode).toBe(400);
  });

  it('refuses a file over the size or row limit with 413', async () => {
    const big = await upload('big.csv', '79161234567\n'.repeat(6000));
    expect(big.statusCode).toBe(413);
    expect(big.json().errors.File).toEqual(['Файл больше 64 КБ.']);
    const rows = await upload('rows.csv', '79161234567\n'.repeat(51));
    expect(rows.statusCode).toBe(413);
    expect(rows.json().errors.File[0]).toMatch(/^В файле больше 50 строк/);
    const exactly = await upload('rows.csv', '79161234567\n'.repeat(50));
    expect(exactly.statusCode).toBe(200);
  });

  it('refuses a zip bomb and a broken XLSX before unpacking them', async () => {
    const bomb = await upload('bomb.xlsx', zipBomb());
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json().errors.File[0]).toMatch(/слишком/);
    const broken = await upload('broken.xlsx', Buffer.from('это не архив'));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().errors.File[0]).toMatch(/не XLSX/);
  });

  it('costs one request of the quota per file, and only for a readable file', async () => {
    const quota = async () =>
      (await t.app.inject({ method: 'POST', url: '/api/v1.1/msisdn/info/quota', payload: {}, headers: user })).json()
        .remainingCount as number;
    const before = await quota();
    await upload('numbers.pdf', '79161234567');
    expect(await quota()).toBe(before);
    await upload('numbers.csv', '79161234567\n79261234567\n79031234567\n');
    expect(await quota()).toBe(before - 1);
  });
});
