/**
 * The simple batch code the fast path in lookup/batch/ (read-csv.ts … write-xlsx.ts) replaced, kept for the tests to compare against:
 * the whole file as strings, a string per cell, an answer object per row. Not used by the server.
 */
import { normaliseMsisdn } from '@perenos/phone';
import { columnIndex, decodeXml, firstSheetPath, readSharedStrings, textOf } from '../src/modules/lookup/batch/xlsx';
import { XlsxArchive } from '../src/modules/lookup/batch/zip-guard';
import type { LookupAnswer } from '../src/modules/lookup/index/engine';
import { splitRegistryLine } from '../src/modules/lookup/registry/registry-csv';

interface InputRow {
  cells: string[];
  msisdn: string | null;
  raw: string;
}

interface Input {
  header: string[] | null;
  rows: InputRow[];
}

/** A refusal, with the message the route puts under `File`. */
export class ReferenceRefusal extends Error {}

type Lookup = (msisdn: string) => LookupAnswer | undefined;

function looksLikeHeader(cells: string[]): boolean {
  return cells.some((c) => c.trim() !== '') && cells.every((c) => !/\d{5}/.test(c.replace(/[\s()\-+]/g, '')));
}

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

function readText(bytes: Buffer, format: 'csv' | 'txt'): Input {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1251').decode(bytes);
  }
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  const lines = text.split(/\r\n|\n|\r/);
  while (lines.length > 0 && (lines[lines.length - 1] ?? '').trim() === '') lines.pop();
  if (lines.length === 0) throw new ReferenceRefusal('Файл пуст: в нём нет ни одного номера.');
  if (/^\s*<(!doctype|html|\?xml)/i.test(lines[0] ?? ''))
    throw new ReferenceRefusal('Файл не похож на таблицу номеров.');
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
  const rows: InputRow[] = [];
  for (let i = start; i < lines.length; i++) {
    const cells = split(lines[i] ?? '');
    rows.push({ cells, ...findNumber(cells) });
  }
  if (rows.length === 0) throw new ReferenceRefusal('Файл пуст: в нём нет ни одного номера.');
  return { header, rows };
}

function attr(tag: string, name: string): string | undefined {
  const at = tag.indexOf(` ${name}="`);
  if (at < 0) return undefined;
  const start = at + name.length + 3;
  return tag.slice(start, tag.indexOf('"', start));
}

/** The sheet's rows as text cells, the way the string reader read them. */
function readSheetRows(xml: string, shared: string[]): string[][] {
  const rows: string[][] = [];
  let i = 0;
  for (;;) {
    const open = xml.indexOf('<row', i);
    if (open < 0) break;
    const gt = xml.indexOf('>', open);
    const rowTag = xml.slice(open, gt + 1);
    const r = Number(attr(rowTag, 'r') ?? rows.length + 1);
    while (rows.length < r - 1) rows.push([]);
    const cells: string[] = [];
    if (xml[gt - 1] === '/') {
      rows.push(cells);
      i = gt + 1;
      continue;
    }
    const end = xml.indexOf('</row>', gt);
    let j = gt + 1;
    while (j < end) {
      const c = xml.indexOf('<c', j);
      if (c < 0 || c >= end) break;
      const cgt = xml.indexOf('>', c);
      const cellTag = xml.slice(c, cgt + 1);
      const ref = attr(cellTag, 'r');
      const col = ref ? columnIndex(ref) : cells.length;
      let value = '';
      if (xml[cgt - 1] === '/') {
        j = cgt + 1;
      } else {
        const cend = xml.indexOf('</c>', cgt);
        const inner = xml.slice(cgt + 1, cend);
        const type = attr(cellTag, 't');
        if (type === 'inlineStr') {
          value = textOf(inner);
        } else {
          const vs = inner.indexOf('<v>');
          const raw = vs < 0 ? '' : decodeXml(inner.slice(vs + 3, inner.indexOf('</v>', vs)));
          if (type === 's') value = shared[Number(raw)] ?? '';
          else if (type === 'b') value = raw === '1' ? 'TRUE' : 'FALSE';
          else if (type === undefined || type === 'n') value = /e/i.test(raw) ? String(Number(raw)) : raw;
          else value = raw;
        }
        j = cend + 4;
      }
      while (cells.length < col) cells.push('');
      cells[col] = value;
    }
    rows.push(cells);
    i = end + 6;
  }
  return rows;
}

function readXlsx(bytes: Buffer): Input {
  // Every part unpacked whole, as the string code did.
  const limit = 200 * 1024 * 1024;
  const archive = XlsxArchive.open(bytes, { maxEntries: 1000, maxUncompressedBytes: limit });
  const text = (name: string) => archive.whole(name, limit)?.toString('utf8') ?? '';
  const sheetPath = firstSheetPath(text('xl/workbook.xml'), text('xl/_rels/workbook.xml.rels'));
  const sheet = sheetPath ? archive.whole(sheetPath, limit) : undefined;
  if (!sheet) throw new ReferenceRefusal('Не удалось прочитать файл XLSX: в книге нет листа с данными.');
  const table = readSheetRows(sheet.toString('utf8'), readSharedStrings(text('xl/sharedStrings.xml')));
  while (table.length > 0 && (table[table.length - 1] ?? []).every((c) => c.trim() === '')) table.pop();
  if (table.length === 0) throw new ReferenceRefusal('Файл пуст: в нём нет ни одного номера.');
  let header: string[] | null = null;
  let start = 0;
  if (looksLikeHeader(table[0] ?? [])) {
    header = table[0] ?? [];
    start = 1;
  }
  let column = -1;
  for (let r = start; r < Math.min(table.length, start + 50) && column < 0; r++) {
    column = (table[r] ?? []).findIndex((c) => numberIn(c) !== null);
  }
  const rows: InputRow[] = [];
  for (let r = start; r < table.length; r++) {
    const cells = table[r] ?? [];
    const raw = column >= 0 ? (cells[column] ?? '') : (cells.find((c) => c.trim() !== '') ?? '');
    rows.push({ cells, msisdn: numberIn(raw), raw });
  }
  if (rows.length === 0) throw new ReferenceRefusal('Файл пуст: в нём нет ни одного номера.');
  return { header, rows };
}

const RESULT_HEADER = ['Номер', 'Оператор', 'Регион', 'Перенесён', 'Дата переноса', 'Владелец диапазона', 'Результат'];

function neutralise(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

function csvCell(cell: string): string {
  const safe = neutralise(cell);
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
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

function table(input: Input, lookup: Lookup): string[][] {
  const width = Math.max(1, input.header?.length ?? 0, ...input.rows.slice(0, 100).map((r) => r.cells.length));
  const original = Array.from({ length: width }, (_, i) => input.header?.[i] ?? `Столбец ${i + 1}`);
  const out = [[...original, ...RESULT_HEADER]];
  for (const row of input.rows) {
    const cells = Array.from({ length: width }, (_, i) => row.cells[i] ?? '');
    out.push([...cells, ...resultCells(row, row.msisdn === null ? undefined : lookup(row.msisdn))]);
  }
  return out;
}

/** The CSV answer to a CSV or TXT upload, byte for byte. */
export function referenceCsv(bytes: Buffer, format: 'csv' | 'txt', lookup: Lookup): Buffer {
  const lines = table(readText(bytes, format), lookup).map((cells) => cells.map(csvCell).join(';'));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`);
}

/** The cells of the answer to an XLSX upload (formula guard applied), row by row. */
export function referenceXlsxCells(bytes: Buffer, lookup: Lookup): string[][] {
  return table(readXlsx(bytes), lookup).map((cells) => cells.map(neutralise));
}
