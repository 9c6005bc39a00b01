/**
 * Reading an XLSX sheet and its shared strings as they unpack (decision 070): the XML arrives in
 * chunks and is cut into whole elements (`<row>…</row>`, `<si>…</si>`), each handed over while it is
 * in memory and then forgotten. This file cuts the elements and holds the byte helpers the readers
 * share; shared-string-table.ts keeps the strings the rows can use, sheet-rows.ts reads the rows.
 */

export const GT = 62;
export const SLASH = 47;
export const QUOTE = 34;

/** The most a single row or shared string may take as XML: a real one is a few kilobytes. */
export const MAX_ELEMENT_BYTES = 1024 * 1024;
/** Excel's last column is XFD; a cell past it is not a sheet's. */
export const MAX_COLUMNS = 16_384;

/** A file the reader cannot take; the message is Russian and safe to show. */
export class SheetRefused extends Error {
  constructor(
    message: string,
    /** Too large rather than broken (413 rather than 400). */
    readonly tooLarge = false,
  ) {
    super(message);
  }
}

export function isDigits(buf: Buffer, from: number, to: number): boolean {
  if (from >= to) return false;
  for (let p = from; p < to; p++) {
    const b = buf[p] as number;
    if (b < 48 || b > 57) return false;
  }
  return true;
}

/** Where the value of a one-letter attribute (` r="…"`) starts inside [from, to), or -1. */
export function attrStart(buf: Buffer, from: number, to: number, letter: number): number {
  for (let p = from; p + 3 < to; p++) {
    if (buf[p] === 32 && buf[p + 1] === letter && buf[p + 2] === 61 && buf[p + 3] === QUOTE) return p + 4;
  }
  return -1;
}

/**
 * Where `needle` starts in [from, to), or -1. The first stretch is searched by a loop here, which beats
 * Buffer#indexOf for the short hops between tags (the native call costs more than scanning a few dozen
 * bytes); past it the native search takes over, several times faster across a long row or cell.
 */
export function seek(buf: Buffer, needle: Buffer, from: number, to: number): number {
  const first = needle[0] as number;
  const last = to - needle.length;
  const near = Math.min(last, from + 64);
  outer: for (let p = from; p <= near; p++) {
    if (buf[p] !== first) continue;
    for (let k = 1; k < needle.length; k++) if (buf[p + k] !== needle[k]) continue outer;
    return p;
  }
  if (near >= last) return -1;
  const at = buf.indexOf(needle, near + 1);
  return at >= 0 && at <= last ? at : -1;
}

/** The value of the decimal digits [from, to) (an `r` attribute, a shared-string index), NaN if there are none or others. */
export function decimal(buf: Buffer, from: number, to: number): number {
  if (from >= to) return Number.NaN;
  let n = 0;
  for (let p = from; p < to; p++) {
    const c = buf[p] as number;
    if (c < 48 || c > 57) return Number.NaN;
    n = n * 10 + (c - 48);
  }
  return n;
}

export function seekByte(buf: Buffer, byte: number, from: number, to: number): number {
  for (let p = from; p < to; p++) if (buf[p] === byte) return p;
  return -1;
}

export function bytesAt(buf: Buffer, at: number, text: Buffer): boolean {
  if (at + text.length > buf.length) return false;
  for (let i = 0; i < text.length; i++) if (buf[at + i] !== text[i]) return false;
  return true;
}

/**
 * Cuts XML arriving in chunks into whole elements. `onElement(buf, open, gt, end)` gets the element
 * starting at `open` whose start tag ends at `gt` and whose content ends at `end` (`end === gt`: the
 * element closes itself); the window is valid during the call only. After `endMarker` nothing more is
 * read. Holds at most one chunk and the unfinished element before it; an element larger than
 * MAX_ELEMENT_BYTES is refused.
 */
export class ElementSplitter {
  private carry = Buffer.alloc(0);
  private carried = 0;
  private finished = false;
  /** The most bytes held at once (the chunk and the carried part of an element), for the tests' probe. */
  held = 0;

  constructor(
    private readonly open: Buffer,
    private readonly close: Buffer,
    private readonly endMarker: Buffer | null,
    private readonly onElement: (buf: Buffer, open: number, gt: number, end: number) => void,
    private readonly tooLong: string,
  ) {}

  push(chunk: Buffer): void {
    let from = 0;
    // The element the last chunk ended in is finished with as little of this one as it needs: up to
    // the first end tag. The rest of the chunk is cut where it lies, without a copy.
    while (!this.finished && this.carried > 0 && from < chunk.length) {
      const close = chunk.indexOf(this.close, from);
      const head = close < 0 ? chunk.length : close + this.close.length;
      const length = this.carried + head - from;
      if (length > this.carry.length) {
        const bigger = Buffer.allocUnsafe(length + 16 * 1024);
        this.carry.copy(bigger, 0, 0, this.carried);
        this.carry = bigger;
      }
      chunk.copy(this.carry, this.carried, from, head);
      this.held = Math.max(this.held, this.carry.length + chunk.length);
      const rest = this.cut(this.carry, length, false, 0);
      const unfinished = length - rest;
      if (unfinished <= head - from) {
        // What is left unfinished lies in this chunk: go on from there.
        from = head - unfinished;
        this.carried = 0;
        break;
      }
      this.carry.copyWithin(0, rest, length);
      this.carried = unfinished;
      from = head;
    }
    if (this.finished || this.carried > 0) return;
    this.held = Math.max(this.held, this.carry.length + chunk.length);
    const rest = this.cut(chunk, chunk.length, false, from);
    const keep = chunk.length - rest;
    if (keep > this.carry.length) this.carry = Buffer.allocUnsafe(keep + 16 * 1024);
    chunk.copy(this.carry, 0, rest, chunk.length);
    this.carried = keep;
  }

  /** The last element, even when the file ends inside it. */
  end(): void {
    if (!this.finished && this.carried > 0) this.cut(this.carry, this.carried, true, 0);
    this.carried = 0;
    this.finished = true;
  }

  private check(bytes: number): void {
    if (bytes > MAX_ELEMENT_BYTES) throw new SheetRefused(this.tooLong, true);
  }

  /** Hands over every whole element in buf[0, length); returns where the unfinished rest starts. */
  private cut(buf: Buffer, length: number, final: boolean, from: number): number {
    const marker = this.endMarker;
    let pos = from;
    for (;;) {
      const open = seek(buf, this.open, pos, length);
      if (marker && seek(buf, marker, pos, open < 0 ? length : open) >= 0) {
        this.finished = true;
        return length;
      }
      // Keep a tail that may be the beginning of the next start tag or of the end marker.
      if (open < 0) return final ? length : Math.max(pos, length - Math.max(this.open.length, marker?.length ?? 0) + 1);
      const gt = seekByte(buf, GT, open, length);
      if (gt < 0) {
        this.check(length - open);
        return final ? length : open;
      }
      if (buf[gt - 1] === SLASH) {
        this.onElement(buf, open, gt, gt);
        pos = gt + 1;
        continue;
      }
      const close = seek(buf, this.close, gt, length);
      if (close < 0) {
        // No end tag yet: the element runs to the end marker, to the end of the file, or on into the next chunk.
        const stop = marker ? seek(buf, marker, gt, length) : -1;
        if (stop >= 0 || final) {
          const end = stop >= 0 ? stop : length;
          this.check(end - open);
          this.onElement(buf, open, gt, end);
          this.finished = true;
          return length;
        }
        this.check(length - open);
        return open;
      }
      this.check(close + this.close.length - open);
      this.onElement(buf, open, gt, close);
      pos = close + this.close.length;
    }
  }
}
