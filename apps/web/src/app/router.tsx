import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, use, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { parse } from 'regexparam';
import { matchRoute, type Parser, Route, Switch, useLocation, useSearch } from 'wouter';
import { getAuthQueryOptions } from '../features/auth';
import { getFeaturesQueryOptions } from '../features/settings';
import { markLoaded } from './query-client';
import { RouteErrorBoundary } from './route-error';
import { RouteGuard } from './route-guard';
import { RouteLoadingIndicator } from './route-loading-indicator';
import { type PageLoader, type RouteDef, routeTable } from './route-table';

// Page modules load on first visit. A loaded page draws at once (so the server's HTML and the browser's
// first render agree); one still loading suspends until it arrives.
const loaded = new Map<RouteDef, ComponentType>();
const loading = new Map<RouteDef, Promise<ComponentType>>();
const loaders = new Map<RouteDef, PageLoader>();
// Whoever draws from `loaded` hears when a page's code arrives: read during a render, the map is a store
// outside React, and a render that read it a moment before the code came would keep its stale answer (the
// loading bar ran on over the first page of a visit when its module arrived while the page was taken over).
const arrivals = new Set<() => void>();
const onArrival = (listener: () => void) => {
  arrivals.add(listener);
  return () => {
    arrivals.delete(listener);
  };
};

function loadPage(def: RouteDef): Promise<ComponentType> {
  let promise = loading.get(def);
  if (!promise) {
    promise = def.page().then((module) => {
      if (module.loader) loaders.set(def, module.loader);
      loaded.set(def, module.default);
      for (const listener of arrivals) listener();
      return module.default;
    });
    // A failed load may be tried again on the next visit to the route.
    promise.catch(() => loading.delete(def));
    loading.set(def, promise);
  }
  return promise;
}

const parsed = new Map<string, ReturnType<Parser>>();

/**
 * A route pattern as a regular expression, made once per pattern: wouter's own parser makes it again for
 * every route each time an address is matched (thirty patterns for every page drawn). The patterns are the
 * route table's and the pages' own, so the map stays small.
 */
export const parseRoute: Parser = (pattern, loose) => {
  const key = `${loose ? 'loose' : 'exact'} ${pattern}`;
  let result = parsed.get(key);
  if (!result) {
    result = parse(pattern, loose);
    parsed.set(key, result);
  }
  return result;
};

/** The route of a path, as the router matches it: the first of the table whose pattern fits. */
export function routeOf(pathname: string): RouteDef | undefined {
  return routeTable.find((def) => def.path === '*' || matchRoute(parseRoute, def.path, pathname)[0]);
}

/**
 * The query parameters the page of a path reads (its route's `search`), for the server's page cache;
 * undefined when no route of the site matches the path (every such address draws the same not-found page).
 */
export function pageSearch(pathname: string): readonly string[] | undefined {
  const def = routeOf(pathname);
  return def === undefined || def.path === '*' ? undefined : (def.search ?? []);
}

/** Loads the page of an address before it is drawn (the first page of a visit, before hydration). */
export function preloadPage(pathname: string): Promise<unknown> {
  const def = routeOf(pathname);
  return def ? loadPage(def) : Promise.resolve();
}

/**
 * Fills the query cache with what the page of an address draws with (its module's loader), once its code
 * has loaded: on the server before its one render, in the browser as it navigates. Nothing is loaded for
 * a route the guards will not draw (a feature switched off, a sign-in route for an anonymous visitor).
 */
export async function loadRouteData(pathname: string, search: string, queryClient: QueryClient): Promise<void> {
  const def = routeOf(pathname);
  if (!def) return;
  await loadPage(def).catch(() => undefined);
  const loader = loaders.get(def);
  if (!loader) return;
  const isLogged = queryClient.getQueryData(getAuthQueryOptions().queryKey)?.isLogged === true;
  if (def.auth && !isLogged) return;
  if (def.feature) {
    const features = queryClient.getQueryData(getFeaturesQueryOptions().queryKey);
    if (!features?.some((f) => f.feature === def.feature && f.isEnabled)) return;
  }
  const [, params] = def.path === '*' ? [true, {}] : matchRoute(parseRoute, def.path, pathname);
  await loader({
    params: (params ?? {}) as Record<string, string | undefined>,
    search: new URLSearchParams(search),
    queryClient,
    isLogged,
  }).catch(() => undefined);
}

function PageOf({ def }: { def: RouteDef }) {
  const Page = loaded.get(def) ?? use(loadPage(def));
  return <Page />;
}

/**
 * Every route of the table, each behind its guards and its error boundary. While the next page's code
 * loads, the current page stays on screen and the loading bar runs, as a data router would do it.
 */
export function AppRoutes() {
  const [pathname] = useLocation();
  const search = useSearch();
  const queryClient = useQueryClient();
  // The first page came with its data (drawn on the server, or fetched at start-up); every later address
  // asks for its page's data as its code loads, instead of after the page has drawn and asked.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const since = Date.now();
    void loadRouteData(pathname, search, queryClient).then(() => markLoaded(queryClient, since));
  }, [pathname, search, queryClient]);
  const target = routeOf(pathname);
  const ready = useSyncExternalStore(
    onArrival,
    () => target === undefined || loaded.has(target),
    // The server draws a page once its code has loaded: taken over, the page is as drawn, with no bar.
    () => true,
  );
  const [shown, setShown] = useState(pathname);
  useEffect(() => {
    if (ready || target === undefined) {
      setShown(pathname);
      return;
    }
    let current = true;
    // A failed load is drawn by the target's error boundary, so it is shown either way.
    const show = () => current && setShown(pathname);
    loadPage(target).then(show, show);
    return () => {
      current = false;
    };
  }, [pathname, ready, target]);
  const location = ready ? pathname : shown;
  return (
    <>
      <RouteLoadingIndicator loading={!ready} />
      <Switch location={location}>
        {routeTable.map((def) => (
          <Route key={def.name} path={def.path === '*' ? undefined : def.path}>
            <RouteErrorBoundary resetKey={location}>
              <RouteGuard def={def}>
                <PageOf def={def} />
              </RouteGuard>
            </RouteErrorBoundary>
          </Route>
        ))}
      </Switch>
    </>
  );
}
