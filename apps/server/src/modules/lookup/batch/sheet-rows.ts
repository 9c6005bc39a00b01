import type { SharedStringTable } from './shared-string-table';
import { decodeXml, textOf } from './xlsx';
import {
  attrStart,
  bytesAt,
  decimal,
  ElementSplitter,
  GT,
  isDigits,
  MAX_COLUMNS,
  QUOTE,
  SheetRefused,
  SLASH,
  seek,
  seekByte,
} from './xml-elements';

const ROW_OPEN = Buffer.from('<row');
const ROW_CLOSE = Buffer.from('</row>');
const SHEET_DATA_END = Buffer.from('</sheetData>');
const CELL_OPEN = Buffer.from('<c');
const CELL_CLOSE = Buffer.from('</c>');
const V_OPEN = Buffer.from('<v>');
const V_CLOSE = Buffer.from('</v>');
const INLINE_OPEN = Buffer.from('<is><t>');
const INLINE_CLOSE = Buffer.from('</t></is>');
const INLINE_STR = Buffer.from('inlineStr');

/** What a cell holds (SheetRow). */
const EMPTY = 0;
/** Digits only, kept as a byte range of the row's XML (no string per cell). */
const DIGITS = 1;
/** An index into the shared-strings table. */
const SHARED = 2;
/** Any other text, kept as a string. */
const TEXT = 3;
/** An inline string (`<is>…</is>`), kept as the byte range of its XML: decoded only if asked for. */
const INLINE = 4;
/** A text value (`t="str"` and the like: `<v>…</v>`), kept as the byte range of the value. */
const VALUE = 5;

/**
 * One row of a sheet, as the reader hands it over: its cells in a few typed arrays, digits as byte
 * ranges of `buf`. Valid only during the call that receives it.
 */
export class SheetRow {
  /** The 0-based row of the sheet. */
  index = -1;
  /** Cells in the row: the last one the file gives, empty ones included. */
  width = 0;
  /** The XML the digits cells point into. */
  buf: Buffer = Buffer.alloc(0);
  private kinds = new Uint8Array(64);
  // DIGITS: start and length in `buf`; SHARED: the index; TEXT: the index in `texts`; INLINE, VALUE: start and end.
  private a = new Uint32Array(64);
  private b = new Uint32Array(64);
  private texts: string[] = [];

  constructor(private readonly shared: SharedStringTable | null) {}

  /** A cell's text, '' past the row's end. */
  text(col: number): string {
    if (col >= this.width) return '';
    switch (this.kinds[col]) {
      case DIGITS:
        return this.buf.toString('latin1', this.a[col] as number, (this.a[col] as number) + (this.b[col] as number));
      case SHARED:
        return this.shared?.get(this.a[col] as number) ?? '';
      case TEXT:
        return this.texts[this.a[col] as number] as string;
      case INLINE:
        return textOf(this.buf.toString('utf8', this.a[col] as number, this.b[col] as number));
      case VALUE:
        return decodeXml(this.buf.toString('utf8', this.a[col] as number, this.b[col] as number));
      default:
        return '';
    }
  }

  /**
   * The bytes of a text cell of at least `minBytes` that can be copied into an answer as they are,
   * [from, to) of `buf`, or null: a single `<t>` or value without entities, markup or control characters.
   */
  plainText(col: number, minBytes: number): [number, number] | null {
    if (col >= this.width) return null;
    const kind = this.kinds[col];
    let from = this.a[col] as number;
    let to = this.b[col] as number;
    if (to - from < minBytes) return null;
    if (kind === INLINE) {
      if (!bytesAt(this.buf, from, INLINE_OPEN) || !bytesAt(this.buf, to - INLINE_CLOSE.length, INLINE_CLOSE))
        return null;
      from += INLINE_OPEN.length;
      to -= INLINE_CLOSE.length;
    } else if (kind !== VALUE) {
      return null;
    }
    const buf = this.buf;
    for (let p = from; p < to; p++) {
      const c = buf[p] as number;
      if (c === 60 || c === 38 || (c < 32 && c !== 9 && c !== 10 && c !== 13)) return null;
    }
    return [from, to];
  }

  /** The row's cells as text. */
  cellTexts(): string[] {
    return Array.from({ length: this.width }, (_, c) => this.text(c));
  }

  /** True when every cell is empty or spaces. */
  isBlank(): boolean {
    for (let c = 0; c < this.width; c++) {
      const kind = this.kinds[c];
      if (kind === DIGITS) return false;
      if (kind !== EMPTY && this.text(c).trim() !== '') return false;
    }
    return true;
  }

  /** True when the cell holds digits only (see digitsFrom, digitsTo). */
  isDigits(col: number): boolean {
    return col < this.width && this.kinds[col] === DIGITS;
  }

  /** Where a digits-only cell's bytes start in `buf`. */
  digitsFrom(col: number): number {
    return this.a[col] as number;
  }

  digitsTo(col: number): number {
    return (this.a[col] as number) + (this.b[col] as number);
  }

  /** The shared-string index of a cell that holds one, else -1. */
  sharedIndex(col: number): number {
    return col < this.width && this.kinds[col] === SHARED ? (this.a[col] as number) : -1;
  }

  /** @internal the reader's writers */
  reset(index: number, buf: Buffer): void {
    this.index = index;
    this.buf = buf;
    this.width = 0;
    this.texts.length = 0;
  }

  /** @internal sets cell `col` (earlier columns of the row filled with empty cells). */
  set(col: number, kind: number, a: number, b: number): void {
    if (col >= MAX_COLUMNS)
      throw new SheetRefused('Не удалось прочитать файл XLSX: ячейка за последним столбцом листа.');
    if (col >= this.kinds.length) {
      let size = this.kinds.length;
      while (size <= col) size *= 2;
      const kinds = new Uint8Array(size);
      const a = new Uint32Array(size);
      const b = new Uint32Array(size);
      kinds.set(this.kinds);
      a.set(this.a);
      b.set(this.b);
      this.kinds = kinds;
      this.a = a;
      this.b = b;
    }
    while (this.width <= col) this.kinds[this.width++] = EMPTY;
    this.kinds[col] = kind;
    this.a[col] = a;
    this.b[col] = b;
  }

  /** @internal */
  setText(col: number, text: string): void {
    if (text === '') {
      this.set(col, EMPTY, 0, 0);
      return;
    }
    this.texts.push(text);
    this.set(col, TEXT, this.texts.length - 1, 0);
  }
}

/**
 * A sheet's rows as its XML arrives (`push` each chunk, then `end`): `onRow` gets each row the file
 * gives, in order, placed by its `r` attribute (never before the previous one); rows the file leaves
 * out are not handed over. Digits stay byte ranges, shared strings indexes, anything unusual is
 * decoded as the text reader always did (entities, rich text, booleans, exponents).
 */
export class SheetRows {
  private readonly row: SheetRow;
  private readonly splitter: ElementSplitter;
  private count = 0;

  constructor(shared: SharedStringTable | null, onRow: (row: SheetRow) => void) {
    this.row = new SheetRow(shared);
    this.splitter = new ElementSplitter(
      ROW_OPEN,
      ROW_CLOSE,
      SHEET_DATA_END,
      (buf, open, gt, end) => {
        this.readRow(buf, open, gt, end);
        onRow(this.row);
      },
      'В файле XLSX слишком длинная строка таблицы: в ней больше 1 МБ данных.',
    );
  }

  /** The most sheet bytes held at once. */
  get held(): number {
    return this.splitter.held;
  }

  push(chunk: Buffer): void {
    this.splitter.push(chunk);
  }

  end(): void {
    this.splitter.end();
  }

  private readRow(buf: Buffer, open: number, gt: number, rowEnd: number): void {
    const rAt = attrStart(buf, open, gt, 114);
    // Digits only, as Excel writes it (anything else places the row after the previous one).
    const r = rAt < 0 ? Number.NaN : decimal(buf, rAt, seekByte(buf, QUOTE, rAt, gt));
    const index = r - 1 > this.count ? r - 1 : this.count;
    this.count = index + 1;
    const row = this.row;
    row.reset(index, buf);
    let next = 0;
    let j = gt + 1;
    while (j < rowEnd) {
      const c = seek(buf, CELL_OPEN, j, rowEnd);
      if (c < 0) break;
      const cgt = seekByte(buf, GT, c, rowEnd);
      if (cgt < 0) break;
      const refAt = attrStart(buf, c, cgt, 114);
      const col = refAt < 0 ? next : columnAt(buf, refAt);
      const tAt = attrStart(buf, c, cgt, 116);
      const tEnd = tAt < 0 ? -1 : seekByte(buf, QUOTE, tAt, cgt);
      if (buf[cgt - 1] === SLASH) {
        j = cgt + 1;
        if (col >= 0) row.set(col, EMPTY, 0, 0);
      } else {
        let cend = seek(buf, CELL_CLOSE, cgt, rowEnd);
        if (cend < 0) cend = rowEnd;
        j = cend + 4;
        if (col >= 0) readCell(buf, row, col, cgt + 1, cend, tAt, tEnd);
      }
      if (col >= 0) next = Math.max(next, col + 1);
    }
  }
}

/** The 0-based column of a cell reference such as `AB12`; -1 when it starts with no letter. */
function columnAt(buf: Buffer, at: number): number {
  let n = 0;
  for (let p = at; n <= MAX_COLUMNS; p++) {
    const c = buf[p] as number;
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n - 1;
}

function readCell(buf: Buffer, row: SheetRow, col: number, from: number, to: number, tAt: number, tEnd: number): void {
  const tLength = tEnd - tAt;
  const type = tAt < 0 ? '' : tLength === 1 ? String.fromCharCode(buf[tAt] as number) : null;
  if (tLength === 9 && bytesAt(buf, tAt, INLINE_STR)) {
    // <is><t>79161234567</t></is>: the common case, kept as bytes.
    const start = from + INLINE_OPEN.length;
    const close = to - INLINE_CLOSE.length;
    if (bytesAt(buf, from, INLINE_OPEN) && bytesAt(buf, close, INLINE_CLOSE) && isDigits(buf, start, close)) {
      row.set(col, DIGITS, start, close - start);
    } else {
      row.set(col, INLINE, from, to);
    }
    return;
  }
  const vs = seek(buf, V_OPEN, from, to);
  const vFrom = vs + 3;
  const vTo = vs < 0 ? -1 : seek(buf, V_CLOSE, vFrom, to);
  if (vTo >= 0 && isDigits(buf, vFrom, vTo)) {
    if (type === 's' && vTo - vFrom < 10) {
      row.set(col, SHARED, decimal(buf, vFrom, vTo), 0);
      return;
    }
    if (type !== 's' && type !== 'b') {
      row.set(col, DIGITS, vFrom, vTo - vFrom);
      return;
    }
  }
  const t = type ?? buf.toString('utf8', tAt, tEnd);
  if (vTo >= 0 && t !== 's' && t !== 'b' && t !== '' && t !== 'n' && t !== 'inlineStr') {
    // Text as a value (`t="str"`): decoded only if asked for.
    row.set(col, VALUE, vFrom, vTo);
    return;
  }
  // Anything else: as the text reader always read it.
  const inner = buf.toString('utf8', from, to);
  const v = inner.indexOf('<v>');
  const raw = v < 0 ? '' : decodeXml(inner.slice(v + 3, inner.indexOf('</v>', v)));
  if (t === 's') {
    // The table at Number(raw), as the string reader looked it up ('' when that is no index).
    const index = Number(raw);
    if (Number.isInteger(index) && index >= 0 && index < 0xffffffff) row.set(col, SHARED, index, 0);
    else row.setText(col, '');
    return;
  }
  let value: string;
  if (t === 'inlineStr') value = textOf(inner);
  else if (t === 'b') value = raw === '1' ? 'TRUE' : 'FALSE';
  else if (t === '' || t === 'n') value = /e/i.test(raw) ? String(Number(raw)) : raw;
  else value = raw;
  row.setText(col, value);
}
