import { describe, expect, it } from 'vitest';
import { parseCompare, parseFilterState, writeFilterState } from './filter-state';

describe('filter state in the query string', () => {
  it('round-trips every filter and keeps other parameters', () => {
    const state = parseFilterState(
      new URLSearchParams(
        'kind=payg&op=mts,t2&priceMin=100&priceMax=900&minutePrice=2,5&sort=name&desc=1&best=1&page=3',
      ),
    );
    expect(state).toMatchObject({
      kind: 'NonPackage',
      operators: ['mts', 't2'],
      priceMin: 100,
      priceMax: 900,
      minutePriceMax: 2.5,
      sort: 'name',
      desc: true,
      best: true,
      page: 3,
    });
    const written = writeFilterState(state, new URLSearchParams('compare=1,2&view=calc'));
    expect(parseFilterState(written)).toEqual(state);
    expect(written.get('compare')).toBe('1,2');
    expect(written.get('view')).toBe('calc');
  });

  it('falls back to defaults for nonsense and leaves defaults out of the link', () => {
    const state = parseFilterState(new URLSearchParams('sort=cost&page=-2&gb=abc&priceMin=-5&op=<script>'));
    expect(state).toMatchObject({
      kind: 'Package',
      sort: 'price',
      page: 1,
      trafficMin: undefined,
      priceMin: undefined,
    });
    expect(state.operators).toEqual([]);
    expect(writeFilterState(state).toString()).toBe('');
  });

  it('reads the traffic filter under its old names from links published before, and writes the new ones', () => {
    const old = parseFilterState(new URLSearchParams('gb=15&gbUnlim=1&minutes=300'));
    expect(old).toMatchObject({ trafficMin: 15, trafficUnlim: true, minutesMin: 300 });
    expect(writeFilterState(old, new URLSearchParams('gb=15&gbUnlim=1&view=calc')).toString()).toBe(
      'view=calc&minutes=300&traffic=15&trafficUnlim=1',
    );
    expect(parseFilterState(new URLSearchParams('traffic=20&gb=15'))).toMatchObject({ trafficMin: 20 });
  });

  it('swaps a reversed price range instead of asking the API for nothing', () => {
    expect(parseFilterState(new URLSearchParams('priceMin=900&priceMax=100'))).toMatchObject({
      priceMin: 100,
      priceMax: 900,
    });
  });

  it('compares at most four distinct tariffs', () => {
    expect(parseCompare(new URLSearchParams('compare=3,3,x,1,-4,7,9,11'))).toEqual([3, 1, 7, 9]);
  });
});
