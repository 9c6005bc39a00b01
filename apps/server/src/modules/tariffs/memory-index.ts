import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client';
import { etagOf } from '../../lib/etag';
import { CATALOGUE_CHANGED, catalogueEvents } from './catalogue-events';
import { compareCodePoints } from './collation';
import { presentTariff, type TariffBase, type TariffRow } from './presenter';
import {
  type Bound,
  catalogueVersion,
  loadSearchRows,
  type PriceBound,
  searchKey,
  type TariffSearch,
} from './repository';
import type { TariffSortField } from './schemas';
import { UNLIMITED } from './tables';

export { compareCodePoints } from './collation';

/** A listed tariff in one region, with the searchable copies exactly as the SQL search reads them. */
interface SearchRow {
  base: TariffBase;
  regionCode: number;
  price: number;
  kind: string;
  searchName: string;
  /** Allowances as stored: UNLIMITED for unlimited. */
  minutesStored: number;
  smsStored: number;
  trafficStored: number;
}

/** The rows the index holds: one presented tariff shared by its regions. */
async function readSearchRows(db: Database) {
  const { tariffRows, regionRows, regions, operators } = await loadSearchRows(db);
  const base = new Map(tariffRows.map((r) => [Number(r.id), presentTariff(r)]));
  const rows: SearchRow[] = [];
  for (const r of regionRows) {
    const b = base.get(Number(r.tariff_id));
    if (!b) continue;
    rows.push({
      base: b,
      regionCode: Number(r.region_code),
      price: Number(r.price),
      kind: String(r.kind),
      searchName: String(r.search_name),
      minutesStored: Number(r.minutes),
      smsStored: Number(r.sms),
      trafficStored: Number(r.traffic_gb),
    });
  }
  return { rows, regions, operators };
}

interface Entry {
  row: SearchRow;
  /** Unit prices as numbers (null: not sold), for the NonPackage.* filters. */
  minutePrice: number | null;
  smsPrice: number | null;
}

interface Snapshot {
  version: string;
  /** Each region's rows, cheapest first (price, then tariff id): the order of the default sort. */
  byRegion: Map<number, Entry[]>;
  regionBySlug: Map<string, number>;
  operatorBySlug: Map<string, number>;
  /** Per region and sort: the rows' positions in that order (at most 10 orders per region). */
  orders: Map<string, Uint32Array>;
  /** List answers already made from this snapshot, as sent (a new snapshot starts empty). */
  pages: LRUCache<string, ListPage>;
}

/** A list answer serialized once: the JSON body and its ETag. */
export interface ListPage {
  body: string;
  etag: string;
}

/** Answers kept per snapshot: the pages people open again and again (a region's first page, popular filters). */
const PAGE_CACHE_BYTES = 16 * 1024 * 1024;

const SORT_VALUE: Record<Exclude<TariffSortField, 'name'>, (r: SearchRow) => number> = {
  price: (r) => r.price,
  minutes: (r) => r.minutesStored,
  sms: (r) => r.smsStored,
  traffic: (r) => r.trafficStored,
};

/** The ORDER BY of the SQL search: the field, then the cheapest, then the id. */
function comparator(sortBy: TariffSortField, desc: boolean): (a: Entry, b: Entry) => number {
  const dir = desc ? -1 : 1;
  const tail = (a: Entry, b: Entry) => a.row.price - b.row.price || a.row.base.id - b.row.base.id;
  if (sortBy === 'name') return (a, b) => dir * compareCodePoints(a.row.base.name, b.row.base.name) || tail(a, b);
  if (sortBy === 'price') return (a, b) => dir * (a.row.price - b.row.price) || a.row.base.id - b.row.base.id;
  const value = SORT_VALUE[sortBy];
  return (a, b) => dir * (value(a.row) - value(b.row)) || tail(a, b);
}

/** The allowance filters exactly as SQL applies them to the stored value (UNLIMITED for unlimited). */
function boundTest(b: Bound): ((v: number) => boolean) | null {
  const min = b.min === undefined ? undefined : Math.ceil(b.min);
  const max = b.max === undefined ? undefined : Math.floor(b.max);
  if (min === undefined && max === undefined && b.unlim !== true) return null;
  return (v) =>
    (min === undefined || v >= min) && (max === undefined || v <= max) && (b.unlim !== true || v === UNLIMITED);
}

function unitTest(b: PriceBound): ((v: number | null) => boolean) | null {
  if (b.min === undefined && b.max === undefined) return null;
  const { min, max } = b;
  // NULL fails every comparison in SQL.
  return (v) => v !== null && (min === undefined || v >= min) && (max === undefined || v <= max);
}

/**
 * The tariff catalogue of one node in memory: every listed (not archived) tariff of every region,
 * so a list page costs no database query (decision 012). The database stays the source of truth:
 * `tariff_catalogue_version` in `settings` grows with every import, each node polls it and
 * rebuilds; an import in this process marks the index stale at once. Until the first build (or
 * while a rebuild after a change in this process runs) searches wait for it.
 */
export class TariffIndex {
  private snapshot: Snapshot | null = null;
  private building: Promise<void> | null = null;
  private stale = true;
  private timer: NodeJS.Timeout | null = null;
  private readonly onChange = () => {
    this.stale = true;
  };

  constructor(
    private readonly db: Database,
    private readonly options: { pollMs: number; log?: FastifyBaseLogger },
  ) {}

  /** Builds the index and starts watching the stored version. */
  async start(): Promise<void> {
    catalogueEvents.on(CATALOGUE_CHANGED, this.onChange);
    await this.fresh();
    const poll = async () => {
      try {
        const version = await catalogueVersion(this.db);
        if (version !== this.snapshot?.version) this.stale = true;
        if (this.stale) await this.fresh();
      } catch (err) {
        this.options.log?.warn({ err }, 'тарифы: не удалось проверить версию каталога');
      }
      if (this.timer) this.timer = setTimeout(poll, this.options.pollMs).unref();
    };
    this.timer = setTimeout(poll, this.options.pollMs).unref();
  }

  stop(): void {
    catalogueEvents.off(CATALOGUE_CHANGED, this.onChange);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /**
   * The current snapshot, rebuilt first when the catalogue changed in this process or at start. A build
   * under way is waited for too: two callers waiting on one build both wake when it ends, and the first
   * may start the next one (the catalogue changed meanwhile) and clear `stale`; the second then has to
   * wait for that build, not take the snapshot it replaces (a staff member's applied upload was missing
   * from the list they asked for next, on PostgreSQL, in one CI run of three).
   */
  private async fresh(): Promise<Snapshot> {
    while (this.stale || !this.snapshot || this.building) {
      if (!this.building) {
        this.stale = false;
        this.building = this.build().finally(() => {
          this.building = null;
        });
      }
      await this.building;
    }
    return this.snapshot;
  }

  private async build(): Promise<void> {
    // Read the version first: a change committed while the rows are read makes the next poll rebuild.
    const started = performance.now();
    const version = await catalogueVersion(this.db);
    const { rows, regions, operators } = await readSearchRows(this.db);
    const byRegion = new Map<number, Entry[]>();
    for (const row of rows) {
      let list = byRegion.get(row.regionCode);
      if (!list) {
        list = [];
        byRegion.set(row.regionCode, list);
      }
      list.push({ row, minutePrice: row.base.minutePrice, smsPrice: row.base.smsPrice });
    }
    for (const list of byRegion.values())
      list.sort((a, b) => a.row.price - b.row.price || a.row.base.id - b.row.base.id);
    this.snapshot = {
      version,
      byRegion,
      regionBySlug: new Map(regions.map((r) => [r.slug, r.code])),
      operatorBySlug: new Map(operators.map((o) => [o.slug, o.id])),
      orders: new Map(),
      pages: new LRUCache<string, ListPage>({ maxSize: PAGE_CACHE_BYTES, sizeCalculation: (p) => p.body.length * 2 }),
    };
    this.options.log?.info(
      { version, rows: rows.length, ms: Math.round(performance.now() - started) },
      'тарифы: индекс каталога построен',
    );
  }

  /**
   * A list answer as it goes out: made by `make` (search and serialize) the first time a query is asked of
   * this snapshot, then served as it is until the catalogue changes. Profiling the list at 50 connections
   * put the search, the serialization and the ETag hash at a third of a request.
   */
  async page(search: TariffSearch, make: () => Promise<string>): Promise<ListPage> {
    return this.answer(`list ${JSON.stringify(search)}`, make);
  }

  /**
   * Any answer drawn from the catalogue (a region's filter bounds), kept like the list's pages until the
   * catalogue changes: the filters' two aggregates were most of the database time of a /tariffs page drawn
   * afresh. A call that fails (an unknown region) is not kept.
   */
  async answer(key: string, make: () => Promise<string>): Promise<ListPage> {
    const snap = await this.fresh();
    const cached = snap.pages.get(key);
    if (cached) return cached;
    const body = await make();
    const page = { body, etag: etagOf(body) };
    snap.pages.set(key, page);
    return page;
  }

  /** One page of a search and the number of all matches: the same answer as the SQL search. */
  async search(q: TariffSearch): Promise<{ rows: TariffRow[]; totalRows: number }> {
    const snap = await this.fresh();
    const code = 'code' in q.region ? q.region.code : snap.regionBySlug.get(q.region.slug);
    const all = code === undefined ? undefined : snap.byRegion.get(code);
    if (!all) return { rows: [], totalRows: 0 };
    const tests: ((e: Entry) => boolean)[] = [];
    if (q.kind) {
      const kind = q.kind;
      tests.push((e) => e.row.kind === kind);
    }
    if (q.name) {
      const key = searchKey(q.name);
      tests.push((e) => e.row.searchName.includes(key));
    }
    if (q.operatorIds) {
      const ids = new Set(q.operatorIds);
      tests.push((e) => ids.has(e.row.base.operatorId));
    }
    if (q.operatorSlugs) {
      const ids = new Set(q.operatorSlugs.map((s) => snap.operatorBySlug.get(s)).filter((id) => id !== undefined));
      tests.push((e) => ids.has(e.row.base.operatorId));
    }
    const minutes = boundTest(q.minutes);
    if (minutes) tests.push((e) => minutes(e.row.minutesStored));
    const sms = boundTest(q.sms);
    if (sms) tests.push((e) => sms(e.row.smsStored));
    const traffic = boundTest(q.traffic);
    if (traffic) tests.push((e) => traffic(e.row.trafficStored));
    // price is whole roubles: a fractional bound rounds inwards, as in SQL.
    const price = boundTest({ min: q.price.min, max: q.price.max });
    if (price) tests.push((e) => price(e.row.price));
    const minutePrice = unitTest(q.minutePrice);
    if (minutePrice) tests.push((e) => minutePrice(e.minutePrice));
    const smsPrice = unitTest(q.smsPrice);
    if (smsPrice) tests.push((e) => smsPrice(e.smsPrice));

    const matches = (e: Entry) => {
      for (let i = 0; i < tests.length; i++) if (!(tests[i] as (e: Entry) => boolean)(e)) return false;
      return true;
    };
    const present = (e: Entry): TariffRow => ({ ...e.row.base, regionCode: e.row.regionCode, price: e.row.price });
    const end = q.skip + q.take;

    if (q.bestByOperator) {
      // Rows are cheapest first, so the first match of an operator is its cheapest; only those few are sorted.
      const seen = new Set<number>();
      const best: Entry[] = [];
      for (const e of all) {
        if (seen.has(e.row.base.operatorId) || !matches(e)) continue;
        seen.add(e.row.base.operatorId);
        best.push(e);
      }
      best.sort(comparator(q.sortBy, q.sortDesc));
      return { rows: best.slice(q.skip, end).map(present), totalRows: best.length };
    }

    // Walk the region in the asked order (sorted once per snapshot): count every match, keep the page's.
    const order = this.order(snap, code as number, all, q.sortBy, q.sortDesc);
    const rows: TariffRow[] = [];
    let total = 0;
    for (let i = 0; i < order.length; i++) {
      const e = all[order[i] as number] as Entry;
      if (!matches(e)) continue;
      if (total >= q.skip && total < end) rows.push(present(e));
      total++;
    }
    return { rows, totalRows: total };
  }

  /** The region's rows in one sort order, as positions in its price-ordered list; made on first use. */
  private order(snap: Snapshot, code: number, all: Entry[], sortBy: TariffSortField, desc: boolean): Uint32Array {
    const key = `${code}:${sortBy}:${desc}`;
    let order = snap.orders.get(key);
    if (!order) {
      const positions = Array.from({ length: all.length }, (_, i) => i);
      if (!(sortBy === 'price' && !desc)) {
        const compare = comparator(sortBy, desc);
        positions.sort((a, b) => compare(all[a] as Entry, all[b] as Entry));
      }
      order = Uint32Array.from(positions);
      snap.orders.set(key, order);
    }
    return order;
  }

  /** Every listed tariff of a region, cheapest first (what the calculator ranks); [] for a region without any. */
  async region(code: number): Promise<TariffRow[]> {
    const snap = await this.fresh();
    return (snap.byRegion.get(code) ?? []).map((e) => ({
      ...e.row.base,
      regionCode: e.row.regionCode,
      price: e.row.price,
    }));
  }
}
