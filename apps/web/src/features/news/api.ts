import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const NEWS_PAGE_SIZE = 10;

export const getNewsListQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['news', 'list', { page }],
    queryFn: async () => api.get('/api/v1/news', { query: { Page: page, PageSize: NEWS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export const getNewsStoryQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['news', 'detail', { slug }],
    queryFn: async () => api.get('/api/v1/news/{slug}', { path: { slug } }),
    retry: false,
  });
