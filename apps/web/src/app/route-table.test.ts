import { describe, expect, it } from 'vitest';
import { routePath, routeTable } from './route-table';

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
