import { Readable } from 'node:stream';
import { normaliseMsisdn } from '@perenos/phone';
import { HttpProblem, validationProblem } from '../../lib/problem';
import type { LookupAnswer } from './engine';
import { splitRegistryLine } from './registry-csv';
import { firstSheetPath, readSharedStrings, readSheetRows, xlsxStream } from './xlsx';
import { unpackXlsx, ZipRefused } from './zip-guard';

export type BatchFormat = 'csv' | 'txt' | 'xlsx';

export interface BatchLimits {
  maxRows: number;
  maxUncompressedBytes: number;
  maxZipEntries: number;
  /** When processing must be over (ms since epoch). */
  deadline: number;
}

/** One input row: its cells as text, and the number found in it (normalised) or the raw value that was not one. */
interface InputRow {
  cells: string[];
  msisdn: string | null;
  raw: string;
}

export interface BatchInput {
  format: BatchFormat;
  header: string[] | null;
  rows: InputRow[];
}

/** 400 with the message under the `File` field, as the page shows it. */
function fileProblem(message: string): HttpProblem {
  return validationProblem({ File: [message] });
}

function tooLarge(message: string): HttpProblem {
  return new HttpProblem(413, 'Слишком большой файл', { File: [message] });
}

/** The batch format from the file name; anything else is refused. */
export function batchFormatOf(filename: string): BatchFormat {
  const ext = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase();
  if (ext === 'csv' || ext === 'txt' || ext === 'xlsx') return ext;
  throw fileProblem('Загрузите файл в формате CSV, TXT или XLSX.');
}

function checkDeadline(limits: BatchLimits): void {
  if (Date.now() > limits.deadline) {
    throw tooLarge('Файл обрабатывается слишком долго. Разделите его на части поменьше.');
  }
}

function checkRows(count: number, limits: BatchLimits): void {
  if (count > limits.maxRows) {
    throw tooLarge(`В файле больше ${limits.maxRows.toLocaleString('ru-RU')} строк. Разделите его на части.`);
  }
}

/** A header row holds no number and no long run of digits. */
function looksLikeHeader(cells: string[]): boolean {
  return cells.some((c) => c.trim() !== '') && cells.every((c) => !/\d{5}/.test(c.replace(/[\s()\-+]/g, '')));
}

/** A number as a spreadsheet may hold it: a leading apostrophe (text marker, or our own neutralising) is not part of it. */
function numberIn(cell: string): string | null {
  return normaliseMsisdn(cell.charCodeAt(0) === 39 ? cell.slice(1) : cell);
}

function findNumber(cells: string[]): { msisdn: string | null; raw: string } {
  for (const c of cells) {
    const msisdn = numberIn(c);
    if (msisdn) return { msisdn, raw: c };
  }
  return { msisdn: null, raw: cells.find((c) => c.trim() !== '') ?? '' };
}

/** Reads a CSV or TXT upload: any of `;`, `,`, tab as separator (TXT: one number per line). */
export function readTextBatch(bytes: Buffer, format: 'csv' | 'txt', limits: BatchLimits): BatchInput {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Russian Excel saves «CSV (разделители — запятые)» in Windows-1251.
    text = new TextDecoder('windows-1251').decode(bytes);
  }
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  const lines = text.split(/\r\n|\n|\r/);
  while (lines.length > 0 && (lines[lines.length - 1] ?? '').trim() === '') lines.pop();
  if (lines.length === 0) throw fileProblem('Файл пуст: в нём нет ни одного номера.');
  if (/^\s*<(!doctype|html|\?xml)/i.test(lines[0] ?? '')) throw fileProblem('Файл не похож на таблицу номеров.');
  const first = lines[0] ?? '';
  const separator = format === 'txt' ? null : ([';', '\t', ','].find((s) => first.includes(s)) ?? null);
  const split = (line: string): string[] => {
    if (separator === null) return [line.trim()];
    return line.includes('"') ? splitRegistryLine(line, separator) : line.split(separator).map((c) => c.trim());
  };
  let header: string[] | null = null;
  let start = 0;
  const firstCells = split(first);
  if (looksLikeHeader(firstCells)) {
    header = firstCells;
    start = 1;
  }
  checkRows(lines.length - start, limits);
  const rows: InputRow[] = [];
  for (let i = start; i < lines.length; i++) {
    if ((i & 0x3fff) === 0) checkDeadline(limits);
    const cells = split(lines[i] ?? '');
    rows.push({ cells, ...findNumber(cells) });
  }
  if (rows.length === 0) throw fileProblem('Файл пуст: в нём нет ни одного номера.');
  return { format, header, rows };
}

/** Reads the first sheet of an XLSX after the zip checks; the number column is the first one holding a number. */
export async function readXlsxBatch(bytes: Buffer, limits: BatchLimits): Promise<BatchInput> {
  let parts: Map<string, Buffer>;
  try {
    parts = unpackXlsx(bytes, { maxEntries: limits.maxZipEntries, maxUncompressedBytes: limits.maxUncompressedBytes });
  } catch (err) {
    if (err instanceof ZipRefused) {
      throw err.message.includes('слишком') ? tooLarge(err.message) : fileProblem(err.message);
    }
    throw err;
  }
  const text = (name: string) => parts.get(name)?.toString('utf8') ?? '';
  const sheetPath = firstSheetPath(text('xl/workbook.xml'), text('xl/_rels/workbook.xml.rels'));
  const sheet = sheetPath ? parts.get(sheetPath) : undefined;
  if (!sheet) throw fileProblem('Не удалось прочитать файл XLSX: в книге нет листа с данными.');
  const table = readSheetRows(sheet.toString('utf8'), readSharedStrings(text('xl/sharedStrings.xml')), (count) => {
    if ((count & 0x3fff) === 0) checkDeadline(limits);
    // One row more than the limit may be the header; more than that is refused at once.
    if (count > limits.maxRows + 1) checkRows(count - 1, limits);
  });
  while (table.length > 0 && (table[table.length - 1] ?? []).every((c) => c.trim() === '')) table.pop();
  if (table.length === 0) throw fileProblem('Файл пуст: в нём нет ни одного номера.');
  let header: string[] | null = null;
  let start = 0;
  if (looksLikeHeader(table[0] ?? [])) {
    header = table[0] ?? [];
    start = 1;
  }
  checkRows(table.length - start, limits);
  // The number column: the first one in which one of the first rows holds a number.
  let column = -1;
  for (let r = start; r < Math.min(table.length, start + 50) && column < 0; r++) {
    const cells = table[r] ?? [];
    column = cells.findIndex((c) => numberIn(c) !== null);
  }
  const rows: InputRow[] = [];
  for (let r = start; r < table.length; r++) {
    const cells = table[r] ?? [];
    const raw = column >= 0 ? (cells[column] ?? '') : (cells.find((c) => c.trim() !== '') ?? '');
    rows.push({ cells, msisdn: numberIn(raw), raw });
  }
  if (rows.length === 0) throw fileProblem('Файл пуст: в нём нет ни одного номера.');
  return { format: 'xlsx', header, rows };
}

const RESULT_HEADER = ['Номер', 'Оператор', 'Регион', 'Перенесён', 'Дата переноса', 'Владелец диапазона', 'Результат'];

/** Cells that a spreadsheet would run as a formula get a leading apostrophe (CSV injection). */
export function neutralise(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

function csvCell(cell: string): string {
  const safe = neutralise(cell);
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** csvCell for the few distinct operator, region and holder names of a result: each escaped once. */
function memoised(fn: (s: string) => string): (s: string) => string {
  const cache = new Map<string, string>();
  return (s) => {
    let v = cache.get(s);
    if (v === undefined) {
      v = fn(s);
      cache.set(s, v);
    }
    return v;
  };
}

function russianDate(iso: string | null): string {
  return iso ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` : '';
}

function resultCells(row: InputRow, answer: LookupAnswer | undefined): string[] {
  if (row.msisdn === null) {
    const status = row.raw.trim() === '' ? 'Пустая строка' : 'Неверный номер';
    return ['', '', '', '', '', '', status];
  }
  if (!answer) return [row.msisdn, '', '', '', '', '', 'Не найден'];
  return [
    row.msisdn,
    answer.operatorName,
    answer.regionName ?? '',
    answer.isPorted ? 'да' : 'нет',
    russianDate(answer.isPorted ? answer.lastPortation : null),
    answer.rangeHolder ?? '',
    'Найден',
  ];
}

function outputHeader(input: BatchInput): string[] {
  const width = Math.max(1, input.header?.length ?? 0, ...input.rows.slice(0, 100).map((r) => r.cells.length));
  const original = Array.from({ length: width }, (_, i) => input.header?.[i] ?? `Столбец ${i + 1}`);
  return [...original, ...RESULT_HEADER];
}

/**
 * The result as CSV for Russian Excel: UTF-8 with BOM, `;`, CRLF; the input row's cells followed by
 * the answer, one output row per input row in input order. Produced in chunks while it is sent.
 */
export function csvResult(input: BatchInput, lookup: (msisdn: string) => LookupAnswer | undefined): Readable {
  const width = outputHeader(input).length - RESULT_HEADER.length;
  const known = memoised(csvCell);
  function* chunks(): Generator<string> {
    yield `\uFEFF${outputHeader(input).map(csvCell).join(';')}\r\n`;
    let buffer: string[] = [];
    for (const row of input.rows) {
      let line = '';
      for (let i = 0; i < width; i++) line += `${i > 0 ? ';' : ''}${csvCell(row.cells[i] ?? '')}`;
      const answer = row.msisdn === null ? undefined : lookup(row.msisdn);
      if (row.msisdn === null) {
        line += row.raw.trim() === '' ? ';;;;;;;Пустая строка' : ';;;;;;;Неверный номер';
      } else if (!answer) {
        line += `;${row.msisdn};;;;;;Не найден`;
      } else {
        const date = answer.isPorted ? russianDate(answer.lastPortation) : '';
        line += `;${row.msisdn};${known(answer.operatorName)};${known(answer.regionName ?? '')};${answer.isPorted ? 'да' : 'нет'};${date};${known(answer.rangeHolder ?? '')};Найден`;
      }
      buffer.push(line);
      if (buffer.length === 5000) {
        yield `${buffer.join('\r\n')}\r\n`;
        buffer = [];
      }
    }
    if (buffer.length > 0) yield `${buffer.join('\r\n')}\r\n`;
  }
  return Readable.from(chunks());
}

/** The result as an XLSX workbook streamed as it is written; cells are text, never formulas. */
export function xlsxResult(input: BatchInput, lookup: (msisdn: string) => LookupAnswer | undefined): Readable {
  const header = outputHeader(input);
  const width = header.length - RESULT_HEADER.length;
  function* rows(): Generator<string[]> {
    yield header.map(neutralise);
    for (const row of input.rows) {
      const out: string[] = [];
      for (let c = 0; c < width; c++) out.push(neutralise(row.cells[c] ?? ''));
      const answer = row.msisdn === null ? undefined : lookup(row.msisdn);
      for (const cell of resultCells(row, answer)) out.push(cell);
      yield out;
    }
  }
  return xlsxStream('Результат', rows());
}
