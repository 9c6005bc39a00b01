import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const getRegionsQueryOptions = () =>
  queryOptions({
    queryKey: ['regions', 'list', {}],
    queryFn: async () => (await api.get('/api/v1/region/list')) ?? [],
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
