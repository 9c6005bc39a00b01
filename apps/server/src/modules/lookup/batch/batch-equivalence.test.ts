import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReferenceRefusal, referenceCsv, referenceXlsxCells } from '../../../../test/batch-reference';
import { cellsOfXlsx, createLookupApp, signIn, uploadBatch, withoutTrailingBlanks } from '../../../../test/lookup';
import type { TestApp } from '../../../test/app';

// Numbers of the demo plan: ported (79261234567), in a range, in no range (79400000000).
const KNOWN = ['79261234567', '79260000000', '79400000000', '79030000001', '79990000000', '79161234567'];

const msisdn = fc.oneof(
  fc.constantFrom(...KNOWN),
  fc.integer({ min: 0, max: 999_999_999 }).map((n) => `79${String(n).padStart(9, '0')}`),
  fc.constantFrom('73412000000', '78005553535', '74951234567', '77011234567'),
);

/** A number in one of the ways people write it. */
const notation = fc.tuple(msisdn, fc.integer({ min: 0, max: 7 })).map(([m, form]) => {
  const d = m.slice(1);
  switch (form) {
    case 0:
      return m;
    case 1:
      return `+7 ${d.slice(0, 3)} ${d.slice(3, 6)}-${d.slice(6, 8)}-${d.slice(8)}`;
    case 2:
      return `8 (${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6, 8)}-${d.slice(8)}`;
    case 3:
      return d;
    case 4:
      return `8${d}`;
    case 5:
      return `+7.${d.slice(0, 3)}.${d.slice(3)}`;
    case 6:
      return ` +7(${d.slice(0, 3)})${d.slice(3)} `;
    default:
      return `-${m}`;
  }
});

const other = fc.constantFrom(
  '',
  ' ',
  '12345',
  'abc',
  'Иван',
  'Пётр Ёлкин',
  '=HYPERLINK("http://evil")',
  '@SUM(A1)',
  '+',
  '-5',
  '+8 916 123 45 67',
  '+79161234567+',
  '7 (7172) 12-34-56',
  '916123456',
  '891612345678',
  'ООО "Т2 МОБАЙЛ"',
  'a,b',
  'x\u00a0y',
  '\u00a0',
  '(((',
  '1.5e3',
);

const cell = fc.oneof({ weight: 3, arbitrary: notation }, { weight: 2, arbitrary: other });

/** Windows-1251 for the letters used here (Russian, ASCII, no-break space). */
function cp1251(text: string): Buffer {
  return Buffer.from(
    Array.from(text, (ch) => {
      const c = ch.charCodeAt(0);
      if (c < 0x80 || c === 0xa0) return c;
      if (c >= 0x410 && c <= 0x44f) return c - 0x410 + 0xc0;
      if (c === 0x401) return 0xa8;
      if (c === 0x451) return 0xb8;
      return 0x3f;
    }),
  );
}

const textFile = fc
  .record({
    format: fc.constantFrom('csv' as const, 'txt' as const),
    separator: fc.constantFrom(';', ',', '\t'),
    header: fc.boolean(),
    rows: fc.array(
      fc.record({
        cells: fc.array(cell, { minLength: 1, maxLength: 4 }),
        quoted: fc.boolean(),
        end: fc.constantFrom('\n', '\r\n', '\r'),
      }),
      { minLength: 0, maxLength: 25 },
    ),
    boms: fc.integer({ min: 0, max: 2 }),
    windows1251: fc.boolean(),
    trailing: fc.constantFrom('', '\n', '\r\n\r\n', '\n  \n'),
  })
  .map((f) => {
    const lines = f.rows.map(
      (r) => r.cells.map((c) => (r.quoted && c !== '' ? `"${c.replace(/"/g, '""')}"` : c)).join(f.separator) + r.end,
    );
    const text = `${f.header ? `Имя${f.separator}Телефон\r\n` : ''}${lines.join('')}${f.trailing}`;
    const body = f.windows1251 ? cp1251(text) : Buffer.from(text);
    const bom = Buffer.from('\uFEFF'.repeat(f.windows1251 ? 0 : f.boms));
    return { format: f.format, bytes: Buffer.concat([bom, body]) };
  });

type XlsxValue = string | number | boolean | null | { formula: string; result: number };

const xlsxCell: fc.Arbitrary<XlsxValue> = fc.oneof(
  { weight: 3, arbitrary: notation },
  { weight: 2, arbitrary: other },
  { weight: 1, arbitrary: fc.constantFrom(79261234567, 9161234567, 12345, 1.5, 0) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, ' padded ', 'a & b <c>', { formula: '1+1', result: 2 }) },
  // Long text, which the answer copies as bytes when it can (decision 070): spaces at either end,
  // a formula start, entities, Cyrillic, a line break.
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      ` ${'x'.repeat(1100)} `,
      `=${'я'.repeat(600)}`,
      `-${'7'.repeat(1100)}`,
      'a & b < c > d "e" '.repeat(80),
      'Иван Петров\n'.repeat(100),
      `${'Комментарий к номеру '.repeat(60)}+`,
    ),
  },
);

const xlsxFile = fc.record({
  header: fc.boolean(),
  rows: fc.array(fc.array(xlsxCell, { minLength: 0, maxLength: 4 }), { minLength: 1, maxLength: 15 }),
  sharedStrings: fc.boolean(),
});

async function xlsxOf(rows: XlsxValue[][], sharedStrings: boolean): Promise<Buffer> {
  if (sharedStrings) {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Номера');
    for (const row of rows) sheet.addRow(row);
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }
  // The streaming writer without shared strings writes text in place (`t="str"`).
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((r) => out.on('end', r));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet('Номера');
  for (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();
  await done;
  return Buffer.concat(chunks);
}

describe('batch lookup answers exactly what the simple string code answered', () => {
  let t: TestApp;
  let user: Record<string, string>;
  const upload = (filename: string, content: Buffer) => uploadBatch(t, user, filename, content);
  const lookup = (m: string) => t.app.lookup.lookup(m);

  beforeAll(async () => {
    t = await createLookupApp({ batchMaxRows: 1000, batchMaxBytes: 4 * 1024 * 1024, quotaSignedIn: 1_000_000 });
    user = await signIn(t);
    await t.app.lookup.whenReady();
  });
  afterAll(async () => t.close());

  it('CSV and TXT: byte for byte, for random files with bad rows, blanks, BOMs, CRLF, quotes, Windows-1251', async () => {
    await fc.assert(
      fc.asyncProperty(textFile, async ({ format, bytes }) => {
        const res = await upload(`numbers.${format}`, bytes);
        let expected: Buffer;
        try {
          expected = referenceCsv(bytes, format, lookup);
        } catch (err) {
          if (!(err instanceof ReferenceRefusal)) throw err;
          expect(res.statusCode).toBe(400);
          expect(res.json().errors.File).toEqual([err.message]);
          return;
        }
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload.toString('utf8')).toBe(expected.toString('utf8'));
        expect(res.rawPayload.equals(expected)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('XLSX: cell for cell, for random sheets of numbers, words, blanks, booleans, formulas', async () => {
    await fc.assert(
      fc.asyncProperty(xlsxFile, async ({ header, rows, sharedStrings }) => {
        const bytes = await xlsxOf(header ? [['Имя', 'Телефон'], ...rows] : rows, sharedStrings);
        const res = await upload('numbers.xlsx', bytes);
        let expected: string[][];
        try {
          expected = referenceXlsxCells(bytes, lookup).map(withoutTrailingBlanks);
        } catch (err) {
          if (!(err instanceof ReferenceRefusal)) throw err;
          expect(res.statusCode).toBe(400);
          expect(res.json().errors.File).toEqual([err.message]);
          return;
        }
        expect(res.statusCode).toBe(200);
        expect(await cellsOfXlsx(res.rawPayload)).toEqual(expected);
      }),
      { numRuns: 60 },
    );
  });

  it('the same for a file of many rows, across output chunks', async () => {
    // A long run of digits in each row (a plain cell, not a number) takes the answer past 1 MB.
    const filler = '0123456789'.repeat(150);
    const numbers = Array.from({ length: 999 }, (_, i) =>
      i % 7 === 0 ? 'не номер' : `+7 926 ${String(i).padStart(3, '0')}-45-67`,
    );
    const csv = Buffer.from(
      `Номер;Имя\r\n${numbers.map((n, i) => `${n};${i % 3 ? filler : `Имя ${i}`}`).join('\r\n')}\r\n`,
    );
    const res = await upload('many.csv', csv);
    expect(res.rawPayload.length).toBeGreaterThan(1024 * 1024);
    expect(res.rawPayload.equals(referenceCsv(csv, 'csv', lookup))).toBe(true);
    const xlsx = await xlsxOf(
      numbers.map((n, i) => [n, i % 3 ? filler : i]),
      false,
    );
    const answer = await upload('many.xlsx', xlsx);
    expect(await cellsOfXlsx(answer.rawPayload)).toEqual(referenceXlsxCells(xlsx, lookup).map(withoutTrailingBlanks));
  });
});
