import { createBrowserRouter, matchRoutes } from 'react-router';
import { MainLayout } from './main-layout';
import { RouteErrorPage } from './route-error';
import { RouteGuard } from './route-guard';
import { type RouteDef, routeTable } from './route-table';

async function loadElement(def: RouteDef) {
  const { default: Page } = await def.page();
  return <Page />;
}

/** Browser-history router: every route of the table inside the main layout, each behind its guards. */
export function createRouter() {
  return createBrowserRouter([
    {
      element: <MainLayout />,
      // A failed page load shows a Russian page with a way back, not React Router's English default.
      errorElement: <RouteErrorPage />,
      // Pages load lazily; until the first one arrives the start-up overlay has just gone, so show nothing.
      HydrateFallback: () => null,
      children: routeTable.map((def) => ({
        id: def.name,
        path: def.path,
        errorElement: <RouteErrorPage />,
        lazy: async () => ({ element: <RouteGuard def={def}>{await loadElement(def)}</RouteGuard> }),
      })),
    },
  ]);
}

/** Starts loading the page of the address the visit begins at, while the start-up steps run. */
export function preloadCurrentPage(pathname: string): void {
  const match = matchRoutes(
    routeTable.map((def) => ({ path: def.path, def })),
    pathname,
  )?.[0];
  match?.route.def.page().catch(() => undefined);
}
