import { parse } from 'regexparam';
import { describe, expect, it } from 'vitest';
import { matchRoute } from 'wouter';
import { parseRoute, routeOf } from './router';

describe('route patterns', () => {
  it('are made once per pattern and match as wouter’s own parser does', () => {
    const pattern = '/account/:msisdn/portations/:page?';
    expect(parseRoute(pattern)).toBe(parseRoute(pattern));
    for (const path of ['/account/79161234567/portations', '/account/79161234567/portations/2', '/account/x/y/z']) {
      expect(matchRoute(parseRoute, pattern, path)).toEqual(matchRoute(parse, pattern, path));
    }
  });

  it('keep an open-ended (nested) pattern apart from the exact one', () => {
    expect(parseRoute('/news', true)).not.toBe(parseRoute('/news'));
    expect(matchRoute(parseRoute, '/news', '/news/2', true)[0]).toBe(true);
    expect(matchRoute(parseRoute, '/news', '/news/2')[0]).toBe(false);
  });

  it('find the route of an address', () => {
    expect(routeOf('/tariffs/moskva')?.name).toBe('tariffs-region');
    expect(routeOf('/account/79161234567/portation/12')?.name).toBe('account-portation-info');
    expect(routeOf('/no/such/page')?.name).toBe('not-found');
  });
});
