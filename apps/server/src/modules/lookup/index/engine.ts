import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client';
import { logoUrl } from '../../../lib/operator-logo';
import {
  ensureLookupState,
  findPorted,
  flushPortedWrites,
  loadOperatorsBrief,
  loadPlanRanges,
  loadPortedChanges,
  loadPortedPage,
  loadRegionNames,
  portedTotals,
  readLookupState,
  readLookupVersions,
} from '../repository';
import { dayNumber, dayToIso, PlanIndex, type PlanRangeInfo, PortedIndex, PortedIndexBuilder } from './lookup-index';

/** What a lookup answers (the API's MsisdnInfo). */
export interface LookupAnswer {
  msisdn: string;
  operatorId: number;
  operatorName: string;
  operatorLogo: string;
  regionCode: number | null;
  regionName: string | null;
  isPorted: boolean;
  lastPortation: string | null;
  /** The range holder's legal name as the registry spells it. */
  rangeHolder: string | null;
  /** The range holder (the operator a number goes back to). Not part of the API answer. */
  rangeOperatorId: number | null;
  /** Every region of the number's range (Moscow and its oblast share ranges). Not part of the API answer. */
  regionCodes: number[];
}

interface OverlayEntry {
  operatorId: number;
  day: number;
  /** Change sequence number, to tell what a rebuild already holds. */
  seq: number;
}

/**
 * The index as it was when a batch file started: the same plan, ported arrays and names for every row
 * of the file, so answers can be formatted once per distinct key and reused.
 */
export interface BatchView {
  /**
   * Equal for two numbers exactly when their answers are equal but for the number (ranges of the same
   * kind, the same ported-registry entry): a small integer; -1 when no range holds the number.
   */
  key(msisdn: number): number;
  /** The full answer, as `lookup` gives it, from the same view. */
  answer(msisdn: string): LookupAnswer | undefined;
}

interface OperatorBrief {
  name: string;
  logo: string;
  /** `"operatorId":…,"operatorName":…,"operatorLogo":…`, the operator's part of an answer's JSON. */
  json: string;
}

/** The operator's part of an answer's JSON (see LookupEngine.lookupJson). */
function operatorJson(operatorId: number, name: string, logo: string): string {
  return `"operatorId":${operatorId},"operatorName":${JSON.stringify(name)},"operatorLogo":${JSON.stringify(logo)}`;
}
const UNKNOWN_OPERATOR = 'Неизвестный оператор';

/** The range's two parts of an answer's JSON: region (code, name) and holder. */
interface RangeJson {
  region: string;
  holder: string;
}

function rangeJson(range: PlanRangeInfo | undefined): RangeJson {
  return {
    region: `"regionCode":${range?.regionCodes[0] ?? null},"regionName":${JSON.stringify(range?.regionName ?? null)}`,
    holder: `"rangeHolder":${JSON.stringify(range?.legalName ?? null)}`,
  };
}
const NO_RANGE_JSON = rangeJson(undefined);

// Past this many changes since the last full build, the overlay is folded into a fresh build.
const OVERLAY_LIMIT = 200_000;
const PAGE_SIZE = 200_000;

/**
 * One node's lookup engine: the plan and the ported registry as sorted typed arrays, rebuilt from
 * the database, plus an overlay of the changes seen since the last build. It polls the database by
 * change sequence (PGlite cannot LISTEN across processes), so every node sees a porting within
 * about one poll interval.
 */
export class LookupEngine {
  private plan = PlanIndex.build([]);
  private ported = PortedIndex.empty();
  // Small by construction (changes since the last build, capped by OVERLAY_LIMIT).
  private overlay = new Map<number, OverlayEntry>();
  private operators = new Map<number, OperatorBrief>();
  /** Each plan range's parts of an answer's JSON, made on the range's first lookup. */
  private rangeJson = new WeakMap<PlanRangeInfo, RangeJson>();
  private regionNames = new Map<number, string>();
  private planVersion = -1;
  private portedGeneration = -1;
  private lastSeq = 0;
  private timer: NodeJS.Timeout | undefined;
  private rebuilding: Promise<void> | undefined;
  private stopped = false;
  private inflight: Promise<void> | undefined;
  private warmup: Promise<void> | undefined;
  private portedReady = false;
  /** Facts about the current plan, for the page's «demo data» note. */
  planFacts: { isDemo: boolean; source: string | null; importedAt: Date | null; ranges: number } = {
    isDemo: false,
    source: null,
    importedAt: null,
    ranges: 0,
  };

  constructor(
    private readonly db: Database,
    private readonly options: { pollMs: number; log?: FastifyBaseLogger },
  ) {}

  /** Builds the index and starts polling. */
  /**
   * Builds the plan index, then the ported-number index in the background: a node with tens of
   * millions of ported numbers takes a while, and meanwhile answers single lookups from the
   * database (see lookupFresh). Polling starts once the first build is done.
   */
  async start(): Promise<void> {
    try {
      await ensureLookupState(this.db);
      const state = await readLookupState(this.db);
      if (state) await this.rebuildPlan(state.planVersion);
      this.warmup = (async () => {
        await this.refresh();
        this.portedReady = true;
      })()
        .catch((err: unknown) => this.options.log?.error({ err }, 'lookup index not built'))
        .finally(() => this.schedule());
    } catch (err) {
      // An unmigrated database (the OpenAPI export) or a passing outage: answer 404s and keep polling.
      this.options.log?.error({ err }, 'lookup index not built');
      this.schedule();
    }
  }

  /** The first full build is over. */
  get isReady(): boolean {
    return this.portedReady;
  }

  /** Resolves once the first full build is over (batch lookups wait for it). */
  async whenReady(): Promise<void> {
    await this.warmup;
  }

  /** Like lookup, but correct during the first build too: the ported registry is then asked directly. */
  async lookupFresh(msisdn: string): Promise<LookupAnswer | undefined> {
    if (this.portedReady) return this.lookup(msisdn);
    const row = await findPorted(this.db, Number(msisdn));
    return this.answer(msisdn, row ? { operatorId: row.operatorId ?? 0, day: dayNumber(row.portedOn) } : undefined);
  }

  /** Stops polling and waits for a refresh in flight, so the database can close under it; the index keeps answering. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await Promise.all([this.inflight, this.warmup]);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.inflight = this.refresh()
        .catch((err: unknown) => this.options.log?.error({ err }, 'lookup index refresh failed'))
        .finally(() => this.schedule());
    }, this.options.pollMs);
    this.timer.unref();
  }

  /** Brings the index up to date with the database: plan and full rebuilds when versions moved, else the changes. */
  async refresh(): Promise<void> {
    const state = await readLookupVersions(this.db);
    if (!state) return;
    // A writer that stopped between its commit and its flush left these: any node moves them on.
    if (state.stranded) await flushPortedWrites(this.db);
    if (state.planVersion !== this.planVersion) await this.rebuildPlan(state.planVersion);
    if (state.portedGeneration !== this.portedGeneration) {
      // A full dump replaced the registry: nothing in the old arrays or the overlay holds any more.
      await this.rebuildPorted(state.portedGeneration, true);
    } else if (this.overlay.size > OVERLAY_LIMIT && !this.rebuilding) {
      // Folding the overlay in takes a while at tens of millions; changes keep arriving meanwhile.
      this.rebuildPorted(state.portedGeneration, false).catch((err: unknown) =>
        this.options.log?.error({ err }, 'lookup index rebuild failed'),
      );
    }
    // Most polls find nothing new: the changes are read only when the newest one is past this index's.
    if (state.maxSeq > this.lastSeq) await this.applyChanges();
  }

  private async rebuildPlan(version: number): Promise<void> {
    const [ranges, state] = await Promise.all([loadPlanRanges(this.db), readLookupState(this.db)]);
    await this.reloadNames();
    this.plan = PlanIndex.build(ranges.map((r) => ({ ...r, regionName: this.regionName(r.regionCodes) })));
    this.planVersion = version;
    this.planFacts = {
      isDemo: state?.planIsDemo ?? false,
      source: state?.planSource ?? null,
      importedAt: state?.planImportedAt ?? null,
      ranges: ranges.length,
    };
  }

  private async reloadNames(): Promise<void> {
    const [ops, regions] = await Promise.all([loadOperatorsBrief(this.db), loadRegionNames(this.db)]);
    this.operators = new Map(
      ops.map((o) => {
        const logo = logoUrl(o.slug);
        return [o.id, { name: o.name, logo, json: operatorJson(o.id, o.name, logo) }];
      }),
    );
    this.regionNames = new Map(regions.map((r) => [r.code, r.name]));
  }

  /**
   * Reads the whole registry page by page in number order into fresh arrays. Changes newer than the
   * build's starting point stay in the overlay (they may be missing from the pages); with `fresh`
   * (a new full dump) the overlay starts over at that point.
   */
  async rebuildPorted(generation: number, fresh = true): Promise<void> {
    if (this.rebuilding) return this.rebuilding;
    this.rebuilding = (async () => {
      const totals = await portedTotals(this.db);
      const builder = new PortedIndexBuilder(totals.count);
      let after = 0;
      for (;;) {
        // A node shutting down mid-build stops reading; the old index keeps answering until then.
        if (this.stopped) return;
        const page = await loadPortedPage(this.db, after, PAGE_SIZE);
        if (page === '') break;
        after = builder.addPacked(page);
      }
      this.ported = builder.finish();
      // Writers commit in sequence order (repository: PORTED_WRITE_LOCK), so every change up to
      // maxSeq was committed before the pages were read and is in the new arrays.
      const kept = new Map<number, OverlayEntry>();
      if (!fresh) for (const [n, e] of this.overlay) if (e.seq > totals.maxSeq) kept.set(n, e);
      this.overlay = kept;
      if (fresh || this.lastSeq < totals.maxSeq) this.lastSeq = totals.maxSeq;
      this.portedGeneration = generation;
      await this.reloadNames();
    })().finally(() => {
      this.rebuilding = undefined;
    });
    return this.rebuilding;
  }

  private async applyChanges(): Promise<void> {
    let unknownOperator = false;
    for (;;) {
      const changes = await loadPortedChanges(this.db, this.lastSeq, 50_000);
      for (const c of changes) {
        const operatorId = c.operatorId ?? 0;
        this.overlay.set(c.msisdn, { operatorId, day: dayNumber(c.portedOn), seq: c.changeSeq });
        if (operatorId !== 0 && !this.operators.has(operatorId)) unknownOperator = true;
        this.lastSeq = c.changeSeq;
      }
      if (changes.length < 50_000) break;
    }
    if (unknownOperator) await this.reloadNames();
  }

  /** Numbers in the ported registry's arrays (not counting the overlay). */
  get portedCount(): number {
    return this.ported.size;
  }

  get portedBytes(): number {
    return this.ported.byteLength;
  }

  /** The answer for a normalised number `7XXXXXXXXXX`, or undefined when no range holds it. */
  lookup(msisdn: string): LookupAnswer | undefined {
    const n = Number(msisdn);
    return this.answer(msisdn, this.overlay.get(n) ?? this.ported.find(n));
  }

  /**
   * The single lookup's answer as JSON text: the API's MsisdnInfo, `quota` (JSON text too) last. The same
   * bytes the route's schema serializer writes for `{ ...lookup(msisdn), quota }`, without making that
   * object: the operator's and the range's parts are serialized once and reused (decision 023).
   * Undefined when no range holds the number. `msisdn` is normalised (11 digits): it needs no escaping.
   */
  lookupJson(msisdn: string, quotaJson: string): string | undefined {
    const n = Number(msisdn);
    const port = this.overlay.get(n) ?? this.ported.find(n);
    const range = this.plan.find(n);
    const portedTo = port && port.operatorId !== 0 ? port.operatorId : undefined;
    const operatorId = portedTo ?? range?.operatorId;
    if (operatorId === undefined) return undefined;
    const operator = this.operators.get(operatorId)?.json ?? operatorJson(operatorId, UNKNOWN_OPERATOR, '');
    let parts = range ? this.rangeJson.get(range) : NO_RANGE_JSON;
    if (!parts) {
      parts = rangeJson(range);
      this.rangeJson.set(range as PlanRangeInfo, parts);
    }
    const day = port ? dayToIso(port.day) : null;
    return `{"msisdn":"${msisdn}",${operator},${parts.region},"isPorted":${portedTo !== undefined},"lastPortation":${day === null ? 'null' : `"${day}"`},${parts.holder},"quota":${quotaJson}}`;
  }

  /** A fixed view of the index for one batch file (see BatchView). */
  batchView(): BatchView {
    const { plan, ported, overlay, operators } = this;
    // A number in no ported entry is keyed by its range's kind (PlanIndex.kindAt); each distinct
    // (kind, entry) of a ported number gets the next integer past them.
    const portedKeys = new Map<string, number>();
    return {
      key: (n) => {
        const port = (overlay.size > 0 ? overlay.get(n) : undefined) ?? ported.find(n);
        const range = plan.indexOf(n);
        const kind = range < 0 ? -1 : plan.kindAt(range);
        if (!port) return kind;
        if (range < 0 && port.operatorId === 0) return -1;
        const entry = `${kind},${port.operatorId},${port.day}`;
        let key = portedKeys.get(entry);
        if (key === undefined) {
          key = plan.size + portedKeys.size;
          portedKeys.set(entry, key);
        }
        return key;
      },
      answer: (msisdn) => {
        const n = Number(msisdn);
        return this.answer(msisdn, overlay.get(n) ?? ported.find(n), plan, operators);
      },
    };
  }

  /** The answer from the number's range and its ported-registry entry, if any. */
  private answer(
    msisdn: string,
    port: { operatorId: number; day: number } | undefined,
    plan = this.plan,
    operators = this.operators,
  ): LookupAnswer | undefined {
    const range: PlanRangeInfo | undefined = plan.find(Number(msisdn));
    const portedTo = port && port.operatorId !== 0 ? port.operatorId : undefined;
    const operatorId = portedTo ?? range?.operatorId;
    if (operatorId === undefined) return undefined;
    const operator = operators.get(operatorId);
    const regionCode = range?.regionCodes[0] ?? null;
    return {
      msisdn,
      operatorId,
      operatorName: operator?.name ?? UNKNOWN_OPERATOR,
      operatorLogo: operator?.logo ?? '',
      regionCode,
      regionName: range?.regionName ?? null,
      isPorted: portedTo !== undefined,
      lastPortation: port ? dayToIso(port.day) : null,
      rangeHolder: range?.legalName ?? null,
      rangeOperatorId: range?.operatorId ?? null,
      regionCodes: range?.regionCodes ?? [],
    };
  }

  /** «г. Москва и Московская область» for a range registered to both. */
  private regionName(codes: number[]): string | null {
    const names = codes.map((c) => this.regionNames.get(c)).filter((n): n is string => n !== undefined);
    return names.length > 0 ? names.join(' и ') : null;
  }
}
