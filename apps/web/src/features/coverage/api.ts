import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const getCoverageMapQueryOptions = () =>
  queryOptions({
    queryKey: ['coverage', 'detail', { kind: 'map' }],
    queryFn: async () => api.get('/api/v1/coverage/map'),
    staleTime: 10 * 60 * 1000,
  });

export const getCoverageGeoJsonQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['coverage', 'detail', { slug }],
    queryFn: async () => api.get('/api/v1/coverage/{slug}/geojson', { path: { slug } }),
    staleTime: 60 * 60 * 1000,
  });
