import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type Feature = 'Portation' | 'EsiaAuth' | 'News' | 'OperatorPage' | 'OperatorsByRegionMap' | 'Goskey';

export const getFeaturesQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', 'list', { kind: 'features' }],
    queryFn: async () => (await api.get('/api/v1/setting/feature/list')) ?? [],
    staleTime: Number.POSITIVE_INFINITY,
  });

export const getThemeQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', 'detail', { key: 'site-theme-current' }],
    queryFn: async () =>
      (await api.get('/api/v1/setting/{key}', { path: { key: 'site-theme-current' } }))?.value ?? 'green',
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Whether a feature is on; while the list is loading every feature counts as off, so no link flashes in. */
export function useFeature(feature: Feature | undefined): boolean {
  const { data } = useQuery(getFeaturesQueryOptions());
  if (!feature) return true;
  return data?.some((f) => f.feature === feature && f.isEnabled) ?? false;
}
