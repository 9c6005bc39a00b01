import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { operatorsTable as operators } from '../operators';
import { regionsTable as regions } from '../regions';
import { convergenceServices, mediaServices } from '../services';
import { bumpCounterSetting, settingValue } from '../settings';
import type { TariffKind } from './catalogue';
import { CATALOGUE_VERSION_KEY } from './catalogue-events';
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

const TARIFF_COLUMNS = sql.raw(`t.id, t.slug, t.name, t.kind, t.description, t.operator_id, t.minutes, t.sms,
  t.traffic_gb, t.minute_price, t.sms_price, t.mb_price, t.url, t.media_service_ids, t.convergence_service_ids,
  t.is_archived, t.updated_at, o.slug as operator_slug, o.name as operator_name, o.color as operator_color`);

function regionCondition(region: TariffSearch['region']): SQL {
  return 'code' in region
    ? sql`tr.region_code = ${region.code}`
    : sql`tr.region_code = (select code from regions where slug = ${region.slug})`;
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
function searchConditions(q: TariffSearch): { where: SQL; needsTariffs: boolean } {
  const conds: SQL[] = [regionCondition(q.region), sql`tr.is_archived = false`];
  if (q.kind) conds.push(sql`tr.kind = ${q.kind}`);
  if (q.name) conds.push(sql`strpos(tr.search_name, ${searchKey(q.name)}) > 0`);
  if (q.operatorIds) {
    conds.push(
      q.operatorIds.length === 0
        ? sql`false`
        : sql`tr.operator_id in (${sql.join(
            q.operatorIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
  }
  if (q.operatorSlugs) {
    conds.push(
      q.operatorSlugs.length === 0
        ? sql`false`
        : sql`tr.operator_id in (select id from operators where slug in (${sql.join(
            q.operatorSlugs.map((s) => sql`${s}`),
            sql`, `,
          )}))`,
    );
  }
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
function matchedSource(q: TariffSearch): SQL {
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
export function searchPageSql(q: TariffSearch): SQL {
  const source = matchedSource(q);
  return sql`with page as (
      select m.tariff_id, m.region_code, m.price, m.minutes, m.sms, m.traffic_gb, m.name,
        count(*) over () as total
      from ${source} m
      order by ${orderBy('m', q)}
      limit ${q.take} offset ${q.skip}
    )
    select ${TARIFF_COLUMNS}, page.region_code, page.price, page.total
    from page join tariffs t on t.id = page.tariff_id join operators o on o.id = t.operator_id
    order by ${orderBy('page', q)}`;
}

/** One page of a search (tariffs+operators rows with region_code and price) and the number of all matches. */
export async function searchTariffs(db: Database, q: TariffSearch): Promise<{ rows: Row[]; totalRows: number }> {
  const found = await preparedRows(db, searchPageSql(q));
  if (found.length > 0) return { rows: found, totalRows: Number(found[0]?.total) };
  // Past the last page (or nothing matches): the window count is gone with the rows, so count apart.
  const [counted] = await rows<{ n: number }>(db, sql`select count(*)::int as n from ${matchedSource(q)} m`);
  return { rows: [], totalRows: Number(counted?.n ?? 0) };
}

/** The operators selling in a region (with counts and lowest prices) and one row of every filterable field's bounds. */
export async function tariffFilters(db: Database, regionCode: number, kind?: TariffKind) {
  const where = sql`tr.region_code = ${regionCode} and tr.is_archived = false ${kind ? sql`and tr.kind = ${kind}` : sql``}`;
  const [ops, [stats]] = await Promise.all([
    rows(
      db,
      sql`select o.id, o.slug, o.name, o.color, count(*)::int as tariff_count, min(tr.price) as min_price
        from tariff_regions tr join operators o on o.id = tr.operator_id
        where ${where} group by o.id, o.slug, o.name, o.color order by o.name collate "C"`,
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
  return { operators: ops, stats: stats as Row | undefined };
}

/** A tariffs+operators row by id with every region it is sold in; undefined when there is none. */
export async function findTariffById(db: Database, id: number) {
  const [row] = await rows(
    db,
    sql`select ${TARIFF_COLUMNS} from tariffs t join operators o on o.id = t.operator_id where t.id = ${id}`,
  );
  if (!row) return undefined;
  const sold = await db
    .select({
      regionCode: tariffRegions.regionCode,
      regionSlug: regions.slug,
      regionName: regions.name,
      price: tariffRegions.price,
    })
    .from(tariffRegions)
    .innerJoin(regions, eq(regions.code, tariffRegions.regionCode))
    .where(eq(tariffRegions.tariffId, id))
    .orderBy(asc(tariffRegions.regionCode));
  return { row, regions: sold };
}

/** The row (with region_code and price) of an operator's tariff of this name (any case) in the region, archived ones included. */
export async function findTariffByName(db: Database, name: string, operatorId: number, regionCode: number) {
  const [row] = await rows(
    db,
    sql`select ${TARIFF_COLUMNS}, tr.region_code, tr.price
      from tariff_regions tr join tariffs t on t.id = tr.tariff_id join operators o on o.id = t.operator_id
      where tr.region_code = ${regionCode} and tr.operator_id = ${operatorId} and tr.search_name = ${searchKey(name)}
      order by tr.is_archived, t.id limit 1`,
  );
  return row;
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
    const ops = await tx.select({ id: operators.id, slug: operators.slug }).from(operators);
    const media = await tx.select({ id: mediaServices.id, slug: mediaServices.slug }).from(mediaServices);
    const convergence = await tx
      .select({ id: convergenceServices.id, slug: convergenceServices.slug })
      .from(convergenceServices);
    const regionRows = await tx.select({ code: regions.code }).from(regions);
    const list = prepare({
      operatorIds: new Map(ops.map((o) => [o.slug, o.id])),
      mediaIds: new Map(media.map((m) => [m.slug, m.id])),
      convergenceIds: new Map(convergence.map((m) => [m.slug, m.id])),
      regionCodes: new Set(regionRows.map((r) => r.code)),
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
    rows(db, sql`select ${TARIFF_COLUMNS} from tariffs t join operators o on o.id = t.operator_id`),
    rows(
      db,
      sql`select region_code, tariff_id, price, kind, search_name, minutes, sms, traffic_gb
        from tariff_regions where is_archived = false`,
    ),
    db.select({ code: regions.code, slug: regions.slug }).from(regions),
    db.select({ id: operators.id, slug: operators.slug }).from(operators),
  ]);
  return { tariffRows, regionRows, regions: regionList, operators: operatorList };
}

/** The whole stored catalogue, archived tariffs included, with the slugs its ids stand for. */
export async function readCatalogue(db: Database) {
  const [list, sold, ops, media, convergence] = await Promise.all([
    db.select().from(tariffs).orderBy(asc(tariffs.operatorId), asc(tariffs.id)),
    db
      .select({ tariffId: tariffRegions.tariffId, regionCode: tariffRegions.regionCode, price: tariffRegions.price })
      .from(tariffRegions)
      .orderBy(asc(tariffRegions.tariffId), asc(tariffRegions.regionCode)),
    db.select({ id: operators.id, slug: operators.slug }).from(operators),
    db.select({ id: mediaServices.id, slug: mediaServices.slug }).from(mediaServices),
    db.select({ id: convergenceServices.id, slug: convergenceServices.slug }).from(convergenceServices),
  ]);
  return { tariffs: list, sold, operators: ops, media, convergence };
}

/** Whether the database holds any tariff (the demo seed loads the catalogue only into an empty one). */
export async function hasTariffs(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: tariffs.id }).from(tariffs).limit(1);
  return row !== undefined;
}

/** Region–operator pairs with operator slugs and sites, for generating the demo catalogue. */
export async function regionOperatorPairs(db: Database) {
  return rows<{ region_code: number; slug: string; site: string | null }>(
    db,
    sql`select ro.region_code, o.slug, o.site from region_operators ro join operators o on o.id = ro.operator_id`,
  );
}

/** Names of what a catalogue refers to: operators by slug, regions by code, services by slug. */
export async function catalogueReferenceNames(db: Database) {
  const [ops, regionList, media, convergence] = await Promise.all([
    db.select({ slug: operators.slug, name: operators.name }).from(operators),
    db.select({ code: regions.code, name: regions.name }).from(regions),
    db.select({ slug: mediaServices.slug }).from(mediaServices),
    db.select({ slug: convergenceServices.slug }).from(convergenceServices),
  ]);
  return {
    operators: new Map(ops.map((o) => [o.slug, o.name])),
    regions: new Map(regionList.map((r) => [r.code, r.name])),
    media: new Set(media.map((m) => m.slug)),
    convergence: new Set(convergence.map((c) => c.slug)),
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
