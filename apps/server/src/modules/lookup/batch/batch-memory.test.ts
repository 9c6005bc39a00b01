import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceXlsxCells } from '../../../../test/batch-reference';
import { cellsOfXlsx, createLookupApp, signIn, uploadBatch, withoutTrailingBlanks } from '../../../../test/lookup';
import { HttpProblem } from '../../../lib/problem';
import type { TestApp } from '../../../test/app';
import type { BatchLimits } from './input';
import { readXlsxBatch } from './read-xlsx';
import { xlsxResult } from './write-xlsx';
import { workbookParts, zipOf } from './xlsx';
import { largeXlsx } from './xlsx-fixture';
import { XlsxArchive } from './zip-guard';

// Numbers of the demo plan: ported, in a range, in no range; and one that is not a number.
const NUMBERS = ['79261234567', '79260000000', '79400000000', '79030000001', 'нет номера', '79161234567'];

async function drain(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A workbook whose shared-strings table is `tableBytes` of strings the sheet never uses, besides the
 * few it does: a sheet can point into a table that serves a whole workbook.
 */
function hugeTableXlsx(tableBytes: number): Buffer {
  const used = ['Номер', 'Комментарий', ...NUMBERS.map((n) => `+7 ${n.slice(1)}`), 'Иван & Пётр'];
  const strings: string[] = [...used];
  let size = 0;
  for (let i = 0; size < tableBytes; i++) {
    const si = `<si><t>неиспользуемая строка № ${i}</t></si>`;
    strings.push(si);
    size += Buffer.byteLength(si);
  }
  const sst = `<sst>${used.map((s) => `<si><t>${s.replace('&', '&amp;')}</t></si>`).join('')}${strings.slice(used.length).join('')}</sst>`;
  const cell = (i: number) => `<c t="s"><v>${i}</v></c>`;
  const rows = [`<row r="1">${cell(0)}${cell(1)}</row>`];
  for (let r = 0; r < 60; r++)
    rows.push(`<row r="${r + 2}">${cell(2 + (r % NUMBERS.length))}${cell(used.length - 1)}</row>`);
  const sheet = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows.join('')}</sheetData></worksheet>`;
  return zipOf(
    [
      ...workbookParts('Номера'),
      ['xl/worksheets/sheet1.xml', Buffer.from(sheet)],
      ['xl/sharedStrings.xml', Buffer.from(sst)],
    ],
    9,
  );
}

describe('batch XLSX files with bounded memory (decision 070)', () => {
  let t: TestApp;
  let user: Record<string, string>;
  const upload = (filename: string, content: Buffer) => uploadBatch(t, user, filename, content);
  const lookup = (m: string) => t.app.lookup.lookup(m);
  const limits = (probe: BatchLimits['probe'], more: Partial<BatchLimits> = {}): BatchLimits => ({
    maxRows: t.config.lookup.batchMaxRows,
    maxUncompressedBytes: t.config.lookup.batchMaxUncompressedBytes,
    maxZipEntries: t.config.lookup.batchMaxZipEntries,
    deadline: 600_000,
    now: () => 0,
    probe,
    ...more,
  });

  beforeAll(async () => {
    // The default limits (100 000 rows, 200 MB unpacked): the files below are inside them.
    t = await createLookupApp({ quotaSignedIn: 1000 });
    user = await signIn(t);
    await t.app.lookup.whenReady();
  });
  afterAll(async () => t.close());

  it('answers a file whose sheet unpacks 400 times its size row for row, holding a chunk and a row of it', async () => {
    // 10 000 rows of a number beside a 3 KB comment: a 30 MB sheet in a file of 79 KB (the ratio limit is 500).
    const sheetBytes = 30 * 1024 * 1024;
    const bytes = largeXlsx({ rows: 10_000, sheetBytes, number: (i) => NUMBERS[i % NUMBERS.length] as string });
    expect(bytes.length * 350).toBeLessThan(sheetBytes);
    const res = await upload('bomb.xlsx', bytes);
    expect(res.statusCode).toBe(200);
    const cells = await cellsOfXlsx(res.rawPayload);
    expect(cells).toEqual(referenceXlsxCells(bytes, lookup).map(withoutTrailingBlanks));
    expect(cells.length).toBe(10_001);
    expect([cells[1]?.[0], ...(cells[1]?.slice(2, 4) ?? [])]).toEqual(['79261234567', '79261234567', 'МТС']);
    expect(cells[5]?.at(-1)).toBe('Неверный номер');

    // The same file read and answered with a probe: each pass over the sheet held one 128 KB chunk and
    // the ~3 KB row across its edge, never the 30 MB.
    const held: Record<string, number[]> = {};
    const probe: BatchLimits['probe'] = (what, n) => {
      held[what] = [...(held[what] ?? []), n];
    };
    const input = await readXlsxBatch(bytes, limits(probe));
    const answer = await drain(xlsxResult(input, t.app.lookup.batchView()));
    expect(await cellsOfXlsx(answer)).toEqual(cells);
    expect(held.sheet).toHaveLength(2);
    for (const n of held.sheet ?? []) expect(n).toBeLessThan(128 * 1024 + 16 * 1024 + 4 * 1024);
    expect(held['shared strings']).toEqual([0]);
    // 30 MB of sheet unpacked and 10 000 rows answered: 8 s on a quiet machine, 31 s on a busy one of two cores.
  }, 120_000);

  it('copies long plain text into the answer as bytes, keeping spaces at either end and guarding formulas', async () => {
    const padded = ` ${'я'.repeat(600)} `;
    const formula = `=${'x'.repeat(1100)}`;
    const cell = (text: string) => `<c t="str"><v>${text}</v></c>`;
    const sheet = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1">${cell('79261234567')}${cell(padded)}${cell(formula)}</row></sheetData></worksheet>`;
    const bytes = zipOf([...workbookParts('Номера'), ['xl/worksheets/sheet1.xml', Buffer.from(sheet)]], 6);
    const res = await upload('long.xlsx', bytes);
    expect(res.statusCode).toBe(200);
    const xml = XlsxArchive.open(res.rawPayload, { maxEntries: 10, maxUncompressedBytes: 1 << 20 })
      .whole('xl/worksheets/sheet1.xml', 1 << 20)
      ?.toString('utf8');
    expect(xml).toContain(`<is><t xml:space="preserve">${padded}</t></is>`);
    expect(xml).toContain(`<is><t>'${formula}</t></is>`);
    expect((await cellsOfXlsx(res.rawPayload))[1]?.slice(0, 4)).toEqual([
      '79261234567',
      padded,
      `'${formula}`,
      '79261234567',
    ]);
  });

  it('keeps only the shared strings the sheet uses from a huge table, and refuses more than the budget', async () => {
    // A 12 MB table (more than half the 16 MB budget: read whole it could not be bounded) of which the
    // sheet uses nine strings.
    const bytes = hugeTableXlsx(12 * 1024 * 1024);
    const res = await upload('table.xlsx', bytes);
    expect(res.statusCode).toBe(200);
    const cells = await cellsOfXlsx(res.rawPayload);
    expect(cells).toEqual(referenceXlsxCells(bytes, lookup).map(withoutTrailingBlanks));
    expect(cells[1]?.slice(0, 4)).toEqual(["'+7 9261234567", 'Иван & Пётр', '79261234567', 'МТС']);

    const held: Record<string, number> = {};
    await readXlsxBatch(
      bytes,
      limits((what, n) => {
        held[what] = n;
      }),
    );
    // Nine strings of a few dozen bytes, and 8 bytes each to find them.
    expect(held['shared strings']).toBeLessThan(9 * 40);
    // With a budget smaller than the strings the rows use, the file is refused as too large (413).
    const refused = await readXlsxBatch(bytes, limits(undefined, { maxSharedStringBytes: 100 })).catch((e) => e);
    expect(refused).toBeInstanceOf(HttpProblem);
    expect(refused.status).toBe(413);
    expect(refused.errors.File[0]).toMatch(/^В файле XLSX слишком много разного текста/);
  });
});
