import { queryOptions } from '@tanstack/react-query';
import type { GeoJsonObject } from 'geojson';
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

/** Russia's outline and federal subjects, drawn under every coverage map; served by the site itself (decision 031). */
export const BASE_MAP_URL = '/maps/russia.json';

export const getBaseMapQueryOptions = () =>
  queryOptions({
    queryKey: ['coverage', 'detail', { kind: 'base-map' }],
    queryFn: async (): Promise<GeoJsonObject> => {
      const response = await fetch(BASE_MAP_URL);
      if (!response.ok) throw new Error(`base map: HTTP ${response.status}`);
      return (await response.json()) as GeoJsonObject;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
