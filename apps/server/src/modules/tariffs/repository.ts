import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { allOperators, operatorsByIds, operatorsBySlugs } from '../operators';
import { findRegion, regionNames } from '../regions';
import { serviceSlugs } from '../services';
import { bumpCounterSetting, settingValue } from '../settings';
import type { TariffKind } from './catalogue';
import { CATALOGUE_VERSION_KEY } from './catalogue-events';
import { compareCodePoints } from './collation';
import { preparedRows, type Row, rows } from './dialect';
import type { TariffSortField } from './schemas';
import { catalogueUploads, tariffRegions, tariffs, UNLIMITED } from './tables';

export interface Bound {
  min?: number | undefined;
  max?: number | undefined;
  /** true: only unlimited. */
  unlim?: boolean | undefined;
}

export interface PriceBound {
  min?: number | undefined;
  max?: number | undefined;
}

/** One search of a region's catalogue, as both API versions express it. */
export interface TariffSearch {
  region: { code: number } | { slug: string };
  kind?: TariffKind | undefined;
  name?: string | undefined;
  operatorIds?: number[] | undefined;
  operatorSlugs?: string[] | undefined;
  minutes: Bound;
  sms: Bound;
  traffic: Bound;
  price: PriceBound;
  minutePrice: PriceBound;
  smsPrice: PriceBound;
  bestByOperator: boolean;
  sortBy: TariffSortField;
  sortDesc: boolean;
  skip: number;
  take: number;
}

/** Lower case with ё → е: the name key stored in tariff_regions and used to search it. */
export function searchKey(text: string): string {
  return text.toLowerCase().replaceAll('ё', 'е').trim();
}

// The operator's slug, name and colour are not joined here: the operators module names them by id
// (`withOperators`), so no statement of this module names another module's table (decision 131).
const TARIFF_COLUMNS = sql.raw(`t.id, t.slug, t.name, t.kind, t.description, t.operator_id, t.minutes, t.sms,
  t.traffic_gb, t.minute_price, t.sms_price, t.mb_price, t.url, t.media_service_ids, t.convergence_service_ids,
  t.is_archived, t.updated_at`);

/** Adds `operator_slug`, `operator_name` and `operator_color` to tariff rows, as the operators module names them. */
async function withOperators(db: Database, found: Row[]): Promise<Row[]> {
  if (found.length === 0) return found;
  const ops = await operatorsByIds(
    db,
    found.map((r) => Number(r.operator_id)),
  );
  return found.map((r) => named(r, ops.get(Number(r.operator_id))));
}

function named(r: Row, o: { slug: string; name: string; color: string } | undefined): Row {
  return { ...r, operator_slug: o?.slug, operator_name: o?.name, operator_color: o?.color };
}

/** A search with its region as a code and its operator slugs as ids: what the SQL is written from. */
export type ResolvedSearch = TariffSearch & { region: { code: number }; operatorSlugIds?: number[] | undefined };

/**
 * Resolves what a search names by slug through the regions and operators modules: an unknown region
 * becomes code 0 (no row has it, so nothing matches and the caller answers 400), an unknown operator slug
 * is left out.
 */
export async function resolveSearch(db: Database, q: TariffSearch): Promise<ResolvedSearch> {
  const [region, ops] = await Promise.all([
    'code' in q.region ? q.region : findRegion(db, q.region).then((r) => ({ code: r?.code ?? 0 })),
    q.operatorSlugs ? operatorsBySlugs(db, q.operatorSlugs) : undefined,
  ]);
  return { ...q, region: { code: region.code }, operatorSlugIds: ops ? [...ops.values()].map((o) => o.id) : undefined };
}

function idList(ids: number[]): SQL {
  return ids.length === 0
    ? sql`false`
    : sql`tr.operator_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`;
}

function boundConditions(column: string, b: Bound): SQL[] {
  const c = sql.raw(`tr.${column}`);
  const out: SQL[] = [];
  // An unlimited allowance is stored as UNLIMITED, so it passes every minimum and fails every maximum.
  if (b.min !== undefined) out.push(sql`${c} >= ${Math.ceil(b.min)}`);
  if (b.max !== undefined) out.push(sql`${c} <= ${Math.floor(b.max)}`);
  if (b.unlim === true) out.push(sql`${c} = ${UNLIMITED}`);
  return out;
}

/** The WHERE of a search: everything but paging, sorting and BestByOperator. */
function searchConditions(q: ResolvedSearch): { where: SQL; needsTariffs: boolean } {
  const conds: SQL[] = [sql`tr.region_code = ${q.region.code}`, sql`tr.is_archived = false`];
  if (q.kind) conds.push(sql`tr.kind = ${q.kind}`);
  if (q.name) conds.push(sql`strpos(tr.search_name, ${searchKey(q.name)}) > 0`);
  if (q.operatorIds) conds.push(idList(q.operatorIds));
  if (q.operatorSlugIds) conds.push(idList(q.operatorSlugIds));
  conds.push(...boundConditions('minutes', q.minutes), ...boundConditions('sms', q.sms));
  conds.push(...boundConditions('traffic_gb', q.traffic));
  // price is whole roubles: a fractional bound rounds inwards.
  if (q.price.min !== undefined) conds.push(sql`tr.price >= ${Math.ceil(q.price.min)}`);
  if (q.price.max !== undefined) conds.push(sql`tr.price <= ${Math.floor(q.price.max)}`);
  let needsTariffs = false;
  const unitPrice = (column: string, b: PriceBound) => {
    if (b.min !== undefined) conds.push(sql`${sql.raw(`t.${column}`)} >= ${String(b.min)}::numeric`);
    if (b.max !== undefined) conds.push(sql`${sql.raw(`t.${column}`)} <= ${String(b.max)}::numeric`);
    if (b.min !== undefined || b.max !== undefined) needsTariffs = true;
  };
  unitPrice('minute_price', q.minutePrice);
  unitPrice('sms_price', q.smsPrice);
  return { where: sql.join(conds, sql` and `), needsTariffs };
}

const SORT_COLUMN: Record<TariffSortField, string> = {
  price: 'price',
  minutes: 'minutes',
  sms: 'sms',
  traffic: 'traffic_gb',
  name: 'name collate "C"',
};

/** ORDER BY for a table aliased `alias`: the field, then the cheapest, then the id, so pages never overlap. */
function orderBy(alias: string, q: Pick<TariffSearch, 'sortBy' | 'sortDesc'>): SQL {
  const dir = q.sortDesc ? 'desc' : 'asc';
  const key = `${alias}.${SORT_COLUMN[q.sortBy]} ${dir}`;
  const tail = q.sortBy === 'price' ? `${alias}.tariff_id asc` : `${alias}.price asc, ${alias}.tariff_id asc`;
  return sql.raw(`${key}, ${tail}`);
}

/** The matching rows of tariff_regions (one per operator with BestByOperator), as a subquery `m`. */
function matchedSource(q: ResolvedSearch): SQL {
  const { where, needsTariffs } = searchConditions(q);
  const join = needsTariffs ? sql`join tariffs t on t.id = tr.tariff_id` : sql``;
  if (q.bestByOperator) {
    // DISTINCT ON keeps the first row per operator in the ORDER BY: its cheapest match.
    return sql`(select distinct on (tr.operator_id) tr.* from tariff_regions tr ${join} where ${where}
      order by tr.operator_id, tr.price, tr.tariff_id)`;
  }
  return sql`(select tr.* from tariff_regions tr ${join} where ${where})`;
}

/** The page query of a search: matching rows counted by a window, then joined for the page only. */
export function searchPageSql(q: ResolvedSearch): SQL {
  const source = matchedSource(q);
  return sql`with page as (
      select m.tariff_id, m.region_code, m.price, m.minutes, m.sms, m.traffic_gb, m.name,
        count(*) over () as total
      from ${source} m
      order by ${orderBy('m', q)}
      limit ${q.take} offset ${q.skip}
    )
    select ${TARIFF_COLUMNS}, page.region_code, page.price, page.total
    from page join tariffs t on t.id = page.tariff_id
    order by ${orderBy('page', q)}`;
}

/** One page of a search (tariffs+operators rows with region_code and price) and the number of all matches. */
export async function searchTariffs(db: Database, search: TariffSearch): Promise<{ rows: Row[]; totalRows: number }> {
  const q = await resolveSearch(db, search);
  const found = await preparedRows(db, searchPageSql(q));
  if (found.length > 0) return { rows: await withOperators(db, found), totalRows: Number(found[0]?.total) };
  // Past the last page (or nothing matches): the window count is gone with the rows, so count apart.
  const [counted] = await rows<{ n: number }>(db, sql`select count(*)::int as n from ${matchedSource(q)} m`);
  return { rows: [], totalRows: Number(counted?.n ?? 0) };
}

/** The operators selling in a region (with counts and lowest prices) and one row of every filterable field's bounds. */
export async function tariffFilters(db: Database, regionCode: number, kind?: TariffKind) {
  const where = sql`tr.region_code = ${regionCode} and tr.is_archived = false ${kind ? sql`and tr.kind = ${kind}` : sql``}`;
  const [counted, [stats]] = await Promise.all([
    rows(
      db,
      sql`select tr.operator_id, count(*)::int as tariff_count, min(tr.price) as min_price
        from tariff_regions tr where ${where} group by tr.operator_id`,
    ),
    rows(
      db,
      sql`select count(*)::int as total, count(*) filter (where tr.kind = 'Package')::int as packages,
          count(*) filter (where tr.kind = 'NonPackage')::int as non_packages,
          min(tr.price) as price_min, max(tr.price) as price_max,
          min(tr.minutes) filter (where tr.minutes < ${UNLIMITED}) as minutes_min,
          max(tr.minutes) filter (where tr.minutes < ${UNLIMITED}) as minutes_max,
          coalesce(bool_or(tr.minutes = ${UNLIMITED}), false) as minutes_unlim,
          min(tr.sms) filter (where tr.sms < ${UNLIMITED}) as sms_min,
          max(tr.sms) filter (where tr.sms < ${UNLIMITED}) as sms_max,
          coalesce(bool_or(tr.sms = ${UNLIMITED}), false) as sms_unlim,
          min(tr.traffic_gb) filter (where tr.traffic_gb < ${UNLIMITED}) as traffic_min,
          max(tr.traffic_gb) filter (where tr.traffic_gb < ${UNLIMITED}) as traffic_max,
          coalesce(bool_or(tr.traffic_gb = ${UNLIMITED}), false) as traffic_unlim,
          min(t.minute_price) filter (where tr.kind = 'NonPackage') as minute_price_min,
          max(t.minute_price) filter (where tr.kind = 'NonPackage') as minute_price_max,
          min(t.sms_price) filter (where tr.kind = 'NonPackage') as sms_price_min,
          max(t.sms_price) filter (where tr.kind = 'NonPackage') as sms_price_max,
          min(t.mb_price) filter (where tr.kind = 'NonPackage') as mb_price_min,
          max(t.mb_price) filter (where tr.kind = 'NonPackage') as mb_price_max
        from tariff_regions tr join tariffs t on t.id = tr.tariff_id where ${where}`,
    ),
  ]);
  // The operators' names from their module, in code-point order (PostgreSQL's `collate "C"`).
  const names = await operatorsByIds(
    db,
    counted.map((c) => Number(c.operator_id)),
  );
  const ops = counted.flatMap((c) => {
    const o = names.get(Number(c.operator_id));
    return o
      ? [{ id: o.id, slug: o.slug, name: o.name, color: o.color, tariff_count: c.tariff_count, min_price: c.min_price }]
      : [];
  });
  ops.sort((a, b) => compareCodePoints(a.name, b.name));
  return { operators: ops as Row[], stats: stats as Row | undefined };
}

/** A tariffs+operators row by id with every region it is sold in; undefined when there is none. */
export async function findTariffById(db: Database, id: number) {
  const [row] = await rows(db, sql`select ${TARIFF_COLUMNS} from tariffs t where t.id = ${id}`);
  if (!row) return undefined;
  const [[named], sold, regionList] = await Promise.all([
    withOperators(db, [row]),
    db
      .select({ regionCode: tariffRegions.regionCode, price: tariffRegions.price })
      .from(tariffRegions)
      .where(eq(tariffRegions.tariffId, id))
      .orderBy(asc(tariffRegions.regionCode)),
    regionNames(db),
  ]);
  const regions = sold.flatMap((s) => {
    const r = regionList.get(s.regionCode);
    return r ? [{ regionCode: s.regionCode, regionSlug: r.slug, regionName: r.name, price: s.price }] : [];
  });
  return { row: named as Row, regions };
}

/** The row (with region_code and price) of an operator's tariff of this name (any case) in the region, archived ones included. */
export async function findTariffByName(db: Database, name: string, operatorId: number, regionCode: number) {
  const [row] = await rows(
    db,
    sql`select ${TARIFF_COLUMNS}, tr.region_code, tr.price
      from tariff_regions tr join tariffs t on t.id = tr.tariff_id
      where tr.region_code = ${regionCode} and tr.operator_id = ${operatorId} and tr.search_name = ${searchKey(name)}
      order by tr.is_archived, t.id limit 1`,
  );
  return row ? (await withOperators(db, [row]))[0] : undefined;
}

const CHUNK = 500;

/** The ids a catalogue file names by slug and code, read inside the import's transaction. */
export interface CatalogueReferences {
  operatorIds: Map<string, number>;
  mediaIds: Map<string, number>;
  convergenceIds: Map<string, number>;
  regionCodes: Set<number>;
}

/** One tariff to store (allowances as stored: UNLIMITED for unlimited) with its regional prices. */
export interface StoredTariff {
  values: typeof tariffs.$inferInsert & {
    operatorId: number;
    kind: string;
    minutes: number;
    sms: number;
    trafficGb: number;
  };
  regions: { regionCode: number; price: number }[];
}

/**
 * Writes tariffs (insert or update by operator and slug) and replaces their regional prices, in one
 * transaction; `prepare` turns the references into the rows (and may throw to write nothing);
 * `replace` first archives every other tariff so a full export–import round trips.
 */
export async function writeCatalogue(
  db: Database,
  prepare: (references: CatalogueReferences) => StoredTariff[],
  options: { replace?: boolean } = {},
): Promise<{ tariffs: number; regionRows: number }> {
  return db.transaction(async (tx) => {
    // One after another: a transaction is one connection.
    // Read through their owners' faces (decision 131).
    const ops = await allOperators(tx);
    const services = await serviceSlugs(tx);
    const regionList = await regionNames(tx);
    const list = prepare({
      operatorIds: new Map(ops.map((o) => [o.slug, o.id])),
      mediaIds: new Map(services.media.map((m) => [m.slug, m.id])),
      convergenceIds: new Map(services.convergence.map((m) => [m.slug, m.id])),
      regionCodes: new Set(regionList.keys()),
    });
    const values = list.map((t) => t.values);
    if (options.replace) {
      await tx.update(tariffs).set({ isArchived: true });
      await tx.update(tariffRegions).set({ isArchived: true });
    }
    const ids: number[] = [];
    for (let i = 0; i < values.length; i += CHUNK) {
      const chunk = values.slice(i, i + CHUNK);
      const inserted = await tx
        .insert(tariffs)
        .values(chunk)
        .onConflictDoUpdate({
          target: [tariffs.operatorId, tariffs.slug],
          set: {
            name: sql`excluded.name`,
            kind: sql`excluded.kind`,
            description: sql`excluded.description`,
            minutes: sql`excluded.minutes`,
            sms: sql`excluded.sms`,
            trafficGb: sql`excluded.traffic_gb`,
            minutePrice: sql`excluded.minute_price`,
            smsPrice: sql`excluded.sms_price`,
            mbPrice: sql`excluded.mb_price`,
            url: sql`excluded.url`,
            mediaServiceIds: sql`excluded.media_service_ids`,
            convergenceServiceIds: sql`excluded.convergence_service_ids`,
            isArchived: sql`excluded.is_archived`,
            updatedAt: sql`excluded.updated_at`,
          },
        })
        .returning({ id: tariffs.id, operatorId: tariffs.operatorId, slug: tariffs.slug });
      // Matched by key, not by position: RETURNING's order is not promised.
      const idByKey = new Map(inserted.map((r) => [`${r.operatorId}/${r.slug}`, r.id]));
      ids.push(...chunk.map((v) => idByKey.get(`${v.operatorId}/${v.slug}`) as number));
    }
    for (let i = 0; i < ids.length; i += CHUNK) {
      await tx.delete(tariffRegions).where(inArray(tariffRegions.tariffId, ids.slice(i, i + CHUNK)));
    }
    const regionValues = list.flatMap(({ values: v, regions: sold }, i) =>
      sold.map((r) => ({
        regionCode: r.regionCode,
        tariffId: ids[i] as number,
        price: r.price,
        operatorId: v.operatorId,
        kind: v.kind,
        minutes: v.minutes,
        sms: v.sms,
        trafficGb: v.trafficGb,
        searchName: searchKey(v.name),
        name: v.name,
        isArchived: v.isArchived ?? false,
      })),
    );
    // Written region by region, cheapest first: a fresh table then holds each region's rows on a few
    // neighbouring pages, so a search reads tens of pages instead of one page per row (decision 005).
    regionValues.sort((a, b) => a.regionCode - b.regionCode || a.kind.localeCompare(b.kind) || a.price - b.price);
    for (let i = 0; i < regionValues.length; i += CHUNK) {
      await tx.insert(tariffRegions).values(regionValues.slice(i, i + CHUNK));
    }
    // Every node's in-memory index watches this number (memory-index.ts).
    await bumpCounterSetting(tx, CATALOGUE_VERSION_KEY);
    return { tariffs: ids.length, regionRows: regionValues.length };
  });
}

/** The stored catalogue version ('0' before the first import). */
export async function catalogueVersion(db: Database): Promise<string> {
  return (await settingValue(db, CATALOGUE_VERSION_KEY)) ?? '0';
}

/** What the in-memory index is built from: every tariff (joined with its operator), every listed tariff–region row, and regions and operators by slug. */
export async function loadSearchRows(db: Database) {
  const [tariffRows, regionRows, regionList, operatorList] = await Promise.all([
    rows(db, sql`select ${TARIFF_COLUMNS} from tariffs t`),
    rows(
      db,
      sql`select region_code, tariff_id, price, kind, search_name, minutes, sms, traffic_gb
        from tariff_regions where is_archived = false`,
    ),
    regionNames(db),
    allOperators(db),
  ]);
  // Joined here by id: the operators module names them, a few hundred rows against the whole catalogue.
  const byId = new Map(operatorList.map((o) => [o.id, o]));
  return {
    tariffRows: tariffRows.map((r) => named(r, byId.get(Number(r.operator_id)))),
    regionRows,
    regions: [...regionList.values()].map(({ code, slug }) => ({ code, slug })),
    operators: operatorList.map(({ id, slug }) => ({ id, slug })),
  };
}

/** The whole stored catalogue, archived tariffs included, with the slugs its ids stand for. */
export async function readCatalogue(db: Database) {
  const [list, sold, ops, services] = await Promise.all([
    db.select().from(tariffs).orderBy(asc(tariffs.operatorId), asc(tariffs.id)),
    db
      .select({ tariffId: tariffRegions.tariffId, regionCode: tariffRegions.regionCode, price: tariffRegions.price })
      .from(tariffRegions)
      .orderBy(asc(tariffRegions.tariffId), asc(tariffRegions.regionCode)),
    allOperators(db),
    serviceSlugs(db),
  ]);
  return { tariffs: list, sold, operators: ops, ...services };
}

/** Whether the database holds any tariff (the demo seed loads the catalogue only into an empty one). */
export async function hasTariffs(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: tariffs.id }).from(tariffs).limit(1);
  return row !== undefined;
}

/** Names of what a catalogue refers to: operators by slug, regions by code, services by slug. */
export async function catalogueReferenceNames(db: Database) {
  const [ops, regionList, services] = await Promise.all([allOperators(db), regionNames(db), serviceSlugs(db)]);
  return {
    operators: new Map(ops.map((o) => [o.slug, o.name])),
    regions: new Map([...regionList.values()].map((r) => [r.code, r.name])),
    media: new Set(services.media.map((m) => m.slug)),
    convergence: new Set(services.convergence.map((c) => c.slug)),
  };
}

export type UploadRow = typeof catalogueUploads.$inferSelect;

export async function insertUpload(db: Database, values: typeof catalogueUploads.$inferInsert): Promise<UploadRow> {
  const [row] = await db.insert(catalogueUploads).values(values).returning();
  if (!row) throw new Error('upload insert returned no row');
  return row;
}

export async function findUpload(db: Database, id: number): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(catalogueUploads).where(eq(catalogueUploads.id, id));
  return row;
}

/** Locks an upload for the decision made in `tx`: two decisions at once are taken one after the other. */
export async function lockUpload(tx: Database, id: number): Promise<UploadRow | undefined> {
  const [row] = await tx.select().from(catalogueUploads).where(eq(catalogueUploads.id, id)).for('update');
  return row;
}

export async function decideUpload(tx: Database, id: number, status: 'applied' | 'cancelled'): Promise<void> {
  await tx.update(catalogueUploads).set({ status, decidedAt: sql`now()` }).where(eq(catalogueUploads.id, id));
}

/** A tariff, and whether (and how) it is sold in the region. */
export async function tariffForRegion(db: Database, tariffId: number, regionCode: number) {
  const [row] = await db
    .select({
      id: tariffs.id,
      name: tariffs.name,
      operatorId: tariffs.operatorId,
      isArchived: tariffs.isArchived,
      soldHere: sql<boolean>`exists (select 1 from ${tariffRegions} where ${tariffRegions.tariffId} = ${tariffs.id} and ${tariffRegions.regionCode} = ${regionCode})`,
    })
    .from(tariffs)
    .where(eq(tariffs.id, tariffId));
  return row;
}

/** The cheapest current tariff of the operator sold in the region (the demo's applications choose it). */
export async function cheapestTariffIn(db: Database, operatorId: number, regionCode: number) {
  const [row] = await db
    .select({ id: tariffRegions.tariffId })
    .from(tariffRegions)
    .where(
      and(
        eq(tariffRegions.operatorId, operatorId),
        eq(tariffRegions.regionCode, regionCode),
        eq(tariffRegions.isArchived, false),
      ),
    )
    .orderBy(asc(tariffRegions.price), asc(tariffRegions.tariffId))
    .limit(1);
  return row?.id;
}

/** Each region's last change of a tariff sold in it (the sitemap's `lastmod`); regions without tariffs are absent. */
export async function tariffChangesByRegion(db: Database): Promise<Map<number, Date | string | null>> {
  const found = await rows<{ code: number; lastmod: Date | string | null }>(
    db,
    sql`select tr.region_code as code, max(t.updated_at) as lastmod
        from tariff_regions tr join tariffs t on t.id = tr.tariff_id group by tr.region_code`,
  );
  return new Map(found.map((r) => [Number(r.code), r.lastmod]));
}
