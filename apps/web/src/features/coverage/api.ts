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
    // Only the map draws the zone, and the map is the browser's (Leaflet, loaded when the page is taken
    // over): the browser asks for it beside the map's code. Drawn into the page it doubled the page
    // (29 of 57 KB; 9 of 15 KB in brotli) for nothing shown before the scripts run (decision 117).
    meta: { browserOnly: true },
  });
