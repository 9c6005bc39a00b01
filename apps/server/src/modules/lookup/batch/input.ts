/**
 * Batch lookup files (decision 070): an upload is read (read-csv.ts, read-xlsx.ts) and the answer file
 * written (write-csv.ts, write-xlsx.ts). A million rows must take seconds, so rows are not kept as
 * strings: the common row (digits and the usual notation characters) is read and copied as bytes of the
 * upload, each distinct answer is formatted once (BatchView keys, answer.ts), and the output is written
 * in large preformatted chunks (chunks.ts). Any other row goes through the plain string code
 * (`findNumber`, `csvLine`), which is also the reference the tests compare the whole path with.
 *
 * This file: what a read upload is, its limits, and how a row's number is found.
 */
import { normaliseMsisdn } from '@perenos/phone';
import { type HttpProblem, tooLarge, validationProblem } from '../../../lib/problem';
import { Pacer } from './pace';
import type { SharedStringTable } from './shared-string-table';
import type { XlsxArchive } from './zip-guard';

export type BatchFormat = 'csv' | 'txt' | 'xlsx';

export interface BatchLimits {
  maxRows: number;
  maxUncompressedBytes: number;
  maxZipEntries: number;
  /** When processing must be over (ms since epoch, on `now`). */
  deadline: number;
  /** The site's clock in ms (app.clock). */
  now: () => number;
  /** The most the shared strings a sheet's rows use may take, in bytes (MAX_SHARED_STRING_BYTES). */
  maxSharedStringBytes?: number;
  /** Told the most a reading pass held at once (tests: bounded memory without measuring RSS). */
  probe?: (what: 'sheet' | 'shared strings', bytes: number) => void;
}

/** What the shared strings of one upload may take: 100 000 rows of a few distinct words each fit. */
export const MAX_SHARED_STRING_BYTES = 16 * 1024 * 1024;

/** The number found in a row read as strings (normalised), or the raw value that was not one. */
export interface FoundNumber {
  msisdn: string | null;
  raw: string;
}

// A row's number as stored: the msisdn itself, or one of these.
export const INVALID = 0;
export const BLANK = -1;

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
export function fileProblem(message: string): HttpProblem {
  return validationProblem({ File: [message] });
}

export function fileTooLarge(message: string): HttpProblem {
  return tooLarge({ File: [message] });
}

/** The batch format from the file name; anything else is refused. */
export function batchFormatOf(filename: string): BatchFormat {
  const ext = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase();
  if (ext === 'csv' || ext === 'txt' || ext === 'xlsx') return ext;
  throw fileProblem('Загрузите файл в формате CSV, TXT или XLSX.');
}

export function checkDeadline(limits: BatchLimits): void {
  if (limits.now() > limits.deadline) {
    throw fileTooLarge('Файл обрабатывается слишком долго. Разделите его на части поменьше.');
  }
}

export function checkRows(count: number, limits: BatchLimits): void {
  if (count > limits.maxRows) {
    throw fileTooLarge(`В файле больше ${limits.maxRows.toLocaleString('ru-RU')} строк. Разделите его на части.`);
  }
}

/**
 * What runs between pieces of work: past the time bound the file is refused; past a slice of CPU time
 * the event loop gets a turn.
 */
export function stepper(limits: BatchLimits): () => Promise<void> {
  const pacer = new Pacer();
  return async () => {
    checkDeadline(limits);
    if (pacer.due) await pacer.pause();
  };
}

/** A header row holds no number and no long run of digits. */
export function looksLikeHeader(cells: string[]): boolean {
  return cells.some((c) => c.trim() !== '') && cells.every((c) => !/\d{5}/.test(c.replace(/[\s()\-+]/g, '')));
}

/** A number as a spreadsheet may hold it: a leading apostrophe (text marker, or our own neutralising) is not part of it. */
export function numberIn(cell: string): string | null {
  return normaliseMsisdn(cell.charCodeAt(0) === 39 ? cell.slice(1) : cell);
}

export function findNumber(cells: string[]): FoundNumber {
  for (const c of cells) {
    const msisdn = numberIn(c);
    if (msisdn) return { msisdn, raw: c };
  }
  return { msisdn: null, raw: cells.find((c) => c.trim() !== '') ?? '' };
}

/** The stored number of a row read as strings. */
export function numberOf(row: FoundNumber): number {
  if (row.msisdn !== null) return Number(row.msisdn);
  return row.raw.trim() === '' ? BLANK : INVALID;
}

// Bytes a «plain» cell may hold: digits, space, + ( ) - . — all ASCII, none needing quotes or a
// formula guard but a leading + or -, none that trim() or the separators treat specially.
export const PLAIN = new Uint8Array(256);
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
