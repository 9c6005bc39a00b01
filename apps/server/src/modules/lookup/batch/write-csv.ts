import { Readable } from 'node:stream';
import type { BatchView } from '../index/engine';
import { answerCache, answerCells, csvCell, outputHeader } from './answer';
import { Chunks } from './chunks';
import { BLANK, INVALID, type TextBatch } from './input';
import { Pacer } from './pace';

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
