import type { Static } from 'typebox';
import type { Database } from '../../db/client';
import { notFound, validationProblem } from '../../lib/problem';
import { findRegion } from '../regions/repository';
import {
  type Bound,
  findTariffById,
  findTariffByName,
  type PriceBound,
  searchTariffs,
  type TariffRow,
  type TariffSearch,
  tariffFilters,
} from './repository';
import type { TariffFiltersV2Query, TariffListV2Query, TariffListV14Query, TariffSingleQuery } from './schemas';

type V14 = Static<typeof TariffListV14Query>;
type V2 = Static<typeof TariffListV2Query>;

/** A Min above its Max is the caller's mistake, named on both fields. */
function checkRange(errors: Record<string, string[]>, minField: string, maxField: string, b: PriceBound) {
  if (b.min !== undefined && b.max !== undefined && b.min > b.max) {
    errors[minField] = [`Не может быть больше ${maxField}.`];
    errors[maxField] = [`Не может быть меньше ${minField}.`];
  }
}

function checkRanges(pairs: [string, string, PriceBound][]) {
  const errors: Record<string, string[]> = {};
  for (const [minField, maxField, b] of pairs) checkRange(errors, minField, maxField, b);
  if (Object.keys(errors).length > 0) throw validationProblem(errors);
}

const bound = (min?: number, max?: number, unlim?: boolean): Bound => ({ min, max, unlim });

/** The v1.4 query (region by FNS code, every kind) as a search. */
export function searchFromV14(q: V14): TariffSearch {
  const search: TariffSearch = {
    region: { code: q.RegionCode },
    name: q.Name,
    operatorIds: q.OperatorId,
    minutes: bound(q.MinutesMin, q.MinutesMax, q.MinutesUnlim),
    sms: bound(q.SmsMin, q.SmsMax, q.SmsUnlim),
    traffic: bound(q.TrafficMin, q.TrafficMax, q.TrafficUnlim),
    price: { min: q.PriceMin, max: q.PriceMax },
    minutePrice: {},
    smsPrice: {},
    bestByOperator: q.BestByOperator,
    sortBy: q.SortBy,
    sortDesc: q.SortDesc,
    skip: q.Skip,
    take: q.Take,
  };
  checkRanges([
    ['MinutesMin', 'MinutesMax', search.minutes],
    ['SmsMin', 'SmsMax', search.sms],
    ['TrafficMin', 'TrafficMax', search.traffic],
    ['PriceMin', 'PriceMax', search.price],
  ]);
  return search;
}

/**
 * The v2 query (region by slug, one kind) as a search. Package.* filters apply to packages and
 * NonPackage.* to pay-per-use tariffs; the other group is ignored, so a client may keep both.
 */
export function searchFromV2(q: V2): TariffSearch {
  const pkg = q.QueryType === 'Package';
  const search: TariffSearch = {
    region: { slug: q.RegionSlug },
    kind: q.QueryType,
    name: q.Name,
    operatorSlugs: q.OperatorSlugs,
    minutes: pkg ? bound(q['Package.MinutesMin'], q['Package.MinutesMax'], q['Package.MinutesUnlim']) : {},
    sms: pkg ? bound(q['Package.SmsMin'], q['Package.SmsMax'], q['Package.SmsUnlim']) : {},
    traffic: pkg ? bound(q['Package.TrafficMin'], q['Package.TrafficMax'], q['Package.TrafficUnlim']) : {},
    price: { min: q.PriceMin, max: q.PriceMax },
    minutePrice: pkg ? {} : { min: q['NonPackage.MinuteMinPrice'], max: q['NonPackage.MinuteMaxPrice'] },
    smsPrice: pkg ? {} : { min: q['NonPackage.SmsMinPrice'], max: q['NonPackage.SmsMaxPrice'] },
    bestByOperator: q.BestByOperator,
    sortBy: q.SortBy,
    sortDesc: q.SortDesc,
    skip: q.Skip,
    take: q.Take,
  };
  checkRanges([
    ['Package.MinutesMin', 'Package.MinutesMax', search.minutes],
    ['Package.SmsMin', 'Package.SmsMax', search.sms],
    ['Package.TrafficMin', 'Package.TrafficMax', search.traffic],
    ['PriceMin', 'PriceMax', search.price],
    ['NonPackage.MinuteMinPrice', 'NonPackage.MinuteMaxPrice', search.minutePrice],
    ['NonPackage.SmsMinPrice', 'NonPackage.SmsMaxPrice', search.smsPrice],
  ]);
  return search;
}

function unknownRegion(region: TariffSearch['region']): never {
  throw 'code' in region
    ? validationProblem({ RegionCode: ['Такого региона нет.'] })
    : validationProblem({ RegionSlug: ['Такого региона нет.'] });
}

/** Finds a page of tariffs: the node's in-memory index, or the SQL search it must agree with. */
export interface TariffSearcher {
  search(q: TariffSearch): Promise<{ rows: TariffRow[]; totalRows: number }>;
}

/** The SQL search (decision 005): the reference the in-memory index is tested against. */
export const sqlSearcher = (db: Database): TariffSearcher => ({ search: (q) => searchTariffs(db, q) });

/** One page of the search; an unknown region answers 400, checked only when nothing matched (the rare case). */
export async function listTariffs(db: Database, searcher: TariffSearcher, search: TariffSearch) {
  const { rows, totalRows } = await searcher.search(search);
  if (totalRows === 0 && !(await findRegion(db, search.region))) unknownRegion(search.region);
  return { data: rows, offset: search.skip, pageSize: search.take, totalRows };
}

/** Every listed tariff of a region, cheapest first, in one answer (the calculator ranks them all); 400 for an unknown region. */
export async function regionTariffs(db: Database, index: { region(code: number): Promise<TariffRow[]> }, code: number) {
  const data = await index.region(code);
  if (data.length === 0 && !(await findRegion(db, { code }))) unknownRegion({ code });
  return { regionCode: code, data };
}

/** Filter bounds for a region given by code or slug. */
export async function filtersFor(
  db: Database,
  region: { code: number } | { slug: string },
  kind?: Static<typeof TariffFiltersV2Query>['QueryType'],
) {
  const found = await findRegion(db, region);
  if (!found) unknownRegion(region);
  const filters = await tariffFilters(db, found.code, kind);
  return { regionCode: found.code, regionSlug: found.slug, regionName: found.name, ...filters };
}

/** A tariff with its regions, or 404. */
export async function tariffById(db: Database, id: number) {
  const tariff = await findTariffById(db, id);
  if (!tariff) throw notFound();
  return tariff;
}

/** The operator's tariff of this name in the region (v1.2), or 404. */
export async function tariffByName(db: Database, q: Static<typeof TariffSingleQuery>) {
  const tariff = await findTariffByName(db, q.Name, q.OperatorId, q.RegionCode);
  if (!tariff) throw notFound();
  return tariff;
}
