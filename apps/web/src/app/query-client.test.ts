import { dehydrate, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, hydrateServerQueries, SERVER_DATA_FRESH_MS, serverQueries } from './query-client';

afterEach(() => {
  vi.useRealTimers();
});

/** A server's query client after a page's loader: two answers and a failed call. */
async function drawnOnServer() {
  const server = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await server.prefetchQuery({
    queryKey: ['settings', 'detail', { key: 'site-theme-current' }],
    queryFn: () => 'green',
  });
  await server.prefetchQuery({ queryKey: ['regions', 'detail', { slug: 'moskva' }], queryFn: () => ({ code: 77 }) });
  await server.prefetchQuery({
    queryKey: ['tariffs', 'list', {}],
    queryFn: () => Promise.reject(new Error('Сервис недоступен')),
  });
  return server;
}

describe('the answers a page carries (decision 121)', () => {
  it('are each query’s key and data, nothing else, and only the answered ones', async () => {
    const carried = serverQueries(dehydrate(await drawnOnServer()));
    expect(carried).toEqual([
      [['settings', 'detail', { key: 'site-theme-current' }], 'green'],
      [['regions', 'detail', { slug: 'moskva' }], { code: 77 }],
    ]);
  });

  it('arrive in the browser’s cache as the server had them, fresh for 30 seconds of the browser’s clock', async () => {
    const carried = JSON.parse(JSON.stringify(serverQueries(dehydrate(await drawnOnServer()))));
    vi.useFakeTimers({ now: new Date('2031-03-09T10:00:00Z') });
    const browser = createQueryClient();
    hydrateServerQueries(browser, carried);
    const key = ['regions', 'detail', { slug: 'moskva' }];
    expect(browser.getQueryData(key)).toEqual({ code: 77 });
    const query = browser.getQueryCache().find({ queryKey: key });
    expect(query?.state.status).toBe('success');
    expect(query?.state.dataUpdatedAt).toBe(Date.now());
    // Asked for again (a component mounting): from the cache while fresh, from the API after.
    const asked = vi.fn(async () => ({ code: 77, asked: true }));
    expect(await browser.fetchQuery({ queryKey: key, queryFn: asked })).toEqual({ code: 77 });
    vi.advanceTimersByTime(SERVER_DATA_FRESH_MS - 1);
    expect(await browser.fetchQuery({ queryKey: key, queryFn: asked })).toEqual({ code: 77 });
    expect(asked).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2);
    expect(await browser.fetchQuery({ queryKey: key, queryFn: asked })).toEqual({ code: 77, asked: true });
    expect(browser.getQueryData(['tariffs', 'list', {}])).toBeUndefined();
  });
});
