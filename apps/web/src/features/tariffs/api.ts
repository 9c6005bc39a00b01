import type { Schemas } from '@perenos/api-client';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { TariffFilterState } from './filter-state';

export type Tariff = Schemas['Tariff'];
export type TariffDetail = Schemas['TariffDetail'];
export type TariffFilters = Schemas['TariffFilters'];

export const TARIFFS_PAGE_SIZE = 10;

/** The v2 list query of a filter state (the page's URL is the state). */
export function listQuery(regionSlug: string, s: TariffFilterState) {
  const pkg = s.kind === 'Package';
  return {
    QueryType: s.kind,
    RegionSlug: regionSlug,
    Skip: (s.page - 1) * TARIFFS_PAGE_SIZE,
    Take: TARIFFS_PAGE_SIZE,
    SortBy: s.sort,
    SortDesc: s.desc,
    BestByOperator: s.best,
    ...(s.operators.length > 0 ? { OperatorSlugs: s.operators } : {}),
    ...(s.priceMin !== undefined ? { PriceMin: s.priceMin } : {}),
    ...(s.priceMax !== undefined ? { PriceMax: s.priceMax } : {}),
    ...(pkg && s.minutesMin !== undefined ? { 'Package.MinutesMin': s.minutesMin } : {}),
    ...(pkg && s.minutesUnlim ? { 'Package.MinutesUnlim': true } : {}),
    ...(pkg && s.smsMin !== undefined ? { 'Package.SmsMin': s.smsMin } : {}),
    ...(pkg && s.smsUnlim ? { 'Package.SmsUnlim': true } : {}),
    ...(pkg && s.trafficMin !== undefined ? { 'Package.TrafficMin': s.trafficMin } : {}),
    ...(pkg && s.trafficUnlim ? { 'Package.TrafficUnlim': true } : {}),
    ...(!pkg && s.minutePriceMax !== undefined ? { 'NonPackage.MinuteMaxPrice': s.minutePriceMax } : {}),
    ...(!pkg && s.smsPriceMax !== undefined ? { 'NonPackage.SmsMaxPrice': s.smsPriceMax } : {}),
  } as const;
}

/** One page of the region's tariffs for the filters in the URL (v2 list). */
export const getTariffListQueryOptions = (regionSlug: string, state: TariffFilterState) =>
  queryOptions({
    queryKey: ['tariffs', 'list', { regionSlug, ...state }],
    queryFn: async () => api.get('/api/v2/tariff/list', { query: listQuery(regionSlug, state) }),
    placeholderData: keepPreviousData,
  });

/** Operators and slider bounds of the region for one kind of tariff. */
export const getTariffFiltersQueryOptions = (regionSlug: string, kind: 'Package' | 'NonPackage') =>
  queryOptions({
    queryKey: ['tariffs', 'list', { kind: 'filters', regionSlug, queryType: kind }],
    queryFn: async () => api.get('/api/v2/tariff/filters', { query: { RegionSlug: regionSlug, QueryType: kind } }),
    staleTime: 5 * 60_000,
  });

/** One tariff with its prices in every region (detail and comparison). */
export const getTariffQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['tariffs', 'detail', { id }],
    queryFn: async () => api.get('/api/v2/tariff/{id}', { path: { id } }),
    staleTime: 5 * 60_000,
  });

/** Every tariff of the region, for the calculator to rank: one request (the server keeps the catalogue in memory). */
export const getAllRegionTariffsQueryOptions = (regionCode: number) =>
  queryOptions({
    queryKey: ['tariffs', 'list', { kind: 'all', regionCode }],
    queryFn: async () => (await api.get('/api/v2/tariff/all', { query: { RegionCode: regionCode } }))?.data ?? [],
    staleTime: 5 * 60_000,
  });
