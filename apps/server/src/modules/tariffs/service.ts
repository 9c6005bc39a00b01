import type { Static } from 'typebox';
import type { Database } from '../../db/client';
import { notFound, validationProblem } from '../../lib/problem';
import { findRegion } from '../regions';
import { CatalogueError, type CatalogueTariff } from './catalogue';
import { CATALOGUE_CHANGED, catalogueEvents } from './catalogue-events';
import {
  presentCatalogue,
  presentFilters,
  presentTariffDetail,
  presentTariffInRegion,
  type TariffRow,
} from './presenter';
import {
  type Bound,
  type CatalogueReferences,
  findTariffById,
  findTariffByName,
  type PriceBound,
  readCatalogue,
  type StoredTariff,
  searchTariffs,
  type TariffSearch,
  tariffFilters,
  writeCatalogue,
} from './repository';
import type { TariffFiltersV2Query, TariffListV2Query, TariffListV14Query, TariffSingleQuery } from './schemas';
import { UNLIMITED } from './tables';

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
export const sqlSearcher = (db: Database): TariffSearcher => ({
  search: async (q) => {
    const { rows, totalRows } = await searchTariffs(db, q);
    return { rows: rows.map(presentTariffInRegion), totalRows };
  },
});

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
  const { operators, stats } = await tariffFilters(db, found.code, kind);
  return {
    regionCode: found.code,
    regionSlug: found.slug,
    regionName: found.name,
    ...presentFilters(operators, stats),
  };
}

/** A tariff with its regions, or 404. */
export async function tariffById(db: Database, id: number) {
  const found = await findTariffById(db, id);
  if (!found) throw notFound();
  return presentTariffDetail(found.row, found.regions);
}

/** The operator's tariff of this name in the region (v1.2), or 404. */
export async function tariffByName(db: Database, q: Static<typeof TariffSingleQuery>) {
  const row = await findTariffByName(db, q.Name, q.OperatorId, q.RegionCode);
  if (!row) throw notFound();
  return presentTariffInRegion(row);
}

const stored = (n: number | null) => (n === null ? UNLIMITED : n);
const unitText = (n: number | null) => (n === null ? null : String(n));

/** A catalogue file's tariffs as rows to store; an unknown operator, region or service refuses the whole file. */
export function toStored(list: CatalogueTariff[], refs: CatalogueReferences): StoredTariff[] {
  const idOf = (map: Map<string, number>, slug: string, what: string, t: CatalogueTariff) => {
    const id = map.get(slug);
    if (id === undefined) throw new CatalogueError(`${t.operatorSlug}/${t.slug}: неизвестный ${what} «${slug}».`);
    return id;
  };
  return list.map((t) => {
    for (const r of t.regions) {
      if (!refs.regionCodes.has(r.regionCode)) {
        throw new CatalogueError(`${t.operatorSlug}/${t.slug}: неизвестный регион ${r.regionCode}.`);
      }
    }
    return {
      values: {
        operatorId: idOf(refs.operatorIds, t.operatorSlug, 'оператор', t),
        slug: t.slug,
        name: t.name,
        kind: t.kind,
        description: t.description,
        minutes: stored(t.minutes),
        sms: stored(t.sms),
        trafficGb: stored(t.trafficGb),
        minutePrice: unitText(t.minutePrice),
        smsPrice: unitText(t.smsPrice),
        mbPrice: unitText(t.mbPrice),
        url: t.url,
        mediaServiceIds: t.mediaServices.map((s) => idOf(refs.mediaIds, s, 'медиасервис', t)),
        convergenceServiceIds: t.convergenceServices.map((s) => idOf(refs.convergenceIds, s, 'сервис', t)),
        isArchived: t.isArchived,
      },
      regions: t.regions,
    };
  });
}

/**
 * Loads tariffs (insert or update by operator and slug) and replaces their regional prices, in one
 * transaction; `replace` first archives every other tariff so a full export–import round trips. This
 * node's index hears of it at once, the others by their next poll.
 */
export async function importCatalogue(
  db: Database,
  list: CatalogueTariff[],
  options: { replace?: boolean } = {},
): Promise<{ tariffs: number; regionRows: number }> {
  const result = await writeCatalogue(db, (refs) => toStored(list, refs), options);
  catalogueEvents.emit(CATALOGUE_CHANGED);
  return result;
}

/** The whole catalogue in the exchange format, archived tariffs included. */
export async function exportCatalogue(db: Database): Promise<CatalogueTariff[]> {
  return presentCatalogue(await readCatalogue(db));
}
