import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { Feature } from '../features/settings';
import NotFoundPage from '../routes/not-found';

/** What a page's loader is given: the address it is drawn for and the query cache to fill. */
export interface LoaderContext {
  /** The route's parameters as the router matched them (`:slug` → `slug`). */
  params: Record<string, string | undefined>;
  search: URLSearchParams;
  queryClient: QueryClient;
  /** The visitor is signed in (the session's answer is loaded before any loader runs). */
  isLogged: boolean;
}

/**
 * The data a page draws with, declared by the page module beside its component (`export const loader`):
 * it fills the query cache with the answers the page's first render reads, awaiting one answer where the
 * next call depends on it. The server runs it before its one render; the browser runs it when it
 * navigates to the page, at the same time as the page's code loads. It never throws: a failed call is
 * left to the page, which shows it as it would have.
 */
export type PageLoader = (context: LoaderContext) => Promise<unknown>;

export interface RouteDef {
  /** The route's name (docs/product.md §2); pages and links refer to routes by it. */
  name: string;
  /** React Router path; `?` marks an optional segment as in the spec. */
  path: string;
  /** Loaded on first visit, so the first page does not wait for all the others. */
  page: () => Promise<{ default: ComponentType; loader?: PageLoader }>;
  /** Sign-in required: the guard sends the visitor to ESIA and back. */
  auth?: boolean;
  /** The route exists only while this feature is on; otherwise the not-found page. */
  feature?: Feature;
  /**
   * The query parameters the page reads to draw itself (its loader and components). The server keeps a
   * drawn page under its path and these alone: `?utm_source=…` or `?cb=123` are the same page (issue 35).
   */
  search?: readonly string[];
}

/**
 * What a region's tariff browser reads from the address (features/tariffs: filters and page, the old names
 * links still carry, compared and open tariffs, the view and the calculator's use). Listed here, not
 * imported, so the route table stays out of the tariffs' code; route-table.test.ts holds them equal.
 */
export const TARIFF_SEARCH: readonly string[] = [
  'kind',
  'op',
  'priceMin',
  'priceMax',
  'minutes',
  'minutesUnlim',
  'sms',
  'smsUnlim',
  'traffic',
  'trafficUnlim',
  'minutePrice',
  'smsPrice',
  'sort',
  'desc',
  'best',
  'page',
  'gb',
  'gbUnlim',
  'compare',
  'tariff',
  'view',
  'useMin',
  'useSms',
  'useTraffic',
  'useGb',
];

/** Every route of the site (docs/product.md §2), inside the main layout. */
export const routeTable: RouteDef[] = [
  { name: 'home', path: '/', page: () => import('../routes/home') },
  { name: 'tariffs', path: '/tariffs', page: () => import('../routes/tariffs'), search: TARIFF_SEARCH },
  {
    name: 'tariffs-region',
    path: '/tariffs/:region',
    page: () => import('../routes/tariffs'),
    search: TARIFF_SEARCH,
  },
  { name: 'portation', path: '/portation', page: () => import('../routes/portation'), feature: 'Portation' },
  {
    name: 'portation-init',
    path: '/portation/init',
    page: () => import('../routes/portation-init'),
    feature: 'Portation',
    search: ['op', 'msisdn'],
  },
  {
    name: 'portation-tariffs',
    path: '/portation/:order/tariffs',
    page: () => import('../routes/portation-tariffs'),
    feature: 'Portation',
    auth: true,
    search: [...TARIFF_SEARCH, 'cur', 'bill'],
  },
  {
    name: 'portation-submit',
    path: '/portation/:order/submit',
    page: () => import('../routes/portation-submit'),
    feature: 'Portation',
    auth: true,
  },
  {
    name: 'portation-order',
    path: '/portation/:order/done',
    page: () => import('../routes/portation-done'),
    feature: 'Portation',
    auth: true,
  },
  { name: 'contact', path: '/contacts', page: () => import('../routes/contacts') },
  { name: 'check', path: '/check', page: () => import('../routes/check') },
  { name: 'about', path: '/about', page: () => import('../routes/about') },
  { name: 'coverage', path: '/coverage', page: () => import('../routes/coverage') },
  { name: 'account', path: '/account', page: () => import('../routes/account'), auth: true },
  // After «Удалить мои данные»: the person is signed out by then, so no sign-in is asked.
  { name: 'data-erased', path: '/account/erased', page: () => import('../routes/data-erased') },
  // The number watch's alerts (issue 22).
  {
    name: 'account-alerts',
    path: '/account/alerts/:page?',
    page: () => import('../routes/account-alerts'),
    auth: true,
  },
  {
    name: 'account-orders',
    path: '/account/:msisdn/orders/:page?',
    page: () => import('../routes/account-orders'),
    auth: true,
  },
  {
    name: 'account-portations',
    path: '/account/:msisdn/portations/:page?',
    page: () => import('../routes/account-portations'),
    auth: true,
  },
  {
    name: 'account-portation-info',
    path: '/account/:msisdn/portation/:portationId',
    page: () => import('../routes/account-portation-info'),
    auth: true,
  },
  { name: 'error', path: '/error', page: () => import('../routes/error'), search: ['url'] },
  { name: 'faq', path: '/faq', page: () => import('../routes/faq') },
  { name: 'news', path: '/news/:page?', page: () => import('../routes/news'), feature: 'News' },
  { name: 'story', path: '/story/:slug', page: () => import('../routes/story'), feature: 'News' },
  // The map's static path must win over /operators/:page.
  {
    name: 'operator-map',
    path: '/operators/map',
    page: () => import('../routes/operator-map'),
    feature: 'OperatorsByRegionMap',
  },
  { name: 'operators', path: '/operators/:page?', page: () => import('../routes/operators'), feature: 'OperatorPage' },
  { name: 'operator', path: '/operator/:slug', page: () => import('../routes/operator'), feature: 'OperatorPage' },
  // The back office: one page module for all its sections, which draws the not-found page for anyone
  // without a staff role (signed in or not); its code stays out of every other page's bundle.
  { name: 'staff', path: '/staff/:section?/:id?', page: () => import('../routes/staff') },
  // The guards draw the not-found page too, so it ships with the main bundle.
  { name: 'not-found', path: '*', page: async () => ({ default: NotFoundPage }) },
];

/** The path of a named route with its parameters filled in; optional ones may be left out. */
export function routePath(name: string, params: Record<string, string | number | undefined> = {}): string {
  const def = routeTable.find((r) => r.name === name);
  if (!def) throw new Error(`Unknown route ${name}`);
  return (
    def.path
      .split('/')
      .map((segment) => {
        if (!segment.startsWith(':')) return segment;
        const key = segment.replace(/^:/, '').replace(/\?$/, '');
        const value = params[key];
        return value === undefined ? '' : encodeURIComponent(String(value));
      })
      .filter((s, i) => i === 0 || s !== '')
      .join('/') || '/'
  );
}
