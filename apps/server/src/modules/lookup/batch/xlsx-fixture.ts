/**
 * Bomb-like XLSX uploads that are still inside every limit: a small file whose sheet unpacks to as much
 * as the unpacked-size limit allows. The benchmark uploads the largest one the default limits accept
 * (issue 20: ~1 MB that unpacks to 200 MB); the tests use smaller ones. Not used by the server.
 */
import { workbookParts, zipOf } from './xlsx';

const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_TAIL = '</sheetData></worksheet>';
// The comment: one Cyrillic letter (two bytes) repeated, which deflate packs best; with random numbers
// and row references the default limits' largest file is ~1.4 MB (ratio ~150).
const FILLER = 'я';

function row(r: number, a: string, b: string): string {
  return `<row r="${r}"><c t="inlineStr"><is><t>${a}</t></is></c><c t="inlineStr"><is><t>${b}</t></is></c></row>`;
}

/**
 * A header row (Номер, Комментарий) and `rows` rows of a number beside a comment long enough that the
 * sheet's XML is `sheetBytes` bytes (within a few bytes), deflated at level 9.
 */
export function largeXlsx(opts: { rows: number; sheetBytes: number; number: (i: number) => string }): Buffer {
  const head = `${SHEET_HEAD}${row(1, 'Номер', 'Комментарий')}`;
  const fixed = Buffer.byteLength(head) + SHEET_TAIL.length;
  const parts: Buffer[] = [Buffer.from(head)];
  let left = opts.sheetBytes - fixed;
  for (let i = 0; i < opts.rows; i++) {
    const number = opts.number(i);
    const empty = Buffer.byteLength(row(i + 2, number, ''));
    // What is left spread over the rows still to come.
    const budget = Math.max(0, Math.floor(left / (opts.rows - i)) - empty);
    const comment = FILLER.repeat(Math.floor(budget / 2)) + '.'.repeat(budget % 2);
    const xml = Buffer.from(row(i + 2, number, comment));
    parts.push(xml);
    left -= xml.length;
  }
  parts.push(Buffer.from(SHEET_TAIL));
  return zipOf([...workbookParts('Номера'), ['xl/worksheets/sheet1.xml', Buffer.concat(parts)]], 9);
}
