import { inflateRawSync } from 'node:zlib';

/** Why an archive is refused; the message is Russian and safe to show. */
export class ZipRefused extends Error {}

export interface ZipLimits {
  maxEntries: number;
  maxUncompressedBytes: number;
}

interface Entry {
  name: string;
  offset: number;
  method: number;
  compressedSize: number;
  size: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
// XML compresses well (a sheet of numbers ~10–30×); beyond this an entry is a bomb, not a table.
const MAX_RATIO = 500;

function readEntries(buf: Buffer): { entries: Entry[] } {
  const min = Math.max(0, buf.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = buf.length - 22; i >= min; i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipRefused('Файл повреждён или это не XLSX.');
  const total = buf.readUInt16LE(eocd + 10);
  const centralOffset = buf.readUInt32LE(eocd + 16);
  if (total === 0xffff || centralOffset === 0xffffffff) throw new ZipRefused('Файл XLSX слишком большой.');
  const entries: Entry[] = [];
  let p = centralOffset;
  for (let i = 0; i < total; i++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CENTRAL) throw new ZipRefused('Файл повреждён или это не XLSX.');
    const nameLength = buf.readUInt16LE(p + 28);
    entries.push({
      method: buf.readUInt16LE(p + 10),
      compressedSize: buf.readUInt32LE(p + 20),
      size: buf.readUInt32LE(p + 24),
      offset: buf.readUInt32LE(p + 42),
      name: buf.toString('utf8', p + 46, p + 46 + nameLength),
    });
    p += 46 + nameLength + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return { entries };
}

// The parts batch lookup reads; everything else is checked and dropped.
const WANTED = /^xl\/(workbook\.xml|_rels\/workbook\.xml\.rels|sharedStrings\.xml|worksheets\/[^/]+\.xml)$/;

/**
 * Checks an XLSX (a zip) before anything unpacks it: entry count and the declared uncompressed
 * size against the limits, and the compression ratio of each entry; then inflates each entry with
 * its declared size as a hard ceiling, so an archive that lies about its sizes is caught too.
 * Returns the unpacked workbook parts (workbook, relationships, shared strings, worksheets).
 */
export function unpackXlsx(buf: Buffer, limits: ZipLimits): Map<string, Buffer> {
  const { entries } = readEntries(buf);
  if (entries.length > limits.maxEntries) throw new ZipRefused('В файле XLSX слишком много частей.');
  const declared = entries.reduce((sum, e) => sum + e.size, 0);
  if (declared > limits.maxUncompressedBytes) {
    throw new ZipRefused('Таблица в файле XLSX слишком большая после распаковки.');
  }
  for (const e of entries) {
    if (e.compressedSize > 0 && e.size / e.compressedSize > MAX_RATIO) {
      throw new ZipRefused('Файл XLSX похож на «zip-бомбу»: слишком сильное сжатие.');
    }
  }
  const names = new Set(entries.map((e) => e.name));
  if (!names.has('xl/workbook.xml') || !names.has('xl/_rels/workbook.xml.rels')) {
    throw new ZipRefused('Файл не похож на книгу Excel (XLSX).');
  }
  const parts = new Map<string, Buffer>();
  for (const e of entries) {
    if (e.offset + 30 > buf.length || buf.readUInt32LE(e.offset) !== LOCAL) {
      throw new ZipRefused('Файл повреждён или это не XLSX.');
    }
    const start = e.offset + 30 + buf.readUInt16LE(e.offset + 26) + buf.readUInt16LE(e.offset + 28);
    const data = buf.subarray(start, start + e.compressedSize);
    let out: Buffer;
    if (e.method === 8) {
      try {
        // One byte over the declared size is enough to know it lied.
        // One output buffer of the declared size (the limits above bound it): no 16 KB pieces to join.
        const ceiling = Math.max(64, e.size + 1);
        out = inflateRawSync(data, { maxOutputLength: ceiling, chunkSize: ceiling });
      } catch {
        throw new ZipRefused('Файл XLSX повреждён или распаковывается больше заявленного.');
      }
      if (out.length > e.size) throw new ZipRefused('Файл XLSX повреждён: размеры частей не совпадают.');
    } else if (e.method === 0) {
      out = data;
    } else {
      throw new ZipRefused('Файл XLSX сжат неизвестным способом.');
    }
    if (WANTED.test(e.name)) parts.set(e.name, out);
  }
  return parts;
}
