/**
 * The in-memory lookup index: sorted typed arrays searched by bisection. A JS Map cannot hold the
 * tens of millions of ported numbers (it stops near 16.7 million entries and costs ~80 bytes each);
 * here a ported mobile number costs 8 bytes.
 */

export interface PlanRangeInfo {
  operatorId: number;
  legalName: string;
  regionCodes: number[];
  /** Names of the regions, worked out once at build time. */
  regionName?: string | null;
}

/** The numbering plan: non-overlapping ranges sorted by their first number. */
export class PlanIndex {
  /** For each block of 100 000 numbers from 7 000 000 0000 up: the first range starting in it or later. */
  private readonly blocks: Uint32Array;

  private constructor(
    private readonly from: Float64Array,
    private readonly to: Float64Array,
    private readonly info: PlanRangeInfo[],
    private readonly kinds: Uint32Array,
  ) {
    this.blocks = directory(from, (n) => Math.floor((n - PLAN_BASE) / PLAN_BLOCK), PLAN_BLOCKS);
  }

  /** Builds the index; ranges may come in any order. */
  static build(ranges: readonly (PlanRangeInfo & { fromMsisdn: number; toMsisdn: number })[]): PlanIndex {
    const sorted = [...ranges].sort((a, b) => a.fromMsisdn - b.fromMsisdn);
    const from = new Float64Array(sorted.length);
    const to = new Float64Array(sorted.length);
    const info: PlanRangeInfo[] = [];
    const kinds = new Uint32Array(sorted.length);
    const kindOf = new Map<string, number>();
    sorted.forEach((r, i) => {
      from[i] = r.fromMsisdn;
      to[i] = r.toMsisdn;
      const range = {
        operatorId: r.operatorId,
        legalName: r.legalName,
        regionCodes: r.regionCodes,
        regionName: r.regionName ?? null,
      };
      info.push(range);
      const same = JSON.stringify(range);
      let kind = kindOf.get(same);
      if (kind === undefined) {
        kind = kindOf.size;
        kindOf.set(same, kind);
      }
      kinds[i] = kind;
    });
    return new PlanIndex(from, to, info, kinds);
  }

  /**
   * Ranges with the same holder, operator and regions answer alike: the same small integer for all
   * of them (thousands of ranges, a few hundred kinds), so a batch formats each answer once.
   */
  kindAt(position: number): number {
    return this.kinds[position] as number;
  }

  get size(): number {
    return this.from.length;
  }

  /** The range holding the number, if any. */
  find(msisdn: number): PlanRangeInfo | undefined {
    const i = this.indexOf(msisdn);
    return i < 0 ? undefined : this.info[i];
  }

  /** The position of the range holding the number, or -1: a small integer that names the range. */
  indexOf(msisdn: number): number {
    const from = this.from;
    let lo = 0;
    let hi = from.length - 1;
    let found = -1;
    if (msisdn >= PLAN_BASE && msisdn < PLAN_BASE + PLAN_BLOCK * PLAN_BLOCKS) {
      // Ranges starting in earlier blocks start below the number: search only this block's.
      const block = Math.floor((msisdn - PLAN_BASE) / PLAN_BLOCK);
      lo = this.blocks[block] as number;
      hi = (this.blocks[block + 1] as number) - 1;
      found = lo - 1;
    }
    // Last range whose first number is ≤ msisdn.
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if ((from[mid] as number) <= msisdn) {
        found = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    if (found < 0 || (this.to[found] as number) < msisdn) return -1;
    return found;
  }
}

const PLAN_BASE = 70_000_000_000;
const PLAN_BLOCK = 100_000;
const PLAN_BLOCKS = 100_000;

/**
 * For sorted keys, the first position of each bucket (`bucketOf` is monotonic; keys below bucket 0
 * come before it, keys past the last bucket after it): bisection then runs inside one bucket, a few
 * neighbouring cache lines instead of twenty-odd jumps across the whole array.
 */
function directory(keys: ArrayLike<number>, bucketOf: (key: number) => number, buckets: number): Uint32Array {
  const dir = new Uint32Array(buckets + 1);
  let i = 0;
  for (let b = 0; b <= buckets; b++) {
    while (i < keys.length && bucketOf(keys[i] as number) < b) i++;
    dir[b] = i;
  }
  return dir;
}

/** A ported number's entry: operator 0 means «returned to the range holder». */
export interface PortedEntry {
  operatorId: number;
  /** Days since 1970-01-01 of the last porting, 0 when unknown. */
  day: number;
}

const MOBILE_BASE = 79_000_000_000;
const MOBILE_END = 80_000_000_000;
// 10^9 mobile numbers (< 2^30) in blocks of 2^12.
const PORTED_BLOCK_BITS = 12;
const PORTED_BLOCKS = 2 ** (30 - PORTED_BLOCK_BITS);

/**
 * Ported numbers. Mobile numbers (79XXXXXXXXX, all but a handful) are kept as 32-bit offsets from
 * 79000000000 with a 16-bit operator id and a 16-bit day: 8 bytes a number. Any other number goes
 * to a small side table with 64-bit keys.
 */
export class PortedIndex {
  /** The first position of each block of 4 096 mobile numbers (see directory): 1 MB. */
  private readonly blocks: Uint32Array;

  private constructor(
    private readonly keys: Uint32Array,
    private readonly ops: Uint16Array,
    private readonly days: Uint16Array,
    private readonly otherKeys: Float64Array,
    private readonly otherOps: Uint16Array,
    private readonly otherDays: Uint16Array,
  ) {
    this.blocks = directory(keys, (k) => k >>> PORTED_BLOCK_BITS, PORTED_BLOCKS);
  }

  static empty(): PortedIndex {
    return new PortedIndexBuilder(0).finish();
  }

  /** @internal used by the builder */
  static fromArrays(
    keys: Uint32Array,
    ops: Uint16Array,
    days: Uint16Array,
    otherKeys: Float64Array,
    otherOps: Uint16Array,
    otherDays: Uint16Array,
  ): PortedIndex {
    return new PortedIndex(keys, ops, days, otherKeys, otherOps, otherDays);
  }

  get size(): number {
    return this.keys.length + this.otherKeys.length;
  }

  /** Bytes held by the arrays. */
  get byteLength(): number {
    return (
      this.keys.byteLength +
      this.ops.byteLength +
      this.days.byteLength +
      this.otherKeys.byteLength +
      this.otherOps.byteLength +
      this.otherDays.byteLength
    );
  }

  find(msisdn: number): PortedEntry | undefined {
    if (msisdn >= MOBILE_BASE && msisdn < MOBILE_END) {
      const key = msisdn - MOBILE_BASE;
      const block = key >>> PORTED_BLOCK_BITS;
      const i = bisect(this.keys, key, this.blocks[block] as number, (this.blocks[block + 1] as number) - 1);
      return i < 0 ? undefined : { operatorId: this.ops[i] as number, day: this.days[i] as number };
    }
    const i = bisect(this.otherKeys, msisdn);
    return i < 0 ? undefined : { operatorId: this.otherOps[i] as number, day: this.otherDays[i] as number };
  }
}

function bisect(keys: Uint32Array | Float64Array, key: number, lo = 0, hi = keys.length - 1): number {
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const k = keys[mid] as number;
    if (k < key) lo = mid + 1;
    else if (k > key) hi = mid - 1;
    else return mid;
  }
  return -1;
}

/** Collects ported numbers in ascending order (as the database hands them out) into a PortedIndex. */
export class PortedIndexBuilder {
  private keys: Uint32Array;
  private ops: Uint16Array;
  private days: Uint16Array;
  private n = 0;
  private last = -1;
  private readonly other: { key: number; op: number; day: number }[] = [];

  /** `expected` sizes the arrays up front (the row count), so a build of 30 million numbers copies nothing. */
  constructor(expected: number) {
    const capacity = Math.max(16, expected);
    this.keys = new Uint32Array(capacity);
    this.ops = new Uint16Array(capacity);
    this.days = new Uint16Array(capacity);
  }

  /** Adds a number; numbers must come in ascending order. */
  add(msisdn: number, operatorId: number, day: number): void {
    if (msisdn <= this.last) throw new Error('ported numbers must be added in ascending order');
    this.last = msisdn;
    if (msisdn >= MOBILE_BASE && msisdn < MOBILE_END) {
      if (this.n === this.keys.length) this.grow();
      this.keys[this.n] = msisdn - MOBILE_BASE;
      this.ops[this.n] = operatorId;
      this.days[this.n] = day;
      this.n++;
    } else {
      this.other.push({ key: msisdn, op: operatorId, day });
    }
  }

  private grow(): void {
    const capacity = Math.ceil(this.keys.length * 1.5);
    const keys = new Uint32Array(capacity);
    keys.set(this.keys);
    const ops = new Uint16Array(capacity);
    ops.set(this.ops);
    const days = new Uint16Array(capacity);
    days.set(this.days);
    this.keys = keys;
    this.ops = ops;
    this.days = days;
  }

  /**
   * Adds a page packed as `msisdn,operator,day;…` (see loadPortedPage); returns the last number or -1.
   * The database hands pages out in number order; a page that is not is sorted here first.
   */
  addPacked(page: string): number {
    const numbers: number[] = [];
    const ops: number[] = [];
    const days: number[] = [];
    let sorted = true;
    let start = 0;
    const len = page.length;
    while (start < len) {
      let end = page.indexOf(';', start);
      if (end === -1) end = len;
      const c1 = page.indexOf(',', start);
      const c2 = page.indexOf(',', c1 + 1);
      const msisdn = Number(page.slice(start, c1));
      if (numbers.length > 0 && msisdn <= (numbers[numbers.length - 1] as number)) sorted = false;
      numbers.push(msisdn);
      ops.push(Number(page.slice(c1 + 1, c2)));
      days.push(Number(page.slice(c2 + 1, end)));
      start = end + 1;
    }
    if (sorted) {
      for (let i = 0; i < numbers.length; i++) this.add(numbers[i] as number, ops[i] as number, days[i] as number);
    } else {
      const order = numbers.map((_, i) => i).sort((a, b) => (numbers[a] as number) - (numbers[b] as number));
      for (const i of order) this.add(numbers[i] as number, ops[i] as number, days[i] as number);
    }
    return numbers.length === 0 ? -1 : this.last;
  }

  finish(): PortedIndex {
    // Trim only when much was over-allocated; a copy of 30 million entries is not free.
    const trim = this.keys.length - this.n > 1024;
    const keys = trim ? this.keys.slice(0, this.n) : this.keys.subarray(0, this.n);
    const ops = trim ? this.ops.slice(0, this.n) : this.ops.subarray(0, this.n);
    const days = trim ? this.days.slice(0, this.n) : this.days.subarray(0, this.n);
    return PortedIndex.fromArrays(
      keys,
      ops,
      days,
      Float64Array.from(this.other, (o) => o.key),
      Uint16Array.from(this.other, (o) => o.op),
      Uint16Array.from(this.other, (o) => o.day),
    );
  }
}

/** Days since 1970-01-01 for `YYYY-MM-DD`, 0 for null. */
export function dayNumber(isoDate: string | null): number {
  if (!isoDate) return 0;
  const t = Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(t) ? 0 : Math.round(t / 86_400_000);
}

// Each day's text, made once: a lookup of a ported number writes its date, and the registry's dates fall
// on a few thousand days (at most one entry per calendar day).
const isoDays = new Map<number, string>();

/** `YYYY-MM-DD` for a day number, null for 0. */
export function dayToIso(day: number): string | null {
  if (day === 0) return null;
  let iso = isoDays.get(day);
  if (iso === undefined) {
    iso = new Date(day * 86_400_000).toISOString().slice(0, 10);
    isoDays.set(day, iso);
  }
  return iso;
}
