import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { regionsTable as regions } from '../regions';
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
  return db
    .select({
      regionCode: regions.code,
      regionSlug: regions.slug,
      regionName: regions.name,
      id: operators.id,
      slug: operators.slug,
      name: operators.name,
      color: operators.color,
    })
    .from(regionOperators)
    .innerJoin(regions, eq(regions.code, regionOperators.regionCode))
    .innerJoin(operators, eq(operators.id, regionOperators.operatorId))
    .where(code === undefined ? undefined : eq(regions.code, code))
    .orderBy(asc(regions.code), asc(operators.name));
}
