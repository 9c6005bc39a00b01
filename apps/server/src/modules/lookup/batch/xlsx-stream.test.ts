import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IndexSet, SharedStringTable } from './shared-string-table';
import { type SheetRow, SheetRows } from './sheet-rows';
import { MAX_ELEMENT_BYTES, SheetRefused } from './xml-elements';

const HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const TAIL = '</sheetData><rowBreaks count="1"><brk id="3"/></rowBreaks></worksheet>';

/** What a handed-over row holds, as plain values to compare. */
function seen(row: SheetRow) {
  return {
    index: row.index,
    width: row.width,
    cells: row.cellTexts(),
    digits: Array.from({ length: row.width }, (_, c) => row.isDigits(c)),
    shared: Array.from({ length: row.width }, (_, c) => row.sharedIndex(c)),
  };
}

/** The rows of `xml` fed in pieces cut at `cuts` (byte offsets). */
function rowsOf(xml: Buffer, cuts: number[], shared: SharedStringTable | null = null) {
  const out: ReturnType<typeof seen>[] = [];
  const rows = new SheetRows(shared, (row) => out.push(seen(row)));
  let from = 0;
  for (const cut of [...new Set(cuts)].sort((a, b) => a - b)) {
    rows.push(xml.subarray(from, cut));
    from = cut;
  }
  rows.push(xml.subarray(from));
  rows.end();
  return { rows: out, held: rows.held };
}

async function* chunksOf(xml: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let p = 0; p < xml.length; p += size) yield xml.subarray(p, p + size);
}

const cellXml = fc.oneof(
  fc.integer({ min: 0, max: 99_999_999_999 }).map((n) => `<c t="inlineStr"><is><t>${n}</t></is></c>`),
  fc.integer({ min: 0, max: 5 }).map((i) => `<c r="C{r}" t="s"><v>${i}</v></c>`),
  fc.constantFrom(
    '<c r="B{r}"><v>79161234567</v></c>',
    '<c t="str"><v>Иван &amp; Пётр</v></c>',
    '<c t="inlineStr"><is><r><t>бо</t></r><r><t xml:space="preserve">льшой </t></r></is></c>',
    '<c t="b"><v>1</v></c>',
    '<c><v>1.5E3</v></c>',
    '<c r="D{r}"/>',
    '<c r="A{r}" t="inlineStr"><is><t>+7 (916) 123-45-67</t></is></c>',
  ),
);

const sheetXml = fc
  .array(
    fc.record({
      gap: fc.integer({ min: 0, max: 2 }),
      withR: fc.boolean(),
      cells: fc.array(cellXml, { maxLength: 5 }),
    }),
    { maxLength: 12 },
  )
  .map((rows) => {
    let r = 0;
    const xml = rows.map((row) => {
      r += 1 + row.gap;
      const open = row.withR ? `<row r="${r}" spans="1:4">` : '<row>';
      if (row.cells.length === 0) return row.withR ? `<row r="${r}"/>` : '<row/>';
      return `${open}${row.cells.map((c) => c.replaceAll('{r}', String(r))).join('')}</row>`;
    });
    return Buffer.from(`${HEAD}${xml.join('')}${TAIL}`);
  });

describe('reading a sheet as it unpacks', () => {
  it('hands over the same rows whatever the chunk boundaries', async () => {
    const shared = await SharedStringTable.read(
      chunksOf(Buffer.from('<sst><si><t>ноль</t></si><si/><si><t>два</t></si><si><t>  </t></si></sst>'), 7),
      null,
      1024,
      async () => undefined,
    );
    fc.assert(
      fc.property(sheetXml, fc.array(fc.nat(), { maxLength: 30 }), (xml, cuts) => {
        const whole = rowsOf(xml, [], shared).rows;
        const pieces = rowsOf(
          xml,
          cuts.map((c) => c % (xml.length + 1)),
          shared,
        ).rows;
        expect(pieces).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  });

  it('places rows by `r`, never before the previous one, and stops at the end of sheetData', () => {
    const xml = Buffer.from(
      `${HEAD}<row r="3"><c t="inlineStr"><is><t>79161234567</t></is></c></row><row r="2"><c t="inlineStr"><is><t>x</t></is></c></row><row><c r="C9"><v>5</v></c></row>${TAIL}<row r="99"/>`,
    );
    const { rows } = rowsOf(xml, [40, 41, 200]);
    expect(rows.map((r) => [r.index, r.cells])).toEqual([
      [2, ['79161234567']],
      [3, ['x']],
      [4, ['', '', '5']],
    ]);
    expect(rows[0]?.digits).toEqual([true]);
  });

  it('holds one chunk and the row across its edge, not the sheet', async () => {
    // 10 000 rows of ~2 KB: a 20 MB sheet in 128 KB chunks.
    const comment = 'я'.repeat(1000);
    const body = Array.from(
      { length: 10_000 },
      (_, i) =>
        `<row r="${i + 1}"><c t="inlineStr"><is><t>7916${String(i).padStart(7, '0')}</t></is></c><c t="inlineStr"><is><t>${comment}</t></is></c></row>`,
    );
    const xml = Buffer.from(`${HEAD}${body.join('')}${TAIL}`);
    expect(xml.length).toBeGreaterThan(20_000_000);
    let count = 0;
    let last = '';
    const rows = new SheetRows(null, (row) => {
      count++;
      last = row.text(0);
    });
    for await (const chunk of chunksOf(xml, 128 * 1024)) rows.push(chunk);
    rows.end();
    expect(count).toBe(10_000);
    expect(last).toBe('79160009999');
    // A chunk and what is left of one row before it (and 16 KB of room): nothing near the sheet's 20 MB.
    expect(rows.held).toBeLessThan(128 * 1024 + 2100 + 16 * 1024 + 1);
  });

  it('refuses a row larger than 1 MB and a cell past the last column', () => {
    const long = Buffer.from(
      `${HEAD}<row r="1"><c t="inlineStr"><is><t>${'x'.repeat(MAX_ELEMENT_BYTES)}</t></is></c></row>${TAIL}`,
    );
    expect(() => rowsOf(long, [1000, 500_000])).toThrow(SheetRefused);
    // Without an end tag the row would run to the end of the file: refused as soon as it is too long.
    const open = new SheetRows(null, () => undefined);
    open.push(Buffer.from(`${HEAD}<row r="1"><c t="inlineStr"><is><t>`));
    expect(() => {
      for (let i = 0; i < 20; i++) open.push(Buffer.alloc(64 * 1024, 0x78));
    }).toThrow(/больше 1 МБ/);
    const wide = Buffer.from(`${HEAD}<row r="1"><c r="XFE1"><v>1</v></c></row>${TAIL}`);
    expect(() => rowsOf(wide, [])).toThrow(/за последним столбцом/);
    const widest = Buffer.from(`${HEAD}<row r="1"><c r="XFD1"><v>1</v></c></row>${TAIL}`);
    expect(rowsOf(widest, []).rows[0]?.width).toBe(16_384);
  });
});

describe('shared strings', () => {
  const sst = Buffer.from(
    `<sst count="1000">${Array.from({ length: 1000 }, (_, i) => (i % 100 === 7 ? '<si/>' : `<si><r><t>строка</t></r><r><t> №${i} &lt;${i}&gt;</t></r><rPh><t>x</t></rPh></si>`)).join('')}</sst>`,
  );
  const text = (i: number) => (i % 100 === 7 ? '' : `строка №${i} <${i}>`);
  const next = async () => undefined;

  it('keeps the whole table as UTF-8 bytes, whatever the chunks', async () => {
    const table = await SharedStringTable.read(chunksOf(sst, 13), null, 1024 * 1024, next);
    for (const i of [0, 7, 8, 500, 999]) expect(table.get(i)).toBe(text(i));
    expect(table.get(1000)).toBe('');
    // The text's bytes and 4 a string, far less than a JS string and an array slot each.
    expect(table.bytes).toBeLessThan(1000 * (Buffer.byteLength(text(500)) + 4) + 1);
  });

  it('keeps only the strings the sheet points to, and refuses more than the budget', async () => {
    const keep = new IndexSet(1000);
    for (const i of [3, 500, 999, 5000]) keep.add(i);
    const table = await SharedStringTable.read(chunksOf(sst, 4096), keep, 1024 * 1024, next);
    expect([3, 500, 999, 4, 5000].map((i) => table.get(i))).toEqual([text(3), text(500), text(999), '', '']);
    expect(table.bytes).toBeLessThan(3 * 40);
    await expect(SharedStringTable.read(chunksOf(sst, 4096), null, 10_000, next)).rejects.toThrow(
      /слишком много разного текста/,
    );
  });
});
