const CHUNK = 1 << 20;

/** Output in large chunks of bytes: rows are copied in, a full chunk is handed out. */
export class Chunks {
  buf: Buffer;
  pos = 0;

  /** `spare`: chunks handed out earlier and done with (XLSX: deflated), to fill again instead of allocating. */
  constructor(private readonly spare: Buffer[] = []) {
    this.buf = this.fresh(CHUNK);
  }

  private fresh(bytes: number): Buffer {
    while (bytes <= CHUNK && this.spare.length > 0) {
      const again = this.spare.pop() as Buffer;
      // Only whole chunks of ours: a view of a shared pool or a bigger buffer is left alone.
      if (again.byteOffset === 0 && again.buffer.byteLength === CHUNK) return Buffer.from(again.buffer, 0, CHUNK);
    }
    return Buffer.allocUnsafe(Math.max(CHUNK, bytes));
  }

  /** The filled chunk when `bytes` more would not fit (the caller yields it), else null. */
  room(bytes: number): Buffer | null {
    if (this.pos + bytes <= this.buf.length) return null;
    const full = this.buf.subarray(0, this.pos);
    this.buf = this.fresh(bytes);
    this.pos = 0;
    return full;
  }

  take(): Buffer {
    const full = this.buf.subarray(0, this.pos);
    this.buf = this.fresh(CHUNK);
    this.pos = 0;
    return full;
  }

  bytes(src: Uint8Array, from: number, to: number): void {
    const buf = this.buf;
    let pos = this.pos;
    if (to - from > 32) {
      buf.set(src.subarray(from, to), pos);
      pos += to - from;
    } else {
      for (let p = from; p < to; p++) buf[pos++] = src[p] as number;
    }
    this.pos = pos;
  }

  all(src: Uint8Array): void {
    this.bytes(src, 0, src.length);
  }

  byte(b: number): void {
    this.buf[this.pos++] = b;
  }

  text(s: string): void {
    this.pos += this.buf.write(s, this.pos);
  }

  /** The row number's digits, set once per row by `setRow` and written by `row`. */
  private rowDigits = new Uint8Array(16);
  private rowLength = 0;

  setRow(n: number): void {
    let length = 1;
    for (let m = n; m >= 10; m = Math.floor(m / 10)) length++;
    let m = n;
    for (let k = length - 1; k >= 0; k--) {
      this.rowDigits[k] = 48 + (m % 10);
      m = Math.floor(m / 10);
    }
    this.rowLength = length;
  }

  row(): void {
    const buf = this.buf;
    const digits = this.rowDigits;
    let pos = this.pos;
    for (let k = 0; k < this.rowLength; k++) buf[pos++] = digits[k] as number;
    this.pos = pos;
  }

  /** A non-negative integer in decimal; a number of 11 digits is written as two small ones (integer arithmetic). */
  integer(n: number): void {
    if (n < 1e9) {
      this.small(n);
      return;
    }
    const high = Math.floor(n / 1e6);
    this.small(high);
    let low = n - high * 1e6;
    const buf = this.buf;
    let p = this.pos + 6;
    this.pos = p;
    for (let k = 0; k < 6; k++) {
      buf[--p] = 48 + (low % 10);
      low = (low / 10) | 0;
    }
  }

  private small(n: number): void {
    const buf = this.buf;
    let digits = 1;
    for (let m = n; m >= 10; m = (m / 10) | 0) digits++;
    let p = this.pos + digits;
    this.pos = p;
    let m = n;
    do {
      buf[--p] = 48 + (m % 10);
      m = (m / 10) | 0;
    } while (m > 0);
  }
}
