import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const OPERATORS_PAGE_SIZE = 10;

export const getOperatorListQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['operators', 'list', { page }],
    queryFn: async () =>
      api.get('/api/v1/operator/list', {
        query: { Skip: (page - 1) * OPERATORS_PAGE_SIZE, Take: OPERATORS_PAGE_SIZE, SortBy: 'name', SortDesc: false },
      }),
    placeholderData: keepPreviousData,
  });

export const getOperatorQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['operators', 'detail', { slug }],
    queryFn: async () => api.get('/api/v1/operator/{slug}', { path: { slug } }),
  });

export const getOperatorTileQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['operators', 'detail', { tile: id }],
    queryFn: async () => api.get('/api/v1/operator/tile/{id}', { path: { id: String(id) } }),
  });
