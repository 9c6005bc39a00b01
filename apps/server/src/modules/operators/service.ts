import type { Static } from 'typebox';
import type { Database } from '../../db/client';
import { logoUrl } from '../../lib/operator-logo';
import { notFound, validationProblem } from '../../lib/problem';
import { findRegion } from '../regions';
import { findOperatorBySlug, listOperators } from './repository';
import type { OperatorListQuery } from './schemas';

/** A page of operators in the spec's paging, each with its logo address. */
export async function operatorPage(db: Database, q: Static<typeof OperatorListQuery>) {
  const { rows, totalRows } = await listOperators(db, {
    skip: q.Skip,
    take: q.Take,
    sortBy: q.SortBy,
    sortDesc: q.SortDesc,
  });
  return { data: rows.map((r) => ({ ...r, logo: logoUrl(r.slug) })), offset: q.Skip, pageSize: q.Take, totalRows };
}

/** An operator's tile: its tariffs counted over a region or all Russia. */
export interface OperatorTileRow {
  id: number;
  slug: string;
  name: string;
  color: string;
  kind: string;
  tariffCount: number;
  minPrice: number | null;
}

/**
 * The operator tiles, of one region and of one operator when given. The tariffs module counts them over its
 * catalogue; app.ts hands its function to these routes (tariffs imports this module's tables, so this
 * module cannot import tariffs back: decision 131).
 */
export type OperatorTileList = (db: Database, regionCode?: number, operatorId?: number) => Promise<OperatorTileRow[]>;

/** Operator tiles of a region given by code or slug (all Russia without one); an unknown region answers 400 on its field. */
export async function operatorTiles(
  db: Database,
  region: { code?: number | undefined } | { slug?: string | undefined },
  listOperatorTiles: OperatorTileList,
) {
  let code: number | undefined;
  if ('code' in region && region.code !== undefined) {
    if ((await findRegion(db, { code: region.code })) === undefined) {
      throw validationProblem({ RegionCode: ['Такого региона нет.'] });
    }
    code = region.code;
  } else if ('slug' in region && region.slug !== undefined) {
    code = (await findRegion(db, { slug: region.slug }))?.code;
    if (code === undefined) throw validationProblem({ RegionSlug: ['Такого региона нет.'] });
  }
  return (await listOperatorTiles(db, code)).map((t) => ({ ...t, logo: logoUrl(t.slug) }));
}

/** One operator's tile over all Russia; any id that is not a known operator, numeric or not, is simply not found. */
export async function operatorTile(db: Database, rawId: string, listOperatorTiles: OperatorTileList) {
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : undefined;
  const [tile] = id === undefined ? [] : await listOperatorTiles(db, undefined, id);
  if (!tile) throw notFound();
  return { ...tile, logo: logoUrl(tile.slug) };
}

/** An operator by its address, with its logo address, or 404. */
export async function operatorBySlug(db: Database, slug: string) {
  const operator = await findOperatorBySlug(db, slug);
  if (!operator) throw notFound();
  return { ...operator, logo: logoUrl(operator.slug) };
}
