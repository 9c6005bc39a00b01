/**
 * The small part of XLSX that batch lookup needs, written for speed: reading the first sheet's
 * cells, and writing one sheet as a stream. exceljs (the reference both are tested against) needs
 * over a minute for a million rows on a two-core machine; this needs seconds (decision 007).
 */
import { Readable } from 'node:stream';
import { constants, crc32, deflateRaw, deflateRawSync } from 'node:zlib';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeXml(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
      return Number.isFinite(code) ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[e.toLowerCase()] ?? '';
  });
}

function attr(tag: string, name: string): string | undefined {
  const at = tag.indexOf(` ${name}="`);
  if (at < 0) return undefined;
  const start = at + name.length + 3;
  return tag.slice(start, tag.indexOf('"', start));
}

/** All `<t>` texts inside an element (rich text runs), phonetic hints left out. */
export function textOf(xml: string): string {
  const clean = xml.includes('<rPh') ? xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '') : xml;
  let out = '';
  let i = 0;
  for (;;) {
    const open = clean.indexOf('<t', i);
    if (open < 0) break;
    const gt = clean.indexOf('>', open);
    if (clean[open + 2] !== '>' && clean[open + 2] !== ' ') {
      i = gt + 1;
      continue;
    }
    if (clean[gt - 1] === '/') {
      i = gt + 1;
      continue;
    }
    const close = clean.indexOf('</t>', gt);
    out += clean.slice(gt + 1, close);
    i = close + 4;
  }
  return decodeXml(out);
}

export function columnIndex(ref: string): number {
  let n = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n - 1;
}

/** The path of the workbook's first sheet, from workbook.xml and its relationships. */
export function firstSheetPath(workbookXml: string, relsXml: string): string | undefined {
  const sheetTag = /<sheet\b[^>]*>/.exec(workbookXml)?.[0];
  const id = sheetTag ? (attr(sheetTag, 'r:id') ?? /\br:id="([^"]+)"/.exec(sheetTag)?.[1]) : undefined;
  if (!id) return undefined;
  for (const m of relsXml.matchAll(/<Relationship\b[^>]*>/g)) {
    if (attr(m[0], 'Id') === id) {
      const target = attr(m[0], 'Target') ?? '';
      return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    }
  }
  return undefined;
}

/** The shared-strings table. */
export function readSharedStrings(xml: string): string[] {
  const out: string[] = [];
  let i = 0;
  for (;;) {
    const open = xml.indexOf('<si', i);
    if (open < 0) break;
    const gt = xml.indexOf('>', open);
    if (xml[gt - 1] === '/') {
      out.push('');
      i = gt + 1;
      continue;
    }
    const close = xml.indexOf('</si>', gt);
    out.push(textOf(xml.slice(gt + 1, close)));
    i = close + 5;
  }
  return out;
}

/** What a stored cell holds (SheetCells). */
const EMPTY = 0;
/** Digits only, kept as a byte range of the sheet (no string per cell). */
const DIGITS = 1;
/** An index into the shared-strings table. */
const SHARED = 2;
/** Any other text, kept as a string. */
const TEXT = 3;

const GT = 62;
const SLASH = 47;
const QUOTE = 34;

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
 * Where `needle` starts in [from, to), or -1. A loop here beats Buffer#indexOf for the short hops
 * between tags: the native call costs more than scanning a few dozen bytes.
 */
function seek(buf: Buffer, needle: Buffer, from: number, to: number): number {
  const first = needle[0] as number;
  const last = to - needle.length;
  outer: for (let p = from; p <= last; p++) {
    if (buf[p] !== first) continue;
    for (let k = 1; k < needle.length; k++) if (buf[p + k] !== needle[k]) continue outer;
    return p;
  }
  return -1;
}

function seekByte(buf: Buffer, byte: number, from: number, to: number): number {
  for (let p = from; p < to; p++) if (buf[p] === byte) return p;
  return -1;
}

const ROW_OPEN = Buffer.from('<row');
const ROW_CLOSE = Buffer.from('</row>');
const CELL_OPEN = Buffer.from('<c');
const CELL_CLOSE = Buffer.from('</c>');
const V_OPEN = Buffer.from('<v>');
const V_CLOSE = Buffer.from('</v>');

function bytesAt(buf: Buffer, at: number, text: Buffer): boolean {
  if (at + text.length > buf.length) return false;
  for (let i = 0; i < text.length; i++) if (buf[at + i] !== text[i]) return false;
  return true;
}

const INLINE_OPEN = Buffer.from('<is><t>');
const INLINE_CLOSE = Buffer.from('</t></is>');
const INLINE_STR = Buffer.from('inlineStr');

/**
 * A sheet's cells in a few typed arrays instead of a string per cell: a million rows of numbers
 * cost their bytes in the unpacked sheet and 9 bytes a cell. Rows the file leaves out are empty.
 */
export class SheetCells {
  rows = 0;
  private rowFirst = new Uint32Array(1024);
  private kinds = new Uint8Array(1024);
  private a = new Uint32Array(1024);
  private b = new Uint32Array(1024);
  private cellCount = 0;
  private readonly texts: string[] = [];

  constructor(
    /** The unpacked sheet XML the digits cells point into. */
    readonly sheet: Buffer,
    private readonly shared: string[],
  ) {}

  /** Cells in a row (the last one the file gives, empty ones included). */
  width(row: number): number {
    return (this.rowFirst[row + 1] as number) - (this.rowFirst[row] as number);
  }

  /** A cell's text, '' past the row's end. */
  text(row: number, col: number): string {
    if (col >= this.width(row)) return '';
    const i = (this.rowFirst[row] as number) + col;
    switch (this.kinds[i]) {
      case DIGITS:
        return this.sheet.toString('latin1', this.a[i] as number, (this.a[i] as number) + (this.b[i] as number));
      case SHARED:
        return this.shared[this.a[i] as number] ?? '';
      case TEXT:
        return this.texts[this.a[i] as number] as string;
      default:
        return '';
    }
  }

  /** A row's cells as text. */
  rowTexts(row: number): string[] {
    return Array.from({ length: this.width(row) }, (_, c) => this.text(row, c));
  }

  /** The index of a digits-only cell (see digitsFrom, digitsTo), or -1 when the cell holds anything else. */
  digitsAt(row: number, col: number): number {
    if (col >= this.width(row)) return -1;
    const i = (this.rowFirst[row] as number) + col;
    return this.kinds[i] === DIGITS ? i : -1;
  }

  /** Where a digits-only cell's bytes start in `sheet`. */
  digitsFrom(i: number): number {
    return this.a[i] as number;
  }

  digitsTo(i: number): number {
    return (this.a[i] as number) + (this.b[i] as number);
  }

  /** Drops rows from the end. */
  truncate(rows: number): void {
    this.rows = rows;
  }

  /** @internal the scanner's writers */
  startRow(): void {
    this.rows++;
    if (this.rows + 1 >= this.rowFirst.length) this.rowFirst = grow(this.rowFirst);
    this.rowFirst[this.rows] = this.cellCount;
  }

  /** @internal sets cell `col` of the last row (earlier columns of a row filled with empty cells). */
  set(col: number, kind: number, a: number, b: number): void {
    const first = this.rowFirst[this.rows - 1] as number;
    while (this.cellCount < first + col + 1) {
      if (this.cellCount === this.kinds.length) {
        this.kinds = grow(this.kinds);
        this.a = grow(this.a);
        this.b = grow(this.b);
      }
      this.kinds[this.cellCount] = EMPTY;
      this.cellCount++;
      this.rowFirst[this.rows] = this.cellCount;
    }
    const i = first + col;
    this.kinds[i] = kind;
    this.a[i] = a;
    this.b[i] = b;
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

function grow<T extends Uint8Array | Uint32Array>(array: T): T {
  const bigger = new (array.constructor as new (n: number) => T)(array.length * 2);
  bigger.set(array);
  return bigger;
}

/**
 * Reads a sheet's rows and cells from its unpacked XML bytes without turning the sheet into one
 * string: digits are kept as byte ranges, shared strings as indexes, anything unusual decoded as the
 * text reader always did (entities, rich text, booleans, exponents). Rows are placed by their `r`
 * attribute. `onRow` sees the row count as it grows (limits, time bound); it may throw.
 */
export function scanSheet(sheet: Buffer, shared: string[], onRow: (count: number) => void): SheetCells {
  const out = new SheetCells(sheet, shared);
  let end = sheet.indexOf('</sheetData>');
  if (end < 0) end = sheet.length;
  const size = sheet.length;
  let i = 0;
  for (;;) {
    const open = seek(sheet, ROW_OPEN, i, end);
    if (open < 0) break;
    const gt = seekByte(sheet, GT, open, size);
    if (gt < 0) break;
    const rAt = attrStart(sheet, open, gt, 114);
    const r = rAt < 0 ? out.rows + 1 : Number(sheet.toString('latin1', rAt, seekByte(sheet, QUOTE, rAt, gt)));
    // A row far below the last one must not make us fill millions of empty rows first.
    if (r - 1 > out.rows) onRow(r - 1);
    while (out.rows < r - 1) out.startRow();
    out.startRow();
    if (sheet[gt - 1] === SLASH) {
      i = gt + 1;
      onRow(out.rows);
      continue;
    }
    let rowEnd = seek(sheet, ROW_CLOSE, gt, end);
    if (rowEnd < 0) rowEnd = end;
    let next = 0;
    let j = gt + 1;
    while (j < rowEnd) {
      const c = seek(sheet, CELL_OPEN, j, rowEnd);
      if (c < 0) break;
      const cgt = seekByte(sheet, GT, c, rowEnd);
      if (cgt < 0) break;
      const refAt = attrStart(sheet, c, cgt, 114);
      const col = refAt < 0 ? next : columnAt(sheet, refAt);
      const tAt = attrStart(sheet, c, cgt, 116);
      const tEnd = tAt < 0 ? -1 : seekByte(sheet, QUOTE, tAt, cgt);
      if (sheet[cgt - 1] === SLASH) {
        j = cgt + 1;
        if (col >= 0) out.set(col, EMPTY, 0, 0);
      } else {
        let cend = seek(sheet, CELL_CLOSE, cgt, rowEnd);
        if (cend < 0) cend = rowEnd;
        j = cend + 4;
        if (col >= 0) readCell(sheet, out, col, cgt + 1, cend, tAt, tEnd, shared);
      }
      if (col >= 0) next = Math.max(next, col + 1);
    }
    i = rowEnd + 6;
    onRow(out.rows);
  }
  return out;
}

/** The 0-based column of a cell reference such as `AB12`; -1 when it starts with no letter. */
function columnAt(buf: Buffer, at: number): number {
  let n = 0;
  for (let p = at; ; p++) {
    const c = buf[p] as number;
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n - 1;
}

function readCell(
  sheet: Buffer,
  out: SheetCells,
  col: number,
  from: number,
  to: number,
  tAt: number,
  tEnd: number,
  shared: string[],
): void {
  const tLength = tEnd - tAt;
  const type = tAt < 0 ? '' : tLength === 1 ? String.fromCharCode(sheet[tAt] as number) : null;
  if (tLength === 9 && bytesAt(sheet, tAt, INLINE_STR)) {
    // <is><t>79161234567</t></is>: the common case, kept as bytes.
    const start = from + INLINE_OPEN.length;
    const close = to - INLINE_CLOSE.length;
    if (bytesAt(sheet, from, INLINE_OPEN) && bytesAt(sheet, close, INLINE_CLOSE) && isDigits(sheet, start, close)) {
      out.set(col, DIGITS, start, close - start);
    } else {
      out.setText(col, textOf(sheet.toString('utf8', from, to)));
    }
    return;
  }
  const vs = seek(sheet, V_OPEN, from, to);
  const vFrom = vs + 3;
  const vTo = vs < 0 ? -1 : seek(sheet, V_CLOSE, vFrom, to);
  if (vTo >= 0 && isDigits(sheet, vFrom, vTo)) {
    if (type === 's' && vTo - vFrom < 10) {
      out.set(col, SHARED, Number(sheet.toString('latin1', vFrom, vTo)), 0);
      return;
    }
    if (type !== 's' && type !== 'b') {
      out.set(col, DIGITS, vFrom, vTo - vFrom);
      return;
    }
  }
  // Anything else: as the text reader always read it.
  const inner = sheet.toString('utf8', from, to);
  const t = type ?? sheet.toString('utf8', tAt, tEnd);
  const v = inner.indexOf('<v>');
  const raw = v < 0 ? '' : decodeXml(inner.slice(v + 3, inner.indexOf('</v>', v)));
  let value: string;
  if (t === 'inlineStr') value = textOf(inner);
  else if (t === 's') value = shared[Number(raw)] ?? '';
  else if (t === 'b') value = raw === '1' ? 'TRUE' : 'FALSE';
  else if (t === '' || t === 'n') value = /e/i.test(raw) ? String(Number(raw)) : raw;
  else value = raw;
  out.setText(col, value);
}

// Characters XML 1.0 cannot hold at all, and the ones that need escaping.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are the point.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above.
const NEEDS_WORK = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

function escapeXml(text: string): string {
  if (!NEEDS_WORK.test(text)) return text;
  return text
    .replace(CONTROL, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** `<t>` with xml:space only where leading or trailing spaces must survive. */
function tElement(text: string): string {
  const escaped = escapeXml(text);
  const c0 = text.charCodeAt(0);
  const cn = text.charCodeAt(text.length - 1);
  return c0 === 32 || cn === 32 ? `<t xml:space="preserve">${escaped}</t>` : `<t>${escaped}</t>`;
}

// Words (operator, region, status, names) repeat from row to row and go to the shared-strings
// table; digits (the numbers themselves) are written in place. The table is capped.
const MAX_SHARED = 100_000;
const HAS_LETTER = /\p{L}/u;

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>';
const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>';
const WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>';

function workbookXml(sheetName: string): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
}

/** The parts of a one-sheet workbook around its sheet (`xl/worksheets/sheet1.xml`) and shared strings. */
export function workbookParts(sheetName: string): [string, Buffer][] {
  return [
    ['[Content_Types].xml', Buffer.from(CONTENT_TYPES)],
    ['_rels/.rels', Buffer.from(ROOT_RELS)],
    ['xl/workbook.xml', Buffer.from(workbookXml(sheetName))],
    ['xl/_rels/workbook.xml.rels', Buffer.from(WORKBOOK_RELS)],
  ];
}

interface Written {
  name: Buffer;
  offset: number;
  crc: number;
  compressed: number;
  size: number;
}

function localHeader(name: Buffer): Buffer {
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4);
  // Bit 3: sizes and CRC follow the data; bit 11: the name is UTF-8.
  h.writeUInt16LE(0x0808, 6);
  h.writeUInt16LE(8, 8);
  h.writeUInt16LE(name.length, 26);
  return Buffer.concat([h, name]);
}

function descriptor(e: Written): Buffer {
  const d = Buffer.alloc(16);
  d.writeUInt32LE(0x08074b50, 0);
  d.writeUInt32LE(e.crc >>> 0, 4);
  d.writeUInt32LE(e.compressed, 8);
  d.writeUInt32LE(e.size, 12);
  return d;
}

function centralDirectory(entries: Written[], offset: number): Buffer {
  const parts: Buffer[] = [];
  let size = 0;
  for (const e of entries) {
    const h = Buffer.alloc(46);
    h.writeUInt32LE(0x02014b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt16LE(20, 6);
    h.writeUInt16LE(0x0808, 8);
    h.writeUInt16LE(8, 10);
    h.writeUInt32LE(e.crc >>> 0, 16);
    h.writeUInt32LE(e.compressed, 20);
    h.writeUInt32LE(e.size, 24);
    h.writeUInt16LE(e.name.length, 28);
    h.writeUInt32LE(e.offset, 42);
    parts.push(h, e.name);
    size += h.length + e.name.length;
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, end]);
}

/**
 * A whole zip of the given parts, each deflated at `level`: the test files and the benchmark's largest
 * accepted upload (answers are streamed by xlsxStream).
 */
export function zipOf(parts: [string, Buffer][], level: number): Buffer {
  const out: Buffer[] = [];
  const entries: Written[] = [];
  let offset = 0;
  for (const [fileName, data] of parts) {
    const name = Buffer.from(fileName);
    const compressed = deflateRawSync(data, { level });
    const entry: Written = { name, offset, crc: crc32(data), compressed: compressed.length, size: data.length };
    const header = localHeader(name);
    const d = descriptor(entry);
    out.push(header, compressed, d);
    offset += header.length + compressed.length + d.length;
    entries.push(entry);
  }
  out.push(centralDirectory(entries, offset));
  return Buffer.concat(out);
}

const columnNames: string[] = [];

/** A, B, …, Z, AA, … for a 0-based column. */
export function columnName(index: number): string {
  let name = columnNames[index];
  if (name === undefined) {
    name = '';
    for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
    columnNames[index] = name;
  }
  return name;
}

/** The shared-strings table of a workbook being written. */
export class SharedStrings {
  private readonly map = new Map<string, number>();

  /**
   * A non-empty text cell after `<c` and its reference, if any: ` t="s"><v>3</v></c>`. Words go to
   * the table (up to its cap), anything else is written in place.
   */
  cellBody(cell: string): string {
    let index = this.map.get(cell);
    if (index === undefined && this.map.size < MAX_SHARED && cell.length < 256 && HAS_LETTER.test(cell)) {
      index = this.map.size;
      this.map.set(cell, index);
    }
    return index === undefined ? ` t="inlineStr"><is>${tElement(cell)}</is></c>` : ` t="s"><v>${index}</v></c>`;
  }

  /** The whole cell with its reference, '' for an empty one. */
  cell(cell: string, col: number, row: number): string {
    return cell === '' ? '' : `<c r="${columnName(col)}${row}"${this.cellBody(cell)}`;
  }

  xml(): Buffer {
    let xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${this.map.size}" uniqueCount="${this.map.size}">`;
    for (const text of this.map.keys()) xml += `<si>${tElement(text)}</si>`;
    return Buffer.from(`${xml}</sst>`);
  }
}

const SHEET_HEAD = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
);
const SHEET_TAIL = Buffer.from('</sheetData></worksheet>');
// Compressed at once, each on the libuv pool: the sheet's chunks deflate on the other core while
// this one writes the next rows.
const DEFLATE_IN_FLIGHT = 4;

function deflateChunk(chunk: Buffer, last: boolean): Promise<Buffer> {
  return new Promise((done, fail) =>
    // A sync flush ends a chunk on a byte boundary without ending the stream, so independently
    // compressed chunks concatenate into one valid deflate stream (as pigz does).
    // An output buffer the size of a whole compressed chunk: one trip to the pool, not one per 16 KB.
    deflateRaw(
      chunk,
      { level: 1, chunkSize: 256 * 1024, finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH },
      (err, out) => (err ? fail(err) : done(out)),
    ),
  );
}

/**
 * Deflates a part's chunks several at a time, in order; counts size and CRC on the way. Chunks it
 * is done with go to `spare`, for the writer to fill again.
 */
async function* deflated(source: Iterable<Buffer>, entry: Written, spare: Buffer[]): AsyncGenerator<Buffer> {
  const pending: Promise<Buffer>[] = [];
  const compress = (chunk: Buffer, last: boolean) =>
    deflateChunk(chunk, last).then((out) => {
      spare.push(chunk);
      return out;
    });
  let held: Buffer | undefined;
  for (const chunk of source) {
    if (chunk.length === 0) continue;
    if (held) {
      entry.crc = crc32(held, entry.crc);
      entry.size += held.length;
      pending.push(compress(held, false));
    }
    held = chunk;
    if (pending.length >= DEFLATE_IN_FLIGHT) {
      const out = await (pending.shift() as Promise<Buffer>);
      entry.compressed += out.length;
      yield out;
    }
  }
  const last = held ?? Buffer.alloc(0);
  entry.crc = crc32(last, entry.crc);
  entry.size += last.length;
  pending.push(compress(last, true));
  for (const p of pending) {
    const out = await p;
    entry.compressed += out.length;
    yield out;
  }
}

/**
 * An XLSX of one sheet, produced while it is sent: `sheetData` yields the XML of the rows (between
 * `<sheetData>` and `</sheetData>`) in chunks, using the shared-strings table it is given; it may
 * refill the chunks that come back in `spare`.
 */
export function xlsxStream(
  sheetName: string,
  sheetData: (shared: SharedStrings, spare: Buffer[]) => Iterable<Buffer>,
): Readable {
  const shared = new SharedStrings();
  // Chunks the deflater is done with; the writer only takes back ones of its own size (see Chunks).
  const spare: Buffer[] = [];
  function* sheetXml(): Generator<Buffer> {
    yield SHEET_HEAD;
    yield* sheetData(shared, spare);
    yield SHEET_TAIL;
  }
  async function* zip(): AsyncGenerator<Buffer> {
    const entries: Written[] = [];
    let offset = 0;
    const files: [string, () => Iterable<Buffer>][] = [
      ...workbookParts(sheetName).map(([name, part]): [string, () => Iterable<Buffer>] => [name, () => [part]]),
      ['xl/worksheets/sheet1.xml', sheetXml],
      // Written last: the table fills while the sheet is written.
      ['xl/sharedStrings.xml', () => [shared.xml()]],
    ];
    for (const [fileName, source] of files) {
      const name = Buffer.from(fileName);
      const entry: Written = { name, offset, crc: 0, compressed: 0, size: 0 };
      const header = localHeader(name);
      yield header;
      offset += header.length;
      yield* deflated(source(), entry, spare);
      offset += entry.compressed;
      const d = descriptor(entry);
      yield d;
      offset += d.length;
      entries.push(entry);
    }
    yield centralDirectory(entries, offset);
  }
  return Readable.from(zip());
}
