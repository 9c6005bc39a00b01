import { describe, expect, it } from 'vitest';
import { parseFilterState, parseUsage, writeFilterState, writeUsage } from '../features/tariffs';
import { routePath, routeTable, TARIFF_SEARCH } from './route-table';
import { pageSearch } from './router';

describe('route table', () => {
  it('holds every route of docs/product.md §2 with its exact path', () => {
    const byName = Object.fromEntries(routeTable.map((r) => [r.name, r.path]));
    expect(byName).toMatchObject({
      home: '/',
      tariffs: '/tariffs',
      'tariffs-region': '/tariffs/:region',
      portation: '/portation',
      'portation-init': '/portation/init',
      'portation-tariffs': '/portation/:order/tariffs',
      'portation-submit': '/portation/:order/submit',
      'portation-order': '/portation/:order/done',
      contact: '/contacts',
      check: '/check',
      about: '/about',
      coverage: '/coverage',
      account: '/account',
      'data-erased': '/account/erased',
      'account-alerts': '/account/alerts/:page?',
      'account-orders': '/account/:msisdn/orders/:page?',
      'account-portations': '/account/:msisdn/portations/:page?',
      'account-portation-info': '/account/:msisdn/portation/:portationId',
      error: '/error',
      faq: '/faq',
      news: '/news/:page?',
      story: '/story/:slug',
      operators: '/operators/:page?',
      operator: '/operator/:slug',
      'operator-map': '/operators/map',
      'not-found': '*',
    });
  });

  it('declares the guards of the spec', () => {
    const guarded = (flag: 'auth' | 'feature') =>
      routeTable
        .filter((r) => r[flag])
        .map((r) => r.name)
        .sort();
    expect(guarded('auth')).toEqual(
      [
        'account',
        'account-alerts',
        'account-orders',
        'account-portation-info',
        'account-portations',
        'portation-order',
        'portation-submit',
        'portation-tariffs',
      ].sort(),
    );
    const features = Object.fromEntries(routeTable.filter((r) => r.feature).map((r) => [r.name, r.feature]));
    expect(features).toMatchObject({
      news: 'News',
      story: 'News',
      operators: 'OperatorPage',
      operator: 'OperatorPage',
      'operator-map': 'OperatorsByRegionMap',
      portation: 'Portation',
    });
  });

  it('fills parameters and drops optional ones', () => {
    expect(routePath('account-orders', { msisdn: '79161234567', page: 2 })).toBe('/account/79161234567/orders/2');
    expect(routePath('account-orders', { msisdn: '79161234567' })).toBe('/account/79161234567/orders');
    expect(routePath('operator', { slug: 'mts' })).toBe('/operator/mts');
    expect(routePath('home')).toBe('/');
  });
});

describe('what a page reads from the address (the server keeps a page by its path and these; issue 35)', () => {
  it('the tariff browser reads nothing its routes do not declare', () => {
    const written = writeFilterState({
      kind: 'NonPackage',
      operators: ['mts'],
      priceMin: 1,
      priceMax: 2,
      minutesMin: 3,
      minutesUnlim: true,
      smsMin: 4,
      smsUnlim: true,
      trafficMin: 5,
      trafficUnlim: true,
      minutePriceMax: 6,
      smsPriceMax: 7,
      sort: 'name' as never,
      desc: true,
      best: true,
      page: 2,
    });
    writeUsage(written, { minutes: 1, sms: 2, traffic: 3 });
    for (const key of [...written.keys(), 'compare', 'tariff', 'view']) expect(TARIFF_SEARCH, key).toContain(key);
    // The names old links carry are read too.
    expect(parseFilterState(new URLSearchParams('gb=5&gbUnlim=1'))).toMatchObject({
      trafficMin: 5,
      trafficUnlim: true,
    });
    expect(parseUsage(new URLSearchParams('useGb=7')).traffic).toBe(7);
    for (const key of ['gb', 'gbUnlim', 'useGb']) expect(TARIFF_SEARCH).toContain(key);
  });

  it('answers the parameters of a path, and none for an address no route matches', () => {
    expect(pageSearch('/')).toEqual([]);
    expect(pageSearch('/news/2')).toEqual([]);
    expect(pageSearch('/tariffs/moskva')).toBe(TARIFF_SEARCH);
    expect(pageSearch('/error')).toEqual(['url']);
    expect(pageSearch('/portation/init')).toEqual(['op', 'msisdn']);
    expect(pageSearch('/x123')).toBeUndefined();
    expect(pageSearch('/tariffs/moskva/lishnee')).toBeUndefined();
  });
});
