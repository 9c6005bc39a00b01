import type { Readable } from 'node:stream';
import type { BatchView } from '../index/engine';
import { answerCache, answerCells, neutralise, outputHeader } from './answer';
import { Chunks } from './chunks';
import { BLANK, INVALID, type XlsxBatch } from './input';
import { Pacer } from './pace';
import { CHUNK_BYTES } from './read-xlsx';
import { type SheetRow, SheetRows } from './sheet-rows';
import { columnName, type SharedStrings, xlsxStream } from './xlsx';

// Text cells this long (at least 256 characters: never a shared string) are copied as bytes when they
// can be (SheetRow.plainText) and do not start as a formula.
const COPIED_TEXT_BYTES = 1024;
const FORMULA_START = new Uint8Array(256);
for (const c of '=+-@\t\r') FORMULA_START[c.charCodeAt(0)] = 1;

/**
 * A row's answer cells after the number (columns width+1 …) as a template: the bytes with the row
 * number left out at `cuts`. A cell right after a written one goes without its reference (readers
 * take it as the next column, as the format allows); the first one of a row and one after a gap
 * carry it (`H17`). `afterNumber`: the number's cell was written just before.
 */
interface Template {
  bytes: Buffer;
  cuts: number[];
}

function template(cells: string[], firstCol: number, shared: SharedStrings, afterNumber: boolean): Template {
  const parts: Buffer[] = [];
  const cuts: number[] = [];
  let length = 0;
  let previous = afterNumber ? -1 : -2;
  cells.forEach((cell, j) => {
    if (cell === '') return;
    const body = shared.cellBody(cell);
    if (previous === j - 1) {
      const whole = Buffer.from(`<c${body}`);
      parts.push(whole);
      length += whole.length;
    } else {
      const head = Buffer.from(`<c r="${columnName(firstCol + j)}`);
      const tail = Buffer.from(`"${body}`);
      parts.push(head, tail);
      length += head.length;
      cuts.push(length);
      length += tail.length;
    }
    previous = j;
  });
  return { bytes: Buffer.concat(parts), cuts };
}

/**
 * The result as an XLSX workbook streamed as it is written; cells are text, never formulas. The input
 * rows are read again from the upload as they unpack (decision 070): one chunk and one row at a time.
 */
export function xlsxResult(input: XlsxBatch, view: BatchView): Readable {
  const { numbers, width, first } = input;
  async function* sheetData(shared: SharedStrings, spare: Buffer[]): AsyncGenerator<Buffer> {
    const numberCol = Buffer.from(`<c r="${columnName(width)}`);
    const inlineOpen = Buffer.from('" t="inlineStr"><is><t>');
    const inlineNext = Buffer.from('<c t="inlineStr"><is><t>');
    const inlineClose = Buffer.from('</t></is></c>');
    const inlineOpenPreserve = Buffer.from('" t="inlineStr"><is><t xml:space="preserve">');
    const inlineNextPreserve = Buffer.from('<c t="inlineStr"><is><t xml:space="preserve">');
    const rowOpen = Buffer.from('<row r="');
    const rowOpenEnd = Buffer.from('">');
    const rowClose = Buffer.from('</row>');
    const answers = answerCache(view, (answer) => template(answerCells(answer), width + 1, shared, true));
    const status = (text: string) => template(['', '', '', '', '', text], width + 1, shared, false);
    const blank = status('Пустая строка');
    const invalid = status('Неверный номер');
    const notFound = status('Не найден');
    const columnHeads = Array.from({ length: width }, (_, c) => Buffer.from(`<c r="${columnName(c)}`));
    const out = new Chunks(spare);
    // Chunks filled while a piece of the sheet was read, handed out after it.
    const ready: Buffer[] = [];
    const put = (t: Template) => {
      let from = 0;
      for (const cut of t.cuts) {
        out.bytes(t.bytes, from, cut);
        out.row();
        from = cut;
      }
      out.bytes(t.bytes, from, t.bytes.length);
    };
    let xml = '<row r="1">';
    outputHeader(input).forEach((cell, c) => {
      xml += shared.cell(neutralise(cell), c, 1);
    });
    out.text(`${xml}</row>`);
    /** Data row `i` of the answer; `cells` is its input row, null for a row the file leaves out. */
    const writeRow = (i: number, cells: SheetRow | null) => {
      const row = i + 2;
      const columns = cells ? Math.min(width, cells.width) : 0;
      // Digits and long plain text are copied from the sheet; any other cell is written as the string
      // code writes it.
      let other: (string | [number, number])[] | null = null;
      let size = 256;
      for (let c = 0; c < columns; c++) {
        const input = cells as SheetRow;
        if (input.isDigits(c)) {
          size += input.digitsTo(c) - input.digitsFrom(c) + 64;
          continue;
        }
        const plain = input.plainText(c, COPIED_TEXT_BYTES);
        if (plain && !FORMULA_START[input.buf[plain[0]] as number]) {
          other ??= [];
          other[c] = plain;
          size += plain[1] - plain[0] + 80;
          continue;
        }
        const text = neutralise(input.text(c));
        if (text === '') continue;
        other ??= [];
        const body = shared.cellBody(text);
        other[c] = body;
        size += 3 * body.length + 24;
      }
      const n = numbers[i] as number;
      const answer = n > 0 ? answers(n) : undefined;
      const full = out.room(size + (answer?.bytes.length ?? 0) + 12 * 8);
      if (full) ready.push(full);
      out.setRow(row);
      out.all(rowOpen);
      out.row();
      out.all(rowOpenEnd);
      let previous = -2;
      for (let c = 0; c < columns; c++) {
        const body = other?.[c];
        const digits = body === undefined && (cells as SheetRow).isDigits(c);
        if (body === undefined && !digits) continue;
        const next = previous === c - 1;
        previous = c;
        if (Array.isArray(body)) {
          const input = cells as SheetRow;
          const [from, to] = body;
          // `<t>` keeps spaces at either end only with xml:space, as tElement writes it.
          const keep = input.buf[from] === 32 || input.buf[to - 1] === 32;
          if (next) out.all(keep ? inlineNextPreserve : inlineNext);
          else {
            out.all(columnHeads[c] as Buffer);
            out.row();
            out.all(keep ? inlineOpenPreserve : inlineOpen);
          }
          out.bytes(input.buf, from, to);
          out.all(inlineClose);
          continue;
        }
        if (body !== undefined) {
          if (next) out.text(`<c${body}`);
          else {
            out.all(columnHeads[c] as Buffer);
            out.row();
            out.text(`"${body}`);
          }
          continue;
        }
        if (next) out.all(inlineNext);
        else {
          out.all(columnHeads[c] as Buffer);
          out.row();
          out.all(inlineOpen);
        }
        const input = cells as SheetRow;
        out.bytes(input.buf, input.digitsFrom(c), input.digitsTo(c));
        out.all(inlineClose);
      }
      if (n === BLANK) put(blank);
      else if (n === INVALID) put(invalid);
      else {
        if (previous === width - 1) out.all(inlineNext);
        else {
          out.all(numberCol);
          out.row();
          out.all(inlineOpen);
        }
        out.integer(n);
        out.all(inlineClose);
        put(answer ?? notFound);
      }
      out.all(rowClose);
    };
    let next = 0;
    const rows = new SheetRows(input.shared, (cells) => {
      const i = cells.index - first;
      if (i < 0 || i >= input.rows) return;
      while (next < i) writeRow(next++, null);
      writeRow(next++, cells);
    });
    const pacer = new Pacer();
    for await (const chunk of input.archive.chunks(input.sheetPath, CHUNK_BYTES)) {
      rows.push(chunk);
      yield* ready;
      ready.length = 0;
      if (pacer.due) await pacer.pause();
    }
    rows.end();
    input.probe?.('sheet', rows.held);
    while (next < input.rows) writeRow(next++, null);
    yield* ready;
    if (out.pos > 0) yield out.take();
  }
  return xlsxStream('Результат', sheetData);
}
