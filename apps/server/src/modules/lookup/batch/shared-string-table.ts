import { textOf } from './xlsx';
import { ElementSplitter, SheetRefused } from './xml-elements';

/** Which shared strings the first sheet uses: one bit an index, up to a bound the table's size sets. */
export class IndexSet {
  private bits = new Uint8Array(1024);

  constructor(private readonly limit: number) {}

  add(index: number): void {
    if (index >= this.limit) return;
    const byte = index >>> 3;
    if (byte >= this.bits.length) {
      const bigger = new Uint8Array(Math.max(byte + 1, this.bits.length * 2));
      bigger.set(this.bits);
      this.bits = bigger;
    }
    this.bits[byte] = (this.bits[byte] as number) | (1 << (index & 7));
  }

  has(index: number): boolean {
    return (((this.bits[index >>> 3] ?? 0) >> (index & 7)) & 1) === 1;
  }
}

const SI_OPEN = Buffer.from('<si');
const SI_CLOSE = Buffer.from('</si>');

/**
 * The shared strings a sheet's cells point to, as UTF-8 bytes in one buffer: a string costs its
 * bytes and 4 (8 when only some are kept), not a JS string and an array slot each. Every string by
 * its position, or (`keep`) only the marked ones, found by bisection.
 */
export class SharedStringTable {
  private arena = Buffer.alloc(0);
  private used = 0;
  private starts = new Uint32Array(1024);
  private ids: Uint32Array | null;
  private count = 0;

  /** `keep`: the strings to keep (bisected by index), null for all of them (by position). */
  constructor(
    keep: IndexSet | null,
    private readonly maxBytes: number,
  ) {
    this.ids = keep ? new Uint32Array(1024) : null;
  }

  /** What the table holds, in bytes. */
  get bytes(): number {
    return this.used + (this.ids ? 8 : 4) * this.count;
  }

  /** Reads `<si>` elements from the shared-strings part as it unpacks; `next` runs between chunks (pace, deadline). */
  static async read(
    chunks: AsyncIterable<Buffer>,
    keep: IndexSet | null,
    maxBytes: number,
    next: () => Promise<void>,
  ): Promise<SharedStringTable> {
    const table = new SharedStringTable(keep, maxBytes);
    let index = 0;
    const splitter = new ElementSplitter(
      SI_OPEN,
      SI_CLOSE,
      null,
      (buf, _open, gt, end) => {
        const i = index++;
        if (keep && !keep.has(i)) return;
        table.add(i, end === gt ? '' : textOf(buf.toString('utf8', gt + 1, end)));
      },
      'Таблица в файле XLSX слишком большая: в одной ячейке слишком много текста.',
    );
    for await (const chunk of chunks) {
      splitter.push(chunk);
      await next();
    }
    splitter.end();
    return table;
  }

  private add(index: number, text: string): void {
    const bytes = Buffer.byteLength(text);
    if (this.bytes + bytes + 8 > this.maxBytes) {
      throw new SheetRefused(
        'В файле XLSX слишком много разного текста. Оставьте в таблице только нужные столбцы (например, один с номерами).',
        true,
      );
    }
    if (this.used + bytes > this.arena.length) {
      const bigger = Buffer.allocUnsafe(Math.max(64 * 1024, this.used + bytes, this.arena.length * 2));
      this.arena.copy(bigger, 0, 0, this.used);
      this.arena = bigger;
    }
    if (this.count + 2 > this.starts.length) this.starts = grow(this.starts);
    this.arena.write(text, this.used);
    this.used += bytes;
    if (this.ids) {
      if (this.count + 1 > this.ids.length) this.ids = grow(this.ids);
      this.ids[this.count] = index;
    }
    this.count++;
    this.starts[this.count] = this.used;
  }

  /** The string at `index`, '' when there is none (as an index past the table always read). */
  get(index: number): string {
    let k = index;
    if (this.ids) {
      let lo = 0;
      let hi = this.count - 1;
      k = -1;
      while (lo <= hi) {
        const mid = (lo + hi) >>> 1;
        const id = this.ids[mid] as number;
        if (id === index) {
          k = mid;
          break;
        }
        if (id < index) lo = mid + 1;
        else hi = mid - 1;
      }
    }
    if (k < 0 || k >= this.count) return '';
    return this.arena.toString('utf8', this.starts[k] as number, this.starts[k + 1] as number);
  }
}

function grow<T extends Uint8Array | Uint32Array>(array: T): T {
  const bigger = new (array.constructor as new (n: number) => T)(array.length * 2);
  bigger.set(array);
  return bigger;
}
