/**
 * The small part of XLSX that batch lookup needs, written for speed: the XML texts a reader decodes
 * (entities, rich text, the first sheet's path, shared strings as the reference reads them), and
 * writing one sheet as a stream. The sheet itself is read as it unpacks in xml-elements.ts, shared-string-table.ts and sheet-rows.ts. exceljs
 * (the reference both are tested against) needs over a minute for a million rows on a two-core
 * machine; this needs seconds (decisions 007 and 070).
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
// table; digits (the numbers themselves) are written in place. The table is capped by count and by
// characters: it lives until the answer's end, so a sheet of a million different words must not fill it.
const MAX_SHARED = 20_000;
const MAX_SHARED_CHARS = 1024 * 1024;
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
  private chars = 0;

  /**
   * A non-empty text cell after `<c` and its reference, if any: ` t="s"><v>3</v></c>`. Words go to
   * the table (up to its cap), anything else is written in place.
   */
  cellBody(cell: string): string {
    let index = this.map.get(cell);
    if (
      index === undefined &&
      this.map.size < MAX_SHARED &&
      cell.length < 256 &&
      this.chars + cell.length <= MAX_SHARED_CHARS &&
      HAS_LETTER.test(cell)
    ) {
      index = this.map.size;
      this.map.set(cell, index);
      this.chars += cell.length;
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
async function* deflated(
  source: Iterable<Buffer> | AsyncIterable<Buffer>,
  entry: Written,
  spare: Buffer[],
): AsyncGenerator<Buffer> {
  const pending: Promise<Buffer>[] = [];
  const compress = (chunk: Buffer, last: boolean) =>
    deflateChunk(chunk, last).then((out) => {
      spare.push(chunk);
      return out;
    });
  let held: Buffer | undefined;
  for await (const chunk of source) {
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
  sheetData: (shared: SharedStrings, spare: Buffer[]) => AsyncIterable<Buffer>,
): Readable {
  const shared = new SharedStrings();
  // Chunks the deflater is done with; the writer only takes back ones of its own size (see Chunks).
  const spare: Buffer[] = [];
  async function* sheetXml(): AsyncGenerator<Buffer> {
    yield SHEET_HEAD;
    yield* sheetData(shared, spare);
    yield SHEET_TAIL;
  }
  async function* zip(): AsyncGenerator<Buffer> {
    const entries: Written[] = [];
    let offset = 0;
    const files: [string, () => Iterable<Buffer> | AsyncIterable<Buffer>][] = [
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
