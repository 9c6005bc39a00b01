// The server's way into the app (built by `vite build --ssr` into dist-server/, loaded by the server's web
// plugin): draws the page of an address with the data the browser would ask for, so the visitor sees the
// page before any script has run. The browser then takes it over (main.tsx) from the same data.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { LocalAnswer, LocalCall } from '@perenos/api-client';
import { dehydrate, type Query, QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { App } from './app/app';
import { preloadSignedInFrame } from './app/main-layout';
import { type ServerState, serverQueries } from './app/query-client';
import { preloadSignInUnavailable } from './app/route-guard';
import { ROUTE_SOURCES } from './app/route-sources';
import { loadRouteData, routeOf } from './app/router';
import { themeStylesheet } from './app/theme-styles';
import { getAuthQueryOptions } from './features/auth';
import { getFeaturesQueryOptions, getThemeQueryOptions } from './features/settings';
import { setServerAnswer } from './lib/api-instance';
import { NotFoundSignal } from './lib/not-found-signal';
import { documentTitle, type PageMeta, PageMetaCollector } from './lib/page-meta';

export { SERVER_STATE_ID } from './app/query-client';
export { pageSearch } from './app/router';
export { themeStylesheet } from './app/theme-styles';

export interface RenderRequest {
  /** Path and search of the page, e.g. `/tariffs/moskva?page=2`. */
  url: string;
  /** Answers the page's API calls in process (the server's own routes, with the visitor's cookies). */
  answer: (call: LocalCall) => Promise<LocalAnswer>;
}

export interface RenderResult {
  /** The markup of the app's root element. */
  html: string;
  /** The document title and description the page sets. */
  title: string;
  description: string | undefined;
  /** What a shared link's card shows (Open Graph): set by stories, operators and regions' tariffs. */
  card: PageMeta['card'];
  /** The source file of the route's page (its stylesheets are linked in the page's head). */
  source: string | undefined;
  /** The data the page was drawn with, for the browser to start from. */
  state: ServerState;
  /** The address matches no route of the site. */
  notFound: boolean;
  /** How many times the app was rendered for this page (one: the route's loader fetched its data first). */
  renders: number;
  /**
   * Queries the page asked for that its route's loader did not fetch (drawn loading, fetched by the
   * browser): a loader missing a declaration. The server logs them; the tests want none.
   */
  missed: string[];
}

// Each render's API calls go to its own request's answer, however renders interleave.
const requestAnswer = new AsyncLocalStorage<RenderRequest['answer']>();
setServerAnswer((call) => {
  const answer = requestAnswer.getStore();
  if (!answer) throw new Error('An API call outside a server render');
  return answer(call);
});

/** A query a component asked for during the render that nobody has fetched (the server runs no effects). */
function isWanted(query: Query): boolean {
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  // Left to the browser on purpose (a file of its own, an answer that depends on the visitor's address).
  if (query.meta?.browserOnly === true) return false;
  const enabled = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/**
 * Draws the page of `url` with its data: the frame's answers (theme, session, features) and the route's
 * loader (its page module's `loader`, from the address's params and search) are fetched first, then the
 * app is rendered once.
 */
export function render({ url, answer }: RenderRequest): Promise<RenderResult> {
  return requestAnswer.run(answer, async () => {
    const [pathname = '/', search = ''] = url.split('?', 2);
    // Nothing is retried or refetched here: a failed call leaves its part to the browser.
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
    });
    const [theme] = await Promise.all([
      queryClient.fetchQuery(getThemeQueryOptions()).catch(() => 'green'),
      queryClient.prefetchQuery(getAuthQueryOptions()),
      queryClient.prefetchQuery(getFeaturesQueryOptions()),
    ]);
    const signedIn = queryClient.getQueryData(getAuthQueryOptions().queryKey)?.isLogged === true;
    // The frame's code drawn for a signed-in person, or the notice drawn for sign-in routes while sign-in is off.
    await Promise.all([
      loadRouteData(pathname, search, queryClient),
      signedIn ? preloadSignedInFrame() : preloadSignInUnavailable(),
    ]);
    // Only answers travel to the browser: a part whose call failed is drawn as the browser will first
    // draw it (loading), and the browser asks again.
    const failed = queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.status === 'error');
    for (const query of failed) queryClient.getQueryCache().remove(query);
    const failedHashes = new Set(failed.map((q) => q.queryHash));

    let meta: PageMeta = { title: '' };
    const collect = (next: PageMeta) => {
      meta = next;
    };
    let drewNotFound = false;
    const notFoundDrawn = () => {
      drewNotFound = true;
    };
    const html = renderToString(
      <PageMetaCollector value={collect}>
        <NotFoundSignal value={notFoundDrawn}>
          <Router ssrPath={pathname} ssrSearch={search}>
            <App queryClient={queryClient} theme={theme} themeLinked={themeStylesheet(theme) !== undefined} />
          </Router>
        </NotFoundSignal>
      </PageMetaCollector>,
    );
    const missed = queryClient
      .getQueryCache()
      .getAll()
      .filter(isWanted)
      .map((q) => q.queryHash)
      .filter((hash) => !failedHashes.has(hash));
    return {
      html,
      title: documentTitle(meta.title),
      description: meta.description,
      card: meta.card,
      source: ROUTE_SOURCES[routeOf(pathname)?.name ?? ''],
      state: { theme, queries: serverQueries(dehydrate(queryClient)) },
      notFound: drewNotFound || routeOf(pathname)?.name === 'not-found',
      renders: 1,
      missed,
    };
  });
}
