import {
  type BatchLimits,
  BLANK,
  checkRows,
  fileProblem,
  fileTooLarge,
  INVALID,
  looksLikeHeader,
  MAX_SHARED_STRING_BYTES,
  numberIn,
  numberOf,
  plainMsisdn,
  stepper,
  type XlsxBatch,
} from './input';
import { IndexSet, SharedStringTable } from './shared-string-table';
import { type SheetRow, SheetRows } from './sheet-rows';
import { firstSheetPath } from './xlsx';
import { SheetRefused } from './xml-elements';
import { XlsxArchive, ZipRefused } from './zip-guard';

// Inflated XML is read in chunks of this size (decision 070).
export const CHUNK_BYTES = 128 * 1024;
// Workbook and relationships are a few kilobytes; a larger one is not a real workbook.
const SMALL_PART_BYTES = 4 * 1024 * 1024;
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const SHEET_PATH = /^xl\/worksheets\/[^/]+\.xml$/;

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
