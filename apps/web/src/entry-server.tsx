// The server's way into the app (built by `vite build --ssr` into dist-server/, loaded by the server's web
// plugin): draws the page of an address with the data the browser would ask for, so the visitor sees the
// page before any script has run. The browser then takes it over (main.tsx) from the same data.
import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, type Query, QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import { App } from './app/app';
import type { ServerState } from './app/query-client';
import { preloadPage, routeOf } from './app/router';
import { getAuthQueryOptions } from './features/auth';
import { getFeaturesQueryOptions, getThemeQueryOptions } from './features/settings';
import { setServerFetch } from './lib/api-instance';
import { NotFoundSignal } from './lib/not-found-signal';
import { documentTitle, PageMetaCollector } from './lib/page-meta';

export { SERVER_STATE_ID } from './app/query-client';

/** Renders that may each reveal queries the previous one's answers enabled (a page, then its details). */
const MAX_DATA_PASSES = 3;

export interface RenderRequest {
  /** Path and search of the page, e.g. `/tariffs/moskva?page=2`. */
  url: string;
  /** Answers the page's API calls (the server's own routes, with the visitor's cookies). */
  fetch: typeof fetch;
}

export interface RenderResult {
  /** The markup of the app's root element. */
  html: string;
  /** The document title and description the page sets. */
  title: string;
  description: string | undefined;
  /** The data the page was drawn with, for the browser to start from. */
  state: ServerState;
  /** The address matches no route of the site. */
  notFound: boolean;
}

// Each render's API calls go to its own request's fetch, however renders interleave.
const requestFetch = new AsyncLocalStorage<typeof fetch>();
setServerFetch((input, init) => {
  const fetchImpl = requestFetch.getStore();
  if (!fetchImpl) throw new Error('An API call outside a server render');
  return fetchImpl(input, init);
});

/**
 * A render that waits for every lazy part and reports the queries it asked for; its markup is not sent
 * (waiting parts come as out-of-order segments with inline scripts, which the page's CSP forbids).
 */
async function discover(element: ReactNode): Promise<void> {
  const { prelude } = await prerenderToNodeStream(element);
  for await (const _ of prelude) {
    // drained: only the render's side effects (queries asked, lazy parts loaded) matter
  }
}

/** A query a component asked for during the render that nobody has fetched (the server runs no effects). */
function isWanted(query: Query): boolean {
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  const enabled = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/** Draws the page of `url` with its data. */
export function render({ url, fetch }: RenderRequest): Promise<RenderResult> {
  return requestFetch.run(fetch, async () => {
    const [pathname = '/', search = ''] = url.split('?', 2);
    // Nothing is retried or refetched here: a failed call leaves its part to the browser.
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
    });
    const [theme] = await Promise.all([
      queryClient.fetchQuery(getThemeQueryOptions()).catch(() => 'green'),
      queryClient.prefetchQuery(getAuthQueryOptions()),
      queryClient.prefetchQuery(getFeaturesQueryOptions()),
      preloadPage(pathname),
    ]);
    let meta: { title: string; description?: string } = { title: '' };
    const collect = (title: string, description?: string) => {
      meta = { title, description };
    };
    let drewNotFound = false;
    const notFoundDrawn = () => {
      drewNotFound = true;
    };
    const tree = () => (
      <PageMetaCollector value={collect}>
        <NotFoundSignal value={notFoundDrawn}>
          <Router ssrPath={pathname} ssrSearch={search}>
            <App queryClient={queryClient} theme={theme} />
          </Router>
        </NotFoundSignal>
      </PageMetaCollector>
    );

    for (let pass = 0; pass < MAX_DATA_PASSES; pass++) {
      await discover(tree());
      const wanted = queryClient.getQueryCache().getAll().filter(isWanted);
      if (wanted.length === 0) break;
      await Promise.all(wanted.map((q) => queryClient.prefetchQuery({ ...q.options, queryKey: q.queryKey })));
    }
    // Only answers travel to the browser: a part whose call failed is drawn as the browser will first
    // draw it (loading), and the browser asks again.
    const failed = queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.status === 'error');
    for (const query of failed) queryClient.getQueryCache().remove(query);
    // Everything lazy has loaded by now, so this render draws the page in one piece, in order; only this
    // render says whether the page is the not-found one.
    drewNotFound = false;
    const html = renderToString(tree());
    return {
      html,
      title: documentTitle(meta.title),
      description: meta.description,
      state: { theme, queries: dehydrate(queryClient) },
      notFound: drewNotFound || routeOf(pathname)?.name === 'not-found',
    };
  });
}
