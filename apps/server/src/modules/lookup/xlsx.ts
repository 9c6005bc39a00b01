/**
 * The small part of XLSX that batch lookup needs, written for speed: reading the first sheet's
 * cells as text, and writing one sheet of text cells as a stream. exceljs (the reference both are
 * tested against) needs over a minute for a million rows on a two-core machine; this needs seconds.
 */
import { Readable } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXml(text: string): string {
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
function textOf(xml: string): string {
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

function columnIndex(ref: string): number {
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

/**
 * The sheet's rows as text cells, indexed by row number (1-based r attribute) so rows the file
 * leaves out come back empty. `onRow` sees the count as it grows (limits, time bound).
 */
export function readSheetRows(xml: string, shared: string[], onRow: (count: number) => void): string[][] {
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
      onRow(rows.length);
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
    onRow(rows.length);
  }
  return rows;
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

const columnNames: string[] = [];

/** A, B, …, Z, AA, … for a 0-based column. */
function columnName(index: number): string {
  let name = columnNames[index];
  if (name === undefined) {
    name = '';
    for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
    columnNames[index] = name;
  }
  return name;
}

/** An XLSX of one sheet of text cells, produced while it is sent: a row source in, zip bytes out. */
export function xlsxStream(sheetName: string, rows: Iterable<string[]>): Readable {
  const shared = new Map<string, number>();
  // Cells carry their reference (B7): readers such as exceljs rely on it.
  const cellXml = (cell: string, ref: string): string => {
    if (cell === '') return '';
    let index = shared.get(cell);
    if (index === undefined && shared.size < MAX_SHARED && cell.length < 256 && HAS_LETTER.test(cell)) {
      index = shared.size;
      shared.set(cell, index);
    }
    return index === undefined
      ? `<c r="${ref}" t="inlineStr"><is>${tElement(cell)}</is></c>`
      : `<c r="${ref}" t="s"><v>${index}</v></c>`;
  };

  async function* sheetXml(): AsyncGenerator<Buffer> {
    yield Buffer.from(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
    );
    let buffer = '';
    let r = 0;
    for (const row of rows) {
      r++;
      buffer += `<row r="${r}">`;
      for (let c = 0; c < row.length; c++) buffer += cellXml(row[c] ?? '', `${columnName(c)}${r}`);
      buffer += '</row>';
      if (buffer.length > 1 << 20) {
        yield Buffer.from(buffer);
        buffer = '';
      }
    }
    yield Buffer.from(`${buffer}</sheetData></worksheet>`);
  }

  async function* sharedStringsXml(): AsyncGenerator<Buffer> {
    let xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${shared.size}" uniqueCount="${shared.size}">`;
    for (const text of shared.keys()) xml += `<si>${tElement(text)}</si>`;
    yield Buffer.from(`${xml}</sst>`);
  }

  async function* zip(): AsyncGenerator<Buffer> {
    const entries: Written[] = [];
    let offset = 0;
    const files: [string, () => AsyncIterable<Buffer>][] = [
      [
        '[Content_Types].xml',
        async function* () {
          yield Buffer.from(CONTENT_TYPES);
        },
      ],
      [
        '_rels/.rels',
        async function* () {
          yield Buffer.from(ROOT_RELS);
        },
      ],
      [
        'xl/workbook.xml',
        async function* () {
          yield Buffer.from(workbookXml(sheetName));
        },
      ],
      [
        'xl/_rels/workbook.xml.rels',
        async function* () {
          yield Buffer.from(WORKBOOK_RELS);
        },
      ],
      ['xl/worksheets/sheet1.xml', sheetXml],
      // Written last: the table fills while the sheet is written.
      ['xl/sharedStrings.xml', sharedStringsXml],
    ];
    for (const [fileName, source] of files) {
      const name = Buffer.from(fileName);
      const entry: Written = { name, offset, crc: 0, compressed: 0, size: 0 };
      const header = localHeader(name);
      yield header;
      offset += header.length;
      const deflate = createDeflateRaw({ level: 1 });
      const feeding = (async () => {
        for await (const chunk of source()) {
          entry.crc = crc32(chunk, entry.crc);
          entry.size += chunk.length;
          if (!deflate.write(chunk)) await new Promise((r) => deflate.once('drain', r));
        }
        deflate.end();
      })();
      for await (const out of deflate as AsyncIterable<Buffer>) {
        entry.compressed += out.length;
        yield out;
      }
      await feeding;
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
