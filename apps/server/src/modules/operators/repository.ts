import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { operatorLegalNames, operators, regionOperators } from '../../db/schema';
import type { OperatorSortField } from './schemas';

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
