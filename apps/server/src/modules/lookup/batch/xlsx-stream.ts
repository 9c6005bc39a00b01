/**
 * Reading an XLSX sheet and its shared strings as they unpack (decision 070): the XML arrives in
 * chunks and is cut into whole elements (`<row>…</row>`, `<si>…</si>`), each handed over while it is
 * in memory and then forgotten. What a batch holds of a sheet is one chunk and one row, whatever the
 * sheet unpacks to; of the shared strings, the ones the rows can use, packed as UTF-8 bytes.
 */
import { decodeXml, textOf } from './xlsx';

const GT = 62;
const SLASH = 47;
const QUOTE = 34;

/** The most a single row or shared string may take as XML: a real one is a few kilobytes. */
export const MAX_ELEMENT_BYTES = 1024 * 1024;
/** Excel's last column is XFD; a cell past it is not a sheet's. */
export const MAX_COLUMNS = 16_384;

/** A file the reader cannot take; the message is Russian and safe to show. */
export class SheetRefused extends Error {
  constructor(
    message: string,
    /** Too large rather than broken (413 rather than 400). */
    readonly tooLarge = false,
  ) {
    super(message);
  }
}

function isDigits(buf: Buffer, from: number, to: number): boolean {
  if (from >= to) return false;
  for (let p = from; p < to; p++) {
    const b = buf[p] as number;
    if (b < 48 || b > 57) return false;
  }
  return true;
}

/** Where the value of a one-letter attribute (` r="…"`) starts inside [from, to), or -1. */
function attrStart(buf: Buffer, from: number, to: number, letter: number): number {
  for (let p = from; p + 3 < to; p++) {
    if (buf[p] === 32 && buf[p + 1] === letter && buf[p + 2] === 61 && buf[p + 3] === QUOTE) return p + 4;
  }
  return -1;
}

/**
 * Where `needle` starts in [from, to), or -1. The first stretch is searched by a loop here, which beats
 * Buffer#indexOf for the short hops between tags (the native call costs more than scanning a few dozen
 * bytes); past it the native search takes over, several times faster across a long row or cell.
 */
function seek(buf: Buffer, needle: Buffer, from: number, to: number): number {
  const first = needle[0] as number;
  const last = to - needle.length;
  const near = Math.min(last, from + 64);
  outer: for (let p = from; p <= near; p++) {
    if (buf[p] !== first) continue;
    for (let k = 1; k < needle.length; k++) if (buf[p + k] !== needle[k]) continue outer;
    return p;
  }
  if (near >= last) return -1;
  const at = buf.indexOf(needle, near + 1);
  return at >= 0 && at <= last ? at : -1;
}

/** The value of the decimal digits [from, to) (an `r` attribute, a shared-string index), NaN if there are none or others. */
function decimal(buf: Buffer, from: number, to: number): number {
  if (from >= to) return Number.NaN;
  let n = 0;
  for (let p = from; p < to; p++) {
    const c = buf[p] as number;
    if (c < 48 || c > 57) return Number.NaN;
    n = n * 10 + (c - 48);
  }
  return n;
}

function seekByte(buf: Buffer, byte: number, from: number, to: number): number {
  for (let p = from; p < to; p++) if (buf[p] === byte) return p;
  return -1;
}

function bytesAt(buf: Buffer, at: number, text: Buffer): boolean {
  if (at + text.length > buf.length) return false;
  for (let i = 0; i < text.length; i++) if (buf[at + i] !== text[i]) return false;
  return true;
}

/**
 * Cuts XML arriving in chunks into whole elements. `onElement(buf, open, gt, end)` gets the element
 * starting at `open` whose start tag ends at `gt` and whose content ends at `end` (`end === gt`: the
 * element closes itself); the window is valid during the call only. After `endMarker` nothing more is
 * read. Holds at most one chunk and the unfinished element before it; an element larger than
 * MAX_ELEMENT_BYTES is refused.
 */
export class ElementSplitter {
  private carry = Buffer.alloc(0);
  private carried = 0;
  private finished = false;
  /** The most bytes held at once (the chunk and the carried part of an element), for the tests' probe. */
  held = 0;

  constructor(
    private readonly open: Buffer,
    private readonly close: Buffer,
    private readonly endMarker: Buffer | null,
    private readonly onElement: (buf: Buffer, open: number, gt: number, end: number) => void,
    private readonly tooLong: string,
  ) {}

  push(chunk: Buffer): void {
    let from = 0;
    // The element the last chunk ended in is finished with as little of this one as it needs: up to
    // the first end tag. The rest of the chunk is cut where it lies, without a copy.
    while (!this.finished && this.carried > 0 && from < chunk.length) {
      const close = chunk.indexOf(this.close, from);
      const head = close < 0 ? chunk.length : close + this.close.length;
      const length = this.carried + head - from;
      if (length > this.carry.length) {
        const bigger = Buffer.allocUnsafe(length + 16 * 1024);
        this.carry.copy(bigger, 0, 0, this.carried);
        this.carry = bigger;
      }
      chunk.copy(this.carry, this.carried, from, head);
      this.held = Math.max(this.held, this.carry.length + chunk.length);
      const rest = this.cut(this.carry, length, false, 0);
      const unfinished = length - rest;
      if (unfinished <= head - from) {
        // What is left unfinished lies in this chunk: go on from there.
        from = head - unfinished;
        this.carried = 0;
        break;
      }
      this.carry.copyWithin(0, rest, length);
      this.carried = unfinished;
      from = head;
    }
    if (this.finished || this.carried > 0) return;
    this.held = Math.max(this.held, this.carry.length + chunk.length);
    const rest = this.cut(chunk, chunk.length, false, from);
    const keep = chunk.length - rest;
    if (keep > this.carry.length) this.carry = Buffer.allocUnsafe(keep + 16 * 1024);
    chunk.copy(this.carry, 0, rest, chunk.length);
    this.carried = keep;
  }

  /** The last element, even when the file ends inside it. */
  end(): void {
    if (!this.finished && this.carried > 0) this.cut(this.carry, this.carried, true, 0);
    this.carried = 0;
    this.finished = true;
  }

  private check(bytes: number): void {
    if (bytes > MAX_ELEMENT_BYTES) throw new SheetRefused(this.tooLong, true);
  }

  /** Hands over every whole element in buf[0, length); returns where the unfinished rest starts. */
  private cut(buf: Buffer, length: number, final: boolean, from: number): number {
    const marker = this.endMarker;
    let pos = from;
    for (;;) {
      const open = seek(buf, this.open, pos, length);
      if (marker && seek(buf, marker, pos, open < 0 ? length : open) >= 0) {
        this.finished = true;
        return length;
      }
      // Keep a tail that may be the beginning of the next start tag or of the end marker.
      if (open < 0) return final ? length : Math.max(pos, length - Math.max(this.open.length, marker?.length ?? 0) + 1);
      const gt = seekByte(buf, GT, open, length);
      if (gt < 0) {
        this.check(length - open);
        return final ? length : open;
      }
      if (buf[gt - 1] === SLASH) {
        this.onElement(buf, open, gt, gt);
        pos = gt + 1;
        continue;
      }
      const close = seek(buf, this.close, gt, length);
      if (close < 0) {
        // No end tag yet: the element runs to the end marker, to the end of the file, or on into the next chunk.
        const stop = marker ? seek(buf, marker, gt, length) : -1;
        if (stop >= 0 || final) {
          const end = stop >= 0 ? stop : length;
          this.check(end - open);
          this.onElement(buf, open, gt, end);
          this.finished = true;
          return length;
        }
        this.check(length - open);
        return open;
      }
      this.check(close + this.close.length - open);
      this.onElement(buf, open, gt, close);
      pos = close + this.close.length;
    }
  }
}

/** Which shared strings the first sheet uses: one bit an index, up to a bound the table's size sets. */
export class IndexSet {
  private bits = new Uint8Array(1024);

  constructor(private readonly limit: number) {}

  add(index: number): void {
    if (index >= this.limit) return;
    const byte = index >>> 3;
    if (byte >= this.bits.length) {
      const bigger = new Uint8Array(Math.max(byte + 1, this.bits.length * 2));
      bigger.set(this.bits);
      this.bits = bigger;
    }
    this.bits[byte] = (this.bits[byte] as number) | (1 << (index & 7));
  }

  has(index: number): boolean {
    return (((this.bits[index >>> 3] ?? 0) >> (index & 7)) & 1) === 1;
  }
}

const SI_OPEN = Buffer.from('<si');
const SI_CLOSE = Buffer.from('</si>');

/**
 * The shared strings a sheet's cells point to, as UTF-8 bytes in one buffer: a string costs its
 * bytes and 4 (8 when only some are kept), not a JS string and an array slot each. Every string by
 * its position, or (`keep`) only the marked ones, found by bisection.
 */
export class SharedStringTable {
  private arena = Buffer.alloc(0);
  private used = 0;
  private starts = new Uint32Array(1024);
  private ids: Uint32Array | null;
  private count = 0;

  /** `keep`: the strings to keep (bisected by index), null for all of them (by position). */
  constructor(
    keep: IndexSet | null,
    private readonly maxBytes: number,
  ) {
    this.ids = keep ? new Uint32Array(1024) : null;
  }

  /** What the table holds, in bytes. */
  get bytes(): number {
    return this.used + (this.ids ? 8 : 4) * this.count;
  }

  /** Reads `<si>` elements from the shared-strings part as it unpacks; `next` runs between chunks (pace, deadline). */
  static async read(
    chunks: AsyncIterable<Buffer>,
    keep: IndexSet | null,
    maxBytes: number,
    next: () => Promise<void>,
  ): Promise<SharedStringTable> {
    const table = new SharedStringTable(keep, maxBytes);
    let index = 0;
    const splitter = new ElementSplitter(
      SI_OPEN,
      SI_CLOSE,
      null,
      (buf, _open, gt, end) => {
        const i = index++;
        if (keep && !keep.has(i)) return;
        table.add(i, end === gt ? '' : textOf(buf.toString('utf8', gt + 1, end)));
      },
      'Таблица в файле XLSX слишком большая: в одной ячейке слишком много текста.',
    );
    for await (const chunk of chunks) {
      splitter.push(chunk);
      await next();
    }
    splitter.end();
    return table;
  }

  private add(index: number, text: string): void {
    const bytes = Buffer.byteLength(text);
    if (this.bytes + bytes + 8 > this.maxBytes) {
      throw new SheetRefused(
        'В файле XLSX слишком много разного текста. Оставьте в таблице только нужные столбцы (например, один с номерами).',
        true,
      );
    }
    if (this.used + bytes > this.arena.length) {
      const bigger = Buffer.allocUnsafe(Math.max(64 * 1024, this.used + bytes, this.arena.length * 2));
      this.arena.copy(bigger, 0, 0, this.used);
      this.arena = bigger;
    }
    if (this.count + 2 > this.starts.length) this.starts = grow(this.starts);
    this.arena.write(text, this.used);
    this.used += bytes;
    if (this.ids) {
      if (this.count + 1 > this.ids.length) this.ids = grow(this.ids);
      this.ids[this.count] = index;
    }
    this.count++;
    this.starts[this.count] = this.used;
  }

  /** The string at `index`, '' when there is none (as an index past the table always read). */
  get(index: number): string {
    let k = index;
    if (this.ids) {
      let lo = 0;
      let hi = this.count - 1;
      k = -1;
      while (lo <= hi) {
        const mid = (lo + hi) >>> 1;
        const id = this.ids[mid] as number;
        if (id === index) {
          k = mid;
          break;
        }
        if (id < index) lo = mid + 1;
        else hi = mid - 1;
      }
    }
    if (k < 0 || k >= this.count) return '';
    return this.arena.toString('utf8', this.starts[k] as number, this.starts[k + 1] as number);
  }
}

function grow<T extends Uint8Array | Uint32Array>(array: T): T {
  const bigger = new (array.constructor as new (n: number) => T)(array.length * 2);
  bigger.set(array);
  return bigger;
}

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
