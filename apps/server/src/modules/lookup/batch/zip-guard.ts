import { createInflateRaw, inflateRawSync } from 'node:zlib';

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

const BROKEN = 'Файл повреждён или это не XLSX.';
const LIED = 'Файл XLSX повреждён: размеры частей не совпадают.';

function readEntries(buf: Buffer): Entry[] {
  const min = Math.max(0, buf.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = buf.length - 22; i >= min; i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipRefused(BROKEN);
  const total = buf.readUInt16LE(eocd + 10);
  const centralOffset = buf.readUInt32LE(eocd + 16);
  if (total === 0xffff || centralOffset === 0xffffffff) throw new ZipRefused('Файл XLSX слишком большой.');
  const entries: Entry[] = [];
  let p = centralOffset;
  for (let i = 0; i < total; i++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CENTRAL) throw new ZipRefused(BROKEN);
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
  return entries;
}

/**
 * An XLSX (a zip) checked before anything is unpacked: entry count and the declared uncompressed size
 * against the limits, the compression ratio of each entry. Parts are then unpacked only when asked
 * for, a small one whole or a large one as a stream of chunks, each with its declared size as a hard
 * ceiling, so an archive that lies about its sizes is refused too (decisions 007 and 070).
 */
export class XlsxArchive {
  private constructor(
    private readonly buf: Buffer,
    private readonly entries: Map<string, Entry>,
  ) {}

  static open(buf: Buffer, limits: ZipLimits): XlsxArchive {
    const entries = readEntries(buf);
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
    const byName = new Map(entries.map((e) => [e.name, e]));
    if (!byName.has('xl/workbook.xml') || !byName.has('xl/_rels/workbook.xml.rels')) {
      throw new ZipRefused('Файл не похож на книгу Excel (XLSX).');
    }
    return new XlsxArchive(buf, byName);
  }

  /** The declared unpacked size of a part; undefined when there is no such part. */
  size(name: string): number | undefined {
    return this.entries.get(name)?.size;
  }

  private data(e: Entry): Buffer {
    if (e.offset + 30 > this.buf.length || this.buf.readUInt32LE(e.offset) !== LOCAL) throw new ZipRefused(BROKEN);
    const start = e.offset + 30 + this.buf.readUInt16LE(e.offset + 26) + this.buf.readUInt16LE(e.offset + 28);
    if (e.method !== 0 && e.method !== 8) throw new ZipRefused('Файл XLSX сжат неизвестным способом.');
    return this.buf.subarray(start, start + e.compressedSize);
  }

  /** A small part (workbook, relationships) unpacked whole; refused when it declares more than `max` bytes. */
  whole(name: string, max: number): Buffer | undefined {
    const e = this.entries.get(name);
    if (!e) return undefined;
    if (e.size > max) throw new ZipRefused('Файл XLSX повреждён: служебная часть книги слишком большая.');
    const data = this.data(e);
    if (e.method === 0) return data;
    let out: Buffer;
    try {
      // One byte over the declared size is enough to know it lied.
      const ceiling = Math.max(64, e.size + 1);
      out = inflateRawSync(data, { maxOutputLength: ceiling, chunkSize: ceiling });
    } catch {
      throw new ZipRefused('Файл XLSX повреждён или распаковывается больше заявленного.');
    }
    if (out.length > e.size) throw new ZipRefused(LIED);
    return out;
  }

  /**
   * A part's bytes as they unpack, in chunks of at most `chunkSize`: never the whole part at once, and
   * never more than it declared. Inflating runs on the libuv pool, so the event loop is free between chunks.
   */
  async *chunks(name: string, chunkSize: number): AsyncGenerator<Buffer> {
    const e = this.entries.get(name);
    if (!e) return;
    const data = this.data(e);
    if (e.method === 0) {
      for (let p = 0; p < data.length; p += chunkSize) yield data.subarray(p, p + chunkSize);
      return;
    }
    const inflater = createInflateRaw({ chunkSize });
    inflater.end(data);
    let total = 0;
    try {
      for await (const out of inflater as AsyncIterable<Buffer>) {
        total += out.length;
        if (total > e.size) throw new ZipRefused(LIED);
        yield out;
      }
    } catch (err) {
      if (err instanceof ZipRefused) throw err;
      throw new ZipRefused('Файл XLSX повреждён или распаковывается больше заявленного.');
    } finally {
      inflater.destroy();
    }
  }
}
