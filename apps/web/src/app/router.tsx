import { type ComponentType, use, useEffect, useState } from 'react';
import { parse } from 'regexparam';
import { matchRoute, Route, Switch, useLocation } from 'wouter';
import { RouteErrorBoundary } from './route-error';
import { RouteGuard } from './route-guard';
import { RouteLoadingIndicator } from './route-loading-indicator';
import { type RouteDef, routeTable } from './route-table';

// Page modules load on first visit. A loaded page draws at once (so the server's HTML and the browser's
// first render agree); one still loading suspends until it arrives.
const loaded = new Map<RouteDef, ComponentType>();
const loading = new Map<RouteDef, Promise<ComponentType>>();

function loadPage(def: RouteDef): Promise<ComponentType> {
  let promise = loading.get(def);
  if (!promise) {
    promise = def.page().then((module) => {
      loaded.set(def, module.default);
      return module.default;
    });
    // A failed load may be tried again on the next visit to the route.
    promise.catch(() => loading.delete(def));
    loading.set(def, promise);
  }
  return promise;
}

/** The route of a path, as the router matches it: the first of the table whose pattern fits. */
export function routeOf(pathname: string): RouteDef | undefined {
  return routeTable.find((def) => def.path === '*' || matchRoute(parse, def.path, pathname)[0]);
}

/** Loads the page of an address before it is drawn (the first page of a visit, before hydration). */
export function preloadPage(pathname: string): Promise<unknown> {
  const def = routeOf(pathname);
  return def ? loadPage(def) : Promise.resolve();
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
  const target = routeOf(pathname);
  const ready = target === undefined || loaded.has(target);
  const [shown, setShown] = useState(pathname);
  useEffect(() => {
    if (ready) {
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
