/**
 * Batch lookup files: reading a CSV/TXT or XLSX upload, and writing the answer file. A million rows
 * must take seconds, so rows are not kept as strings: the common row (digits and the usual notation
 * characters) is read and copied as bytes of the upload, each distinct answer is formatted once
 * (BatchView keys), and the output is written in large preformatted chunks. Any other row goes
 * through the plain string code (`generalRow`, `csvLine`), which is also the reference the tests
 * compare the whole path with.
 */
import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { normaliseMsisdn } from '@perenos/phone';
import { neutraliseCsvCell } from '../../../lib/csv-cell';
import { type HttpProblem, tooLarge, validationProblem } from '../../../lib/problem';
import type { BatchView, LookupAnswer } from '../index/engine';
import { splitRegistryLine } from '../registry/registry-csv';
import { Pacer } from './pace';
import { columnName, firstSheetPath, type SharedStrings, xlsxStream } from './xlsx';
import { IndexSet, SharedStringTable, SheetRefused, type SheetRow, SheetRows } from './xlsx-stream';
import { XlsxArchive, ZipRefused } from './zip-guard';

export type BatchFormat = 'csv' | 'txt' | 'xlsx';

export interface BatchLimits {
  maxRows: number;
  maxUncompressedBytes: number;
  maxZipEntries: number;
  /** When processing must be over (ms since epoch). */
  deadline: number;
  /** The most the shared strings a sheet's rows use may take, in bytes (MAX_SHARED_STRING_BYTES). */
  maxSharedStringBytes?: number;
  /** Told the most a reading pass held at once (tests: bounded memory without measuring RSS). */
  probe?: (what: 'sheet' | 'shared strings', bytes: number) => void;
}

/** What the shared strings of one upload may take: 100 000 rows of a few distinct words each fit. */
export const MAX_SHARED_STRING_BYTES = 16 * 1024 * 1024;
// Inflated XML is read in chunks of this size (decision 070).
const CHUNK_BYTES = 128 * 1024;
// Workbook and relationships are a few kilobytes; a larger one is not a real workbook.
const SMALL_PART_BYTES = 4 * 1024 * 1024;
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const SHEET_PATH = /^xl\/worksheets\/[^/]+\.xml$/;

/** The number found in a row read as strings (normalised), or the raw value that was not one. */
interface FoundNumber {
  msisdn: string | null;
  raw: string;
}

// A row's number as stored: the msisdn itself, or one of these.
const INVALID = 0;
const BLANK = -1;

/** A CSV or TXT upload, read. */
export interface TextBatch {
  format: 'csv' | 'txt';
  header: string[] | null;
  /** Input columns copied to the answer. */
  width: number;
  rows: number;
  /** The upload and each data row's byte range in it. */
  bytes: Buffer;
  starts: Uint32Array;
  ends: Uint32Array;
  /** The separator byte, -1 for one cell a line. */
  separator: number;
  /** Each row's msisdn, INVALID or BLANK. */
  numbers: Float64Array;
  /** 1 for a row with anything but digits and notation characters: split again as strings when written. */
  general: Uint8Array;
  /** Splits such a row [start, end) of `bytes` into its cells. */
  cellsOf: (start: number, end: number) => string[];
}

/** An XLSX upload, read: what the answer needs besides the rows, which are read again as it is written. */
export interface XlsxBatch {
  format: 'xlsx';
  header: string[] | null;
  width: number;
  /** The sheet row of the first data row. */
  first: number;
  rows: number;
  /** Each data row's msisdn, INVALID or BLANK. */
  numbers: Float64Array;
  archive: XlsxArchive;
  sheetPath: string;
  shared: SharedStringTable;
  probe?: BatchLimits['probe'];
}

export type BatchInput = TextBatch | XlsxBatch;

/** 400 with the message under the `File` field, as the page shows it. */
function fileProblem(message: string): HttpProblem {
  return validationProblem({ File: [message] });
}

function fileTooLarge(message: string): HttpProblem {
  return tooLarge({ File: [message] });
}

/** The batch format from the file name; anything else is refused. */
export function batchFormatOf(filename: string): BatchFormat {
  const ext = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase();
  if (ext === 'csv' || ext === 'txt' || ext === 'xlsx') return ext;
  throw fileProblem('Загрузите файл в формате CSV, TXT или XLSX.');
}

function checkDeadline(limits: BatchLimits): void {
  if (Date.now() > limits.deadline) {
    throw fileTooLarge('Файл обрабатывается слишком долго. Разделите его на части поменьше.');
  }
}

function checkRows(count: number, limits: BatchLimits): void {
  if (count > limits.maxRows) {
    throw fileTooLarge(`В файле больше ${limits.maxRows.toLocaleString('ru-RU')} строк. Разделите его на части.`);
  }
}

/**
 * What runs between pieces of work: past the time bound the file is refused; past a slice of CPU time
 * the event loop gets a turn.
 */
function stepper(limits: BatchLimits): () => Promise<void> {
  const pacer = new Pacer();
  return async () => {
    checkDeadline(limits);
    if (pacer.due) await pacer.pause();
  };
}

/** A header row holds no number and no long run of digits. */
function looksLikeHeader(cells: string[]): boolean {
  return cells.some((c) => c.trim() !== '') && cells.every((c) => !/\d{5}/.test(c.replace(/[\s()\-+]/g, '')));
}

/** A number as a spreadsheet may hold it: a leading apostrophe (text marker, or our own neutralising) is not part of it. */
function numberIn(cell: string): string | null {
  return normaliseMsisdn(cell.charCodeAt(0) === 39 ? cell.slice(1) : cell);
}

function findNumber(cells: string[]): FoundNumber {
  for (const c of cells) {
    const msisdn = numberIn(c);
    if (msisdn) return { msisdn, raw: c };
  }
  return { msisdn: null, raw: cells.find((c) => c.trim() !== '') ?? '' };
}

/** The stored number of a row read as strings. */
function numberOf(row: FoundNumber): number {
  if (row.msisdn !== null) return Number(row.msisdn);
  return row.raw.trim() === '' ? BLANK : INVALID;
}

// Bytes a «plain» cell may hold: digits, space, + ( ) - . — all ASCII, none needing quotes or a
// formula guard but a leading + or -, none that trim() or the separators treat specially.
const PLAIN = new Uint8Array(256);
for (const c of '0123456789 +()-.') PLAIN[c.charCodeAt(0)] = 1;

/**
 * normaliseMsisdn over the bytes of a plain cell, [from, to): the same rules on the characters it
 * may hold (digits, a leading plus, separators). Returns the msisdn or INVALID.
 */
export function plainMsisdn(bytes: Uint8Array, from: number, to: number): number {
  let value = 0;
  let count = 0;
  let plus = false;
  for (let p = from; p < to; p++) {
    const c = bytes[p] as number;
    if (c >= 48 && c <= 57) {
      if (++count > 11) return INVALID;
      value = value * 10 + (c - 48);
    } else if (c === 43) {
      if (plus || count > 0) return INVALID;
      plus = true;
    }
  }
  let msisdn: number;
  if (plus) {
    if (count !== 11 || Math.floor(value / 1e10) !== 7) return INVALID;
    msisdn = value;
  } else if (count === 11) {
    const first = Math.floor(value / 1e10);
    if (first !== 7 && first !== 8) return INVALID;
    msisdn = value - first * 1e10 + 7e10;
  } else if (count === 10) {
    msisdn = 7e10 + value;
  } else {
    return INVALID;
  }
  const zone = Math.floor(msisdn / 1e9) % 10;
  return zone === 3 || zone === 4 || zone === 8 || zone === 9 ? msisdn : INVALID;
}

/** Grows a typed array to at least `size` entries. */
function sized<T extends Uint32Array>(array: T, size: number): T {
  if (size <= array.length) return array;
  const bigger = new (array.constructor as new (n: number) => T)(Math.max(size, array.length * 2));
  bigger.set(array);
  return bigger;
}

/**
 * Reads a CSV or TXT upload: any of `;`, `,`, tab as separator (TXT: one number per line). Keeps
 * only byte ranges and numbers; a row that is not plain is split again when the answer is written.
 */
export async function readTextBatch(bytes: Buffer, format: 'csv' | 'txt', limits: BatchLimits): Promise<TextBatch> {
  // Valid UTF-8 is UTF-8; anything else is what Russian Excel saves as «CSV (разделители — запятые)»: Windows-1251.
  const utf8 = isUtf8(bytes);
  const cp1251 = utf8 ? null : new TextDecoder('windows-1251');
  const decode = (from: number, to: number) =>
    cp1251 ? cp1251.decode(bytes.subarray(from, to)) : bytes.toString('utf8', from, to);
  // The decoder drops one byte-order mark and the reader one more, as decoding the whole file did.
  let offset = 0;
  for (
    let k = 0;
    k < 2 && utf8 && bytes[offset] === 0xef && bytes[offset + 1] === 0xbb && bytes[offset + 2] === 0xbf;
    k++
  ) {
    offset += 3;
  }
  // Lines end at CRLF, LF or CR.
  let starts = new Uint32Array(Math.max(16, bytes.length >>> 4));
  let ends = new Uint32Array(starts.length);
  let lines = 0;
  let from = offset;
  for (let p = offset; p < bytes.length; p++) {
    const c = bytes[p] as number;
    if (c === 10 || c === 13) {
      if (lines + 1 >= starts.length) {
        starts = sized(starts, lines * 2);
        ends = sized(ends, lines * 2);
      }
      starts[lines] = from;
      ends[lines++] = p;
      if (c === 13 && bytes[p + 1] === 10) p++;
      from = p + 1;
    }
  }
  starts[lines] = from;
  ends[lines++] = bytes.length;
  while (lines > 0 && decode(starts[lines - 1] as number, ends[lines - 1] as number).trim() === '') lines--;
  if (lines === 0) throw fileProblem('Файл пуст: в нём нет ни одного номера.');
  const first = decode(starts[0] as number, ends[0] as number);
  if (/^\s*<(!doctype|html|\?xml)/i.test(first)) throw fileProblem('Файл не похож на таблицу номеров.');
  const separator = format === 'txt' ? null : ([';', '\t', ','].find((s) => first.includes(s)) ?? null);
  const split = (line: string): string[] => {
    if (separator === null) return [line.trim()];
    return line.includes('"') ? splitRegistryLine(line, separator) : line.split(separator).map((c) => c.trim());
  };
  const cellsOf = (s: number, e: number) => split(decode(s, e));
  let header: string[] | null = null;
  let start = 0;
  const firstCells = split(first);
  if (looksLikeHeader(firstCells)) {
    header = firstCells;
    start = 1;
  }
  const rows = lines - start;
  checkRows(rows, limits);
  if (rows === 0) throw fileProblem('Файл пуст: в нём нет ни одного номера.');
  const sep = separator === null ? -1 : separator.charCodeAt(0);
  const numbers = new Float64Array(rows);
  const general = new Uint8Array(rows);
  let width = Math.max(1, header?.length ?? 0);
  const step = stepper(limits);
  for (let r = 0; r < rows; r++) {
    if ((r & 0x3ff) === 0) await step();
    const s = starts[start + r] as number;
    const e = ends[start + r] as number;
    let plain = true;
    for (let p = s; p < e; p++) {
      const c = bytes[p] as number;
      if (PLAIN[c] === 0 && c !== sep) {
        plain = false;
        break;
      }
    }
    if (!plain) {
      const cells = cellsOf(s, e);
      general[r] = 1;
      numbers[r] = numberOf(findNumber(cells));
      if (r < 100) width = Math.max(width, cells.length);
      continue;
    }
    // Cells split at the separator; the first holding a number wins; a row of blanks is blank.
    let msisdn = INVALID;
    let blank = true;
    let cellCount = 0;
    let c0 = s;
    for (;;) {
      let c1 = c0;
      while (c1 < e && bytes[c1] !== sep) c1++;
      cellCount++;
      if (msisdn === INVALID) {
        let a = c0;
        let b = c1;
        while (a < b && bytes[a] === 32) a++;
        while (b > a && bytes[b - 1] === 32) b--;
        if (a < b) {
          blank = false;
          msisdn = plainMsisdn(bytes, a, b);
        }
      }
      if (c1 >= e) break;
      c0 = c1 + 1;
    }
    numbers[r] = msisdn !== INVALID ? msisdn : blank ? BLANK : INVALID;
    if (r < 100) width = Math.max(width, cellCount);
  }
  return {
    format,
    header,
    width,
    rows,
    bytes,
    starts: starts.subarray(start, lines),
    ends: ends.subarray(start, lines),
    separator: sep,
    numbers,
    general,
    cellsOf,
  };
}

/** A refusal of the zip or sheet reader as the problem the client gets. */
function refusal(err: unknown): unknown {
  if (err instanceof ZipRefused)
    return err.message.includes('слишком') ? fileTooLarge(err.message) : fileProblem(err.message);
  if (err instanceof SheetRefused) return err.tooLarge ? fileTooLarge(err.message) : fileProblem(err.message);
  return err;
}

/**
 * Reads the first sheet of an XLSX after the zip checks, as it unpacks (decision 070): the shared
 * strings its rows use, then one pass over the rows for the header, the number column (the first one
 * holding a number) and each row's number. The rows are not kept: the answer reads them again.
 */
export async function readXlsxBatch(bytes: Buffer, limits: BatchLimits): Promise<XlsxBatch> {
  try {
    return await readXlsx(bytes, limits);
  } catch (err) {
    throw refusal(err);
  }
}

async function readXlsx(bytes: Buffer, limits: BatchLimits): Promise<XlsxBatch> {
  const archive = XlsxArchive.open(bytes, {
    maxEntries: limits.maxZipEntries,
    maxUncompressedBytes: limits.maxUncompressedBytes,
  });
  const text = (name: string) => archive.whole(name, SMALL_PART_BYTES)?.toString('utf8') ?? '';
  const sheetPath = firstSheetPath(text('xl/workbook.xml'), text('xl/_rels/workbook.xml.rels'));
  if (!sheetPath || !SHEET_PATH.test(sheetPath) || archive.size(sheetPath) === undefined) {
    throw fileProblem('Не удалось прочитать файл XLSX: в книге нет листа с данными.');
  }
  const step = stepper(limits);
  const shared = await sharedStringsOf(archive, sheetPath, limits, step);
  limits.probe?.('shared strings', shared.bytes);

  let header: string[] | null = null;
  let start = 0;
  let firstSeen = false;
  let lastNonBlank = -1;
  let numbers = new Float64Array(1024).fill(BLANK);
  // Cells in each of the first 100 data rows (the answer's width comes from them).
  const widths: number[] = [];
  // The number column: the first one in which one of the first 50 data rows holds a number. Until it is
  // known, those rows keep which of their cells are not blank, and get their number once it is.
  let column = -1;
  let columnKnown = false;
  const pending: Uint8Array[] = [];
  const settle = (found: number) => {
    column = found;
    columnKnown = true;
    pending.forEach((filled, i) => {
      const any = found >= 0 ? filled[found] === 1 : filled.includes(1);
      numbers[i] = any ? INVALID : BLANK;
    });
    pending.length = 0;
  };
  const numberAt = (row: SheetRow): number => {
    if (column >= 0 && row.isDigits(column)) {
      return plainMsisdn(row.buf, row.digitsFrom(column), row.digitsTo(column));
    }
    let raw = '';
    if (column >= 0) raw = row.text(column);
    else {
      for (let c = 0; c < row.width && raw === ''; c++) {
        const t = row.text(c);
        if (t.trim() !== '') raw = t;
      }
    }
    return numberOf({ msisdn: numberIn(raw), raw });
  };
  const rows = new SheetRows(shared, (row) => {
    const r = row.index;
    // One row more than the limit may be the header; more than that is refused at once.
    if (r > limits.maxRows) checkRows(r, limits);
    if (!row.isBlank()) lastNonBlank = r;
    if (!firstSeen) {
      firstSeen = true;
      const cells = r === 0 ? row.cellTexts() : [];
      if (looksLikeHeader(cells)) {
        header = cells;
        start = 1;
        return;
      }
    }
    const i = r - start;
    if (i < 100) widths[i] = row.width;
    if (i >= numbers.length) {
      const bigger = new Float64Array(Math.max(i + 1, numbers.length * 2)).fill(BLANK);
      bigger.set(numbers);
      numbers = bigger;
    }
    if (!columnKnown && i < 50) {
      let found = -1;
      for (let c = 0; c < row.width && found < 0; c++) if (numberIn(row.text(c)) !== null) found = c;
      if (found < 0) {
        pending[i] = Uint8Array.from({ length: row.width }, (_, c) => (row.text(c).trim() === '' ? 0 : 1));
        return;
      }
      settle(found);
    } else if (!columnKnown) {
      settle(-1);
    }
    numbers[i] = numberAt(row);
  });
  for await (const chunk of archive.chunks(sheetPath, CHUNK_BYTES)) {
    rows.push(chunk);
    await step();
  }
  rows.end();
  limits.probe?.('sheet', rows.held);
  const total = lastNonBlank + 1;
  if (total === 0) throw fileProblem('Файл пуст: в нём нет ни одного номера.');
  const count = total - start;
  checkRows(count, limits);
  if (count === 0) throw fileProblem('Файл пуст: в нём нет ни одного номера.');
  if (!columnKnown) settle(-1);
  let width = Math.max(1, (header as string[] | null)?.length ?? 0);
  for (let i = 0; i < Math.min(100, count); i++) width = Math.max(width, widths[i] ?? 0);
  return {
    format: 'xlsx',
    header,
    width,
    first: start,
    rows: count,
    numbers: numbers.subarray(0, count),
    archive,
    sheetPath,
    shared,
    probe: limits.probe,
  };
}

/**
 * The shared strings the sheet can use. A table that is small enough is kept whole; a larger one only
 * for the strings the sheet's cells point to, found by one pass over the rows first (a workbook's
 * table serves all its sheets, and a sheet can point into a huge one). Either way bounded.
 */
async function sharedStringsOf(
  archive: XlsxArchive,
  sheetPath: string,
  limits: BatchLimits,
  step: () => Promise<void>,
): Promise<SharedStringTable> {
  const maxBytes = limits.maxSharedStringBytes ?? MAX_SHARED_STRING_BYTES;
  const size = archive.size(SHARED_STRINGS) ?? 0;
  let keep: IndexSet | null = null;
  // A whole table costs at most 1.8 times its XML (text, and 4 bytes a string of at least 5 bytes: `<si/>`).
  if (size > maxBytes / 2) {
    const used = new IndexSet(Math.floor(size / 5) + 1);
    const rows = new SheetRows(null, (row) => {
      if (row.index > limits.maxRows) checkRows(row.index, limits);
      for (let c = 0; c < row.width; c++) {
        const index = row.sharedIndex(c);
        if (index >= 0) used.add(index);
      }
    });
    for await (const chunk of archive.chunks(sheetPath, CHUNK_BYTES)) {
      rows.push(chunk);
      await step();
    }
    rows.end();
    keep = used;
  }
  return SharedStringTable.read(archive.chunks(SHARED_STRINGS, CHUNK_BYTES), keep, maxBytes, step);
}

const RESULT_HEADER = ['Номер', 'Оператор', 'Регион', 'Перенесён', 'Дата переноса', 'Владелец диапазона', 'Результат'];

/** Cells that a spreadsheet would run as a formula get a leading apostrophe (CSV injection). */
export const neutralise = neutraliseCsvCell;

function csvCell(cell: string): string {
  const safe = neutralise(cell);
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function russianDate(iso: string | null): string {
  return iso ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` : '';
}

/** The answer's cells after the number: Оператор … Результат. */
function answerCells(answer: LookupAnswer): string[] {
  return [
    answer.operatorName,
    answer.regionName ?? '',
    answer.isPorted ? 'да' : 'нет',
    russianDate(answer.isPorted ? answer.lastPortation : null),
    answer.rangeHolder ?? '',
    'Найден',
  ];
}

function outputHeader(input: BatchInput): string[] {
  const original = Array.from({ length: input.width }, (_, i) => input.header?.[i] ?? `Столбец ${i + 1}`);
  return [...original, ...RESULT_HEADER];
}

/**
 * Formats each distinct answer once: rows of one range (and one ported-registry entry) share it.
 * Capped, so a file of a million different portings does not keep a million of them.
 */
function answerCache<T>(view: BatchView, format: (answer: LookupAnswer) => T): (msisdn: number) => T | undefined {
  // Keys are small integers (cheap to hash, unlike numbers past 2^31).
  const cache = new Map<number, T>();
  return (msisdn) => {
    const key = view.key(msisdn);
    if (key < 0) return undefined;
    let value = cache.get(key);
    if (value === undefined) {
      const answer = view.answer(String(msisdn));
      if (!answer) return undefined;
      value = format(answer);
      if (cache.size < 50_000) cache.set(key, value);
    }
    return value;
  };
}

const CHUNK = 1 << 20;

/** Output in large chunks of bytes: rows are copied in, a full chunk is handed out. */
class Chunks {
  buf: Buffer;
  pos = 0;

  /** `spare`: chunks handed out earlier and done with (XLSX: deflated), to fill again instead of allocating. */
  constructor(private readonly spare: Buffer[] = []) {
    this.buf = this.fresh(CHUNK);
  }

  private fresh(bytes: number): Buffer {
    while (bytes <= CHUNK && this.spare.length > 0) {
      const again = this.spare.pop() as Buffer;
      // Only whole chunks of ours: a view of a shared pool or a bigger buffer is left alone.
      if (again.byteOffset === 0 && again.buffer.byteLength === CHUNK) return Buffer.from(again.buffer, 0, CHUNK);
    }
    return Buffer.allocUnsafe(Math.max(CHUNK, bytes));
  }

  /** The filled chunk when `bytes` more would not fit (the caller yields it), else null. */
  room(bytes: number): Buffer | null {
    if (this.pos + bytes <= this.buf.length) return null;
    const full = this.buf.subarray(0, this.pos);
    this.buf = this.fresh(bytes);
    this.pos = 0;
    return full;
  }

  take(): Buffer {
    const full = this.buf.subarray(0, this.pos);
    this.buf = this.fresh(CHUNK);
    this.pos = 0;
    return full;
  }

  bytes(src: Uint8Array, from: number, to: number): void {
    const buf = this.buf;
    let pos = this.pos;
    if (to - from > 32) {
      buf.set(src.subarray(from, to), pos);
      pos += to - from;
    } else {
      for (let p = from; p < to; p++) buf[pos++] = src[p] as number;
    }
    this.pos = pos;
  }

  all(src: Uint8Array): void {
    this.bytes(src, 0, src.length);
  }

  byte(b: number): void {
    this.buf[this.pos++] = b;
  }

  text(s: string): void {
    this.pos += this.buf.write(s, this.pos);
  }

  /** The row number's digits, set once per row by `setRow` and written by `row`. */
  private rowDigits = new Uint8Array(16);
  private rowLength = 0;

  setRow(n: number): void {
    let length = 1;
    for (let m = n; m >= 10; m = Math.floor(m / 10)) length++;
    let m = n;
    for (let k = length - 1; k >= 0; k--) {
      this.rowDigits[k] = 48 + (m % 10);
      m = Math.floor(m / 10);
    }
    this.rowLength = length;
  }

  row(): void {
    const buf = this.buf;
    const digits = this.rowDigits;
    let pos = this.pos;
    for (let k = 0; k < this.rowLength; k++) buf[pos++] = digits[k] as number;
    this.pos = pos;
  }

  /** A non-negative integer in decimal; a number of 11 digits is written as two small ones (integer arithmetic). */
  integer(n: number): void {
    if (n < 1e9) {
      this.small(n);
      return;
    }
    const high = Math.floor(n / 1e6);
    this.small(high);
    let low = n - high * 1e6;
    const buf = this.buf;
    let p = this.pos + 6;
    this.pos = p;
    for (let k = 0; k < 6; k++) {
      buf[--p] = 48 + (low % 10);
      low = (low / 10) | 0;
    }
  }

  private small(n: number): void {
    const buf = this.buf;
    let digits = 1;
    for (let m = n; m >= 10; m = (m / 10) | 0) digits++;
    let p = this.pos + digits;
    this.pos = p;
    let m = n;
    do {
      buf[--p] = 48 + (m % 10);
      m = (m / 10) | 0;
    } while (m > 0);
  }
}

// Text cells this long (at least 256 characters: never a shared string) are copied as bytes when they
// can be (SheetRow.plainText) and do not start as a formula.
const COPIED_TEXT_BYTES = 1024;
const FORMULA_START = new Uint8Array(256);
for (const c of '=+-@\t\r') FORMULA_START[c.charCodeAt(0)] = 1;

const CSV_BLANK = Buffer.from(';;;;;;;Пустая строка');
const CSV_INVALID = Buffer.from(';;;;;;;Неверный номер');
const CSV_NOT_FOUND = Buffer.from(';;;;;;Не найден');
const CRLF = Buffer.from('\r\n');

/** The input cells of a row read as strings, as CSV. */
function csvLine(cells: string[], width: number): string {
  let line = '';
  for (let i = 0; i < width; i++) line += `${i > 0 ? ';' : ''}${csvCell(cells[i] ?? '')}`;
  return line;
}

/**
 * The result as CSV for Russian Excel: UTF-8 with BOM, `;`, CRLF; the input row's cells followed by
 * the answer, one output row per input row in input order. Produced in chunks while it is sent.
 */
export function csvResult(input: TextBatch, view: BatchView): Readable {
  const { bytes, starts, ends, numbers, general, width, separator: sep } = input;
  const suffix = answerCache(view, (answer) => Buffer.from(`;${answerCells(answer).map(csvCell).join(';')}`));
  const pacer = new Pacer();
  async function* chunks(): AsyncGenerator<Buffer> {
    yield Buffer.from(`\uFEFF${outputHeader(input).map(csvCell).join(';')}\r\n`);
    const out = new Chunks();
    for (let r = 0; r < input.rows; r++) {
      if ((r & 0x3ff) === 0 && pacer.due) await pacer.pause();
      const s = starts[r] as number;
      const e = ends[r] as number;
      const n = numbers[r] as number;
      const line = general[r] === 1 ? csvLine(input.cellsOf(s, e), width) : null;
      const answer = n > 0 ? suffix(n) : undefined;
      const full = out.room(2 * (e - s) + 3 * (line?.length ?? 0) + width + 48 + (answer?.length ?? 0));
      if (full) yield full;
      if (line !== null) {
        out.text(line);
      } else {
        // Plain cells: trimmed of spaces, «+…» and «-…» guarded, missing ones empty, extra ones dropped.
        let c0 = s;
        for (let i = 0; i < width; i++) {
          if (i > 0) out.byte(59);
          if (c0 > e) continue;
          let c1 = c0;
          while (c1 < e && bytes[c1] !== sep) c1++;
          let a = c0;
          let b = c1;
          while (a < b && bytes[a] === 32) a++;
          while (b > a && bytes[b - 1] === 32) b--;
          if (a < b && (bytes[a] === 43 || bytes[a] === 45)) out.byte(39);
          out.bytes(bytes, a, b);
          c0 = c1 + 1;
        }
      }
      if (n === BLANK) out.all(CSV_BLANK);
      else if (n === INVALID) out.all(CSV_INVALID);
      else {
        out.byte(59);
        out.integer(n);
        out.all(answer ?? CSV_NOT_FOUND);
      }
      out.all(CRLF);
    }
    if (out.pos > 0) yield out.take();
  }
  return Readable.from(chunks());
}

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
