import { isUtf8 } from 'node:buffer';
import { splitRegistryLine } from '../registry/registry-csv';
import {
  type BatchLimits,
  BLANK,
  checkRows,
  fileProblem,
  findNumber,
  INVALID,
  looksLikeHeader,
  numberOf,
  PLAIN,
  plainMsisdn,
  stepper,
  type TextBatch,
} from './input';

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
