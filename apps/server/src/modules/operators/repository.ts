import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { regionNames } from '../regions';
import type { OperatorSortField } from './schemas';
import { operatorLegalNames, operators, regionOperators } from './tables';

const regionCount = sql<number>`(select count(*)::int from ${regionOperators} ro where ro.operator_id = ${operators.id})`;

const columns = {
  id: operators.id,
  slug: operators.slug,
  name: operators.name,
  color: operators.color,
  kind: operators.kind,
  inn: operators.inn,
  site: operators.site,
  description: operators.description,
  regionCount,
};

export interface OperatorListParams {
  skip: number;
  take: number;
  sortBy: OperatorSortField;
  sortDesc: boolean;
}

/** Listed operators, one page, with the total for the pager. */
export async function listOperators(db: Database, p: OperatorListParams) {
  // "C" collation: the same order on PGlite and on any PostgreSQL server, whatever its locale.
  const sortColumn =
    p.sortBy === 'regionCount'
      ? regionCount
      : p.sortBy === 'slug'
        ? sql`${operators.slug} collate "C"`
        : sql`${operators.name} collate "C"`;
  const order = p.sortDesc ? desc(sortColumn) : asc(sortColumn);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(operators)
      .where(eq(operators.isListed, true))
      .orderBy(order, asc(operators.id))
      .limit(p.take)
      .offset(p.skip),
    db.select({ n: count() }).from(operators).where(eq(operators.isListed, true)),
  ]);
  return { rows, totalRows: total?.n ?? 0 };
}

export async function findOperatorBySlug(db: Database, slug: string) {
  const [row] = await db.select(columns).from(operators).where(eq(operators.slug, slug));
  if (!row) return undefined;
  const [names, regions] = await Promise.all([
    db
      .select({ legalName: operatorLegalNames.legalName })
      .from(operatorLegalNames)
      .where(eq(operatorLegalNames.operatorId, row.id))
      .orderBy(asc(operatorLegalNames.legalName)),
    db
      .select({ code: regionOperators.regionCode })
      .from(regionOperators)
      .where(eq(regionOperators.operatorId, row.id))
      .orderBy(asc(regionOperators.regionCode)),
  ]);
  return { ...row, legalNames: names.map((n) => n.legalName), regionCodes: regions.map((r) => r.code) };
}

/** The slugs of the operators with a page of their own, in slug order (the sitemap). */
export function listedOperatorSlugs(db: Database): Promise<{ slug: string }[]> {
  return rowsOf(db, sql`select slug from ${operators} where is_listed order by slug`);
}

/**
 * What the pages drawn from the operators and where they work show, as one value that moves when they
 * change (the page cache's data version, decision 040).
 */
export async function operatorsVersion(db: Database): Promise<string> {
  const [row] = await rowsOf<{ version: string | null }>(
    db,
    sql`select concat_ws('|',
      (select md5(string_agg(o::text, ';' order by o.id)) from ${operators} o),
      (select count(*)::text || ':' || coalesce(sum(region_code * 1000 + operator_id), 0)::text from ${regionOperators})
    ) as version`,
  );
  return row?.version ?? '';
}

/** Region–operator pairs, ordered by region and operator name; one region when `code` is given. */
export async function listRegionOperators(db: Database, code?: number) {
  const [pairs, regionList] = await Promise.all([
    db
      .select({
        regionCode: regionOperators.regionCode,
        id: operators.id,
        slug: operators.slug,
        name: operators.name,
        color: operators.color,
      })
      .from(regionOperators)
      .innerJoin(operators, eq(operators.id, regionOperators.operatorId))
      .where(code === undefined ? undefined : eq(regionOperators.regionCode, code))
      .orderBy(asc(regionOperators.regionCode), asc(operators.name)),
    // The regions' names from their owner (89 rows), joined here by code.
    regionNames(db),
  ]);
  return pairs.flatMap((p) => {
    const region = regionList.get(p.regionCode);
    return region
      ? [{ regionCode: p.regionCode, regionSlug: region.slug, regionName: region.name, ...omitCode(p) }]
      : [];
  });
}

function omitCode<T extends { regionCode: number }>(row: T): Omit<T, 'regionCode'> {
  const { regionCode: _, ...rest } = row;
  return rest;
}

// What other modules read of the operators (decision 131): by id, by slug or all of them, never the table.

const ref = {
  id: operators.id,
  slug: operators.slug,
  name: operators.name,
  color: operators.color,
  kind: operators.kind,
  inn: operators.inn,
  site: operators.site,
  isListed: operators.isListed,
};

/** An operator as other modules name it. */
export type OperatorRef = {
  id: number;
  slug: string;
  name: string;
  color: string;
  kind: string;
  inn: string | null;
  site: string | null;
  isListed: boolean;
};

/** Every operator, listed or met in a registry (a few hundred rows), by id order. */
export function allOperators(db: Database): Promise<OperatorRef[]> {
  return db.select(ref).from(operators).orderBy(asc(operators.id));
}

/** These operators by id (an unknown id is absent). */
export async function operatorsByIds(db: Database, ids: number[]): Promise<Map<number, OperatorRef>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db.select(ref).from(operators).where(inArray(operators.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}

/** These operators by slug (an unknown slug is absent). */
export async function operatorsBySlugs(db: Database, slugs: string[]): Promise<Map<string, OperatorRef>> {
  const wanted = [...new Set(slugs)];
  if (wanted.length === 0) return new Map();
  const rows = await db.select(ref).from(operators).where(inArray(operators.slug, wanted));
  return new Map(rows.map((r) => [r.slug, r]));
}

/** Whether the operator works in the region. */
export async function operatorServesRegion(db: Database, operatorId: number, regionCode: number): Promise<boolean> {
  const rows = await db
    .select({ id: regionOperators.operatorId })
    .from(regionOperators)
    .where(and(eq(regionOperators.operatorId, operatorId), eq(regionOperators.regionCode, regionCode)));
  return rows.length > 0;
}

/** Every region–operator pair with the operator (the demo catalogue and the demo applications are made from them). */
export function regionOperatorPairs(db: Database): Promise<(OperatorRef & { regionCode: number })[]> {
  return db
    .select({ ...ref, regionCode: regionOperators.regionCode })
    .from(regionOperators)
    .innerJoin(operators, eq(operators.id, regionOperators.operatorId));
}

/** Every known spelling of the operators' legal names, normalised, with whose it is (the registry's matching). */
export function legalNameSpellings(db: Database): Promise<{ normalised: string; operatorId: number }[]> {
  return db
    .select({ normalised: operatorLegalNames.normalised, operatorId: operatorLegalNames.operatorId })
    .from(operatorLegalNames);
}

/** Remembers one more spelling of an operator's legal name. */
export async function insertLegalName(
  db: Database,
  v: { normalised: string; legalName: string; operatorId: number },
): Promise<void> {
  await db.insert(operatorLegalNames).values(v).onConflictDoNothing();
}

/** An operator first met in a registry: kept as its own entry with no page of its own; answers its id. */
export async function insertRegistryOperator(
  db: Database,
  o: { slug: string; name: string; inn: string | null },
): Promise<number> {
  const [row] = await db
    .insert(operators)
    .values({ slug: o.slug, name: o.name, inn: o.inn, color: '#868e96', kind: 'MNO', isListed: false })
    .onConflictDoUpdate({ target: operators.slug, set: { name: o.name } })
    .returning({ id: operators.id });
  if (!row) throw new Error(`operator ${o.slug} not stored`);
  return row.id;
}
