import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const getMediaServicesQueryOptions = () =>
  queryOptions({
    queryKey: ['services', 'list', { kind: 'media' }],
    queryFn: async () => (await api.get('/api/v1/tariffmediaservice')) ?? [],
    staleTime: Number.POSITIVE_INFINITY,
  });

export const getConvergenceServicesQueryOptions = () =>
  queryOptions({
    queryKey: ['services', 'list', { kind: 'convergence' }],
    queryFn: async () => (await api.get('/api/v1/tariffconvergenceservice')) ?? [],
    staleTime: Number.POSITIVE_INFINITY,
  });
