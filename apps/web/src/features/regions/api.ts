import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const getRegionsQueryOptions = () =>
  queryOptions({
    queryKey: ['regions', 'list', {}],
    queryFn: async () => (await api.get('/api/v1/region/list')) ?? [],
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * One region, by the name its address gives it (`moskva`), or null when there is none: what a region's
 * page draws, so that the page does not carry the list of all 85 regions (13 KB of its state) for one of
 * them. Taken from the list when the visit has it (it is loaded once per visit, after the page starts);
 * else read from the list's call, without keeping the list.
 */
export const getRegionQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['regions', 'detail', { slug }],
    queryFn: async ({ client }) => {
      const regions = client.getQueryData(getRegionsQueryOptions().queryKey) ?? (await api.get('/api/v1/region/list'));
      return regions?.find((r) => r.slug === slug) ?? null;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });

export const getRegionOperatorsQueryOptions = (regionCode?: number) =>
  queryOptions({
    queryKey: ['regions', 'list', { kind: 'operators', regionCode }],
    queryFn: async () =>
      (await api.get('/api/v1/region/operators', {
        query: regionCode === undefined ? {} : { RegionCode: regionCode },
      })) ?? [],
  });

export const useRegions = () => useQuery(getRegionsQueryOptions());
