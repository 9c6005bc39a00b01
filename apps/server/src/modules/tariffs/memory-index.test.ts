import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSecondNode, createTestApp, type TestApp } from '../../test/app';
import { compareCodePoints, TariffIndex } from './memory-index';
import { exportCatalogue, importCatalogue, listTariffs, searchFromV2, searchFromV14, sqlSearcher } from './service';

let t: TestApp;
let index: TariffIndex;
beforeAll(async () => {
  t = await createTestApp({ logLevel: 'silent' });
  index = new TariffIndex(t.app.db, { pollMs: 60_000 });
  await index.start();
});
afterAll(async () => {
  index.stop();
  await t.close();
});

const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const REGIONS = [
  { code: 77, slug: 'moskva' },
  { code: 78, slug: 'sankt-peterburg' },
  { code: 5, slug: 'dagestan' },
  { code: 91, slug: 'krym' },
  { code: 999, slug: 'net-takogo' },
];
const paging = {
  Skip: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 80 })),
  Take: fc.oneof(fc.constant(100), fc.integer({ min: 1, max: 100 })),
  SortBy: fc.constantFrom('price', 'minutes', 'sms', 'traffic', 'name') as fc.Arbitrary<
    'price' | 'minutes' | 'sms' | 'traffic' | 'name'
  >,
  SortDesc: fc.boolean(),
  BestByOperator: fc.boolean(),
  Name: opt(fc.constantFrom('мой', 'БЕЗ', 'Безлимит', 'плюс', 'ё', ' смарт', 'нет такого', "o'")),
  PriceMin: opt(fc.constantFrom(0, 250, 400.5, 600)),
  PriceMax: opt(fc.constantFrom(450, 700, 999.99, 3000)),
};

/** Both searches answer the same page, or the same 400. */
async function same(build: () => Parameters<typeof listTariffs>[2]) {
  let search: Parameters<typeof listTariffs>[2];
  try {
    search = build();
  } catch {
    return; // Min above Max: refused before either search runs.
  }
  const fromSql = await listTariffs(t.app.db, sqlSearcher(t.app.db), search).catch((e: Error) => e.message);
  const fromMemory = await listTariffs(t.app.db, index, search).catch((e: Error) => e.message);
  expect(fromMemory).toEqual(fromSql);
}

describe('the in-memory tariff index answers exactly what the SQL search does', () => {
  it('v1.4: every filter, sort, page and BestByOperator', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          ...paging,
          RegionCode: fc.constantFrom(...REGIONS.map((r) => r.code)),
          OperatorId: opt(fc.subarray([1, 2, 3, 4, 5, 6, 7, 8, 50], { minLength: 0 })),
          MinutesMin: opt(fc.constantFrom(0, 300, 500, 2000)),
          MinutesMax: opt(fc.constantFrom(300, 1500, 5000)),
          MinutesUnlim: opt(fc.boolean()),
          SmsMin: opt(fc.constantFrom(0, 50, 500)),
          SmsMax: opt(fc.constantFrom(100, 300)),
          SmsUnlim: opt(fc.boolean()),
          TrafficMin: opt(fc.constantFrom(0, 10, 15.5, 50)),
          TrafficMax: opt(fc.constantFrom(20, 49.9)),
          TrafficUnlim: opt(fc.boolean()),
        }),
        (q) => same(() => searchFromV14(q as unknown as Parameters<typeof searchFromV14>[0])),
      ),
      { numRuns: 150 },
    );
  });

  it('v2: packages and pay-per-use, with the Package.* and NonPackage.* filters the page uses', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          ...paging,
          QueryType: fc.constantFrom('Package', 'NonPackage') as fc.Arbitrary<'Package' | 'NonPackage'>,
          RegionSlug: fc.constantFrom(...REGIONS.map((r) => r.slug)),
          OperatorSlugs: opt(fc.subarray(['mts', 'megafon', 'beeline', 't2', 'yota', 'volna', 'nobody'])),
          'Package.MinutesMin': opt(fc.constantFrom(0, 300, 800)),
          'Package.MinutesMax': opt(fc.constantFrom(600, 3000)),
          'Package.MinutesUnlim': opt(fc.boolean()),
          'Package.SmsMin': opt(fc.constantFrom(0, 100)),
          'Package.SmsMax': opt(fc.constantFrom(50, 500)),
          'Package.SmsUnlim': opt(fc.boolean()),
          'Package.TrafficMin': opt(fc.constantFrom(0, 10, 30)),
          'Package.TrafficMax': opt(fc.constantFrom(20, 100)),
          'Package.TrafficUnlim': opt(fc.boolean()),
          'NonPackage.MinuteMinPrice': opt(fc.constantFrom(0, 1, 1.5, 2.25)),
          'NonPackage.MinuteMaxPrice': opt(fc.constantFrom(1.5, 2.5, 3.95, 10)),
          'NonPackage.SmsMinPrice': opt(fc.constantFrom(0, 1, 2.5)),
          'NonPackage.SmsMaxPrice': opt(fc.constantFrom(1.95, 3, 5)),
        }),
        (q) => same(() => searchFromV2(q as unknown as Parameters<typeof searchFromV2>[0])),
      ),
      { numRuns: 150 },
    );
  });

  it('sorts names in code-point order, as COLLATE "C" does', () => {
    const names = ['Яблоко', 'apple', 'Apple', 'ёж', 'Ёж', 'е', '😀', '\uffff', 'Z', ''];
    const sorted = [...names].sort(compareCodePoints);
    const byCodePoints = [...names].sort((a, b) => {
      const x = [...a].map((c) => c.codePointAt(0) as number);
      const y = [...b].map((c) => c.codePointAt(0) as number);
      for (let i = 0; i < Math.min(x.length, y.length); i++)
        if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
      return x.length - y.length;
    });
    expect(sorted).toEqual(byCodePoints);
    expect(sorted.indexOf('\uffff')).toBeLessThan(sorted.indexOf('😀'));
  });
});

describe('a catalogue change reaches every node', () => {
  it('at once on the node that imported, and on another node by its next poll', async () => {
    const other = await createSecondNode(t, { lookup: { ...t.config.lookup, pollMs: 50 } });
    try {
      const url = '/api/v1.4/tariff/list?RegionCode=77&Name=Проверка%20индекса';
      expect((await other.app.inject(url)).json().totalRows).toBe(0);
      const [first] = await exportCatalogue(t.app.db);
      if (!first) throw new Error('no catalogue');
      await importCatalogue(t.app.db, [
        { ...first, slug: 'proverka-indeksa', name: 'Проверка индекса', regions: [{ regionCode: 77, price: 123 }] },
      ]);
      // This process imported: its index is current for the very next request.
      const here = (await t.app.inject(url)).json();
      expect(here.totalRows).toBe(1);
      expect(here.data[0].price).toBe(123);
      // Another node of the same database sees the new version within its poll.
      await vi.waitFor(async () => expect((await other.app.inject(url)).json().totalRows).toBe(1), { timeout: 3000 });
      const region = (await other.app.inject('/api/v2/tariff/all?RegionCode=77')).json();
      expect(region.data.some((r: { name: string }) => r.name === 'Проверка индекса')).toBe(true);
    } finally {
      await other.close();
    }
  });
});

describe('the calculator’s region in one request', () => {
  it('answers every listed tariff of the region, cheapest first: the same as paging through the list', async () => {
    const all = (await t.app.inject('/api/v2/tariff/all?RegionCode=78')).json();
    const paged: unknown[] = [];
    for (let skip = 0; ; skip += 10) {
      const page = (await t.app.inject(`/api/v1.4/tariff/list?RegionCode=78&Skip=${skip}&Take=10`)).json();
      paged.push(...page.data);
      if (paged.length >= page.totalRows) break;
    }
    expect(all.data).toEqual(paged);
    expect(all.data.length).toBeGreaterThan(30);
    const unknown = await t.app.inject('/api/v2/tariff/all?RegionCode=999');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.RegionCode).toEqual(['Такого региона нет.']);
    expect((await t.app.inject('/api/v2/tariff/all')).statusCode).toBe(400);
  });
});

describe('a list asked while the index rebuilds', () => {
  it('waits for the build the latest change started, not the snapshot that build replaces', async () => {
    const own = new TariffIndex(t.app.db, { pollMs: 60_000 });
    await own.start();
    // The next build reads the catalogue, then is held before it ends.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reading = () => {};
    const read = new Promise<void>((resolve) => {
      reading = resolve;
    });
    const indexBuild = own as unknown as { build(): Promise<void> };
    const build = indexBuild.build.bind(own);
    const spy = vi.spyOn(indexBuild, 'build').mockImplementationOnce(async () => {
      await build();
      reading();
      await held;
    });
    const name = 'Гонка сборок';
    const search = searchFromV14({
      RegionCode: 77,
      Name: name,
      Skip: 0,
      Take: 10,
      SortBy: 'price',
      SortDesc: false,
      BestByOperator: false,
    } as Parameters<typeof searchFromV14>[0]);
    const [first] = await exportCatalogue(t.app.db);
    if (!first) throw new Error('no catalogue');
    try {
      // A change marks the index stale: the first list starts the held build.
      await importCatalogue(t.app.db, [
        { ...first, slug: 'gonka-sborok-1', name: `${name} 1`, regions: [{ regionCode: 77, price: 101 }] },
      ]);
      const before = own.search(search);
      await read;
      // The build has read the catalogue; a second change is applied, and then a list is asked (a staff
      // member applying an upload, then opening the list). It waits on the held build.
      await importCatalogue(t.app.db, [
        { ...first, slug: 'gonka-sborok-2', name: `${name} 2`, regions: [{ regionCode: 77, price: 102 }] },
      ]);
      const after = own.search(search);
      release();
      // The first to wake starts the build of the second change; the list asked after that change waits
      // for it rather than taking the held build's snapshot, which that build replaces.
      const names = async (list: ReturnType<typeof own.search>) => (await list).rows.map((r) => r.name).sort();
      expect(await names(after)).toEqual([`${name} 1`, `${name} 2`]);
      expect(await names(before)).toContain(`${name} 1`);
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      release();
      spy.mockRestore();
      own.stop();
    }
  });
});
