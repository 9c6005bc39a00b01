import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { type CatalogueTariff, catalogueToCsv, parseCatalogueCsv, parseCatalogueJson } from './catalogue';
import { exportCatalogue, importCatalogue } from './service';

let t: TestApp;
let catalogue: CatalogueTariff[];
let operatorIds: Map<string, number>;
const REGIONS = [
  { code: 77, slug: 'moskva' },
  { code: 78, slug: 'sankt-peterburg' },
  { code: 5, slug: 'dagestan' },
  { code: 91, slug: 'krym' },
  { code: 66, slug: 'sverdlovskaya-oblast' },
];

interface Page {
  data: Record<string, unknown>[];
  offset: number;
  pageSize: number;
  totalRows: number;
}

async function get(url: string) {
  const res = await t.app.inject(url);
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

async function page(url: string): Promise<Page> {
  const res = await get(url);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as Page;
}

function qs(params: object): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const x of v) sp.append(k, String(x));
    else sp.append(k, String(v));
  }
  return sp.toString();
}

beforeAll(async () => {
  t = await createTestApp();
  catalogue = await exportCatalogue(t.app.db);
  const ops = await page('/api/v1/operator/list?Take=100');
  operatorIds = new Map(ops.data.map((o) => [String(o.slug), Number(o.id)]));
});
afterAll(async () => t?.close());

// ---- A brute-force search over the exported catalogue: what the API must agree with. ----

interface Filters {
  RegionCode: number;
  Skip: number;
  Take: number;
  SortBy: 'price' | 'minutes' | 'sms' | 'traffic' | 'name';
  SortDesc: boolean;
  Name?: string | undefined;
  OperatorId?: number[] | undefined;
  MinutesMin?: number | undefined;
  MinutesMax?: number | undefined;
  MinutesUnlim?: boolean | undefined;
  SmsMin?: number | undefined;
  SmsMax?: number | undefined;
  SmsUnlim?: boolean | undefined;
  TrafficMin?: number | undefined;
  TrafficMax?: number | undefined;
  TrafficUnlim?: boolean | undefined;
  PriceMin?: number | undefined;
  PriceMax?: number | undefined;
  BestByOperator: boolean;
}

interface Item {
  key: string;
  operatorId: number;
  name: string;
  kind: string;
  price: number;
  minutes: number;
  sms: number;
  traffic: number;
}

const big = (n: number | null) => (n === null ? Number.POSITIVE_INFINITY : n);

function regionItems(code: number): Item[] {
  return catalogue.flatMap((c) => {
    const r = c.regions.find((x) => x.regionCode === code);
    if (!r || c.isArchived) return [];
    return [
      {
        key: `${c.operatorSlug}/${c.slug}`,
        operatorId: operatorIds.get(c.operatorSlug) as number,
        name: c.name,
        kind: c.kind,
        price: r.price,
        minutes: big(c.minutes),
        sms: big(c.sms),
        traffic: big(c.trafficGb),
      },
    ];
  });
}

const fold = (s: string) => s.toLowerCase().replaceAll('ё', 'е');

function within(value: number, min?: number, max?: number, unlim?: boolean) {
  if (min !== undefined && value < min) return false;
  if (max !== undefined && value > max) return false;
  if (unlim === true && value !== Number.POSITIVE_INFINITY) return false;
  return true;
}

function bruteForce(f: Filters): { keys: string[]; total: number } {
  let items = regionItems(f.RegionCode).filter(
    (i) =>
      (f.Name === undefined || fold(i.name).includes(fold(f.Name.trim()))) &&
      (f.OperatorId === undefined || f.OperatorId.includes(i.operatorId)) &&
      within(i.minutes, f.MinutesMin, f.MinutesMax, f.MinutesUnlim) &&
      within(i.sms, f.SmsMin, f.SmsMax, f.SmsUnlim) &&
      within(i.traffic, f.TrafficMin, f.TrafficMax, f.TrafficUnlim) &&
      within(i.price, f.PriceMin, f.PriceMax),
  );
  const byId = (a: Item, b: Item) => tariffId(a) - tariffId(b);
  if (f.BestByOperator) {
    const best = new Map<number, Item>();
    for (const i of items) {
      const cur = best.get(i.operatorId);
      if (!cur || i.price < cur.price || (i.price === cur.price && byId(i, cur) < 0)) best.set(i.operatorId, i);
    }
    items = [...best.values()];
  }
  const field = (i: Item): number | string =>
    f.SortBy === 'traffic' ? i.traffic : f.SortBy === 'name' ? i.name : i[f.SortBy];
  items.sort((a, b) => {
    const x = field(a);
    const y = field(b);
    const c = x < y ? -1 : x > y ? 1 : 0;
    if (c !== 0) return f.SortDesc ? -c : c;
    return a.price - b.price || byId(a, b);
  });
  return { keys: items.slice(f.Skip, f.Skip + f.Take).map((i) => i.key), total: items.length };
}

// Ids are assigned at import; the export keeps catalogue order, which is id order.
let idOf: Map<string, number>;
function tariffId(i: Item): number {
  return idOf.get(i.key) as number;
}

const keyOf = (row: Record<string, unknown>) => `${row.operatorSlug}/${row.slug}`;

describe('catalogue of the demo', () => {
  it('sells every operator of a region there, dearer in Moscow than in Dagestan', async () => {
    const moscow = await page('/api/v1.2/tariff/filters?RegionCode=77');
    const regionOps = (await get('/api/v1/region/operators?RegionCode=77')).body as unknown as {
      operators: { slug: string }[];
    }[];
    const expected = regionOps[0]?.operators.map((o) => o.slug).sort();
    const filters = moscow as unknown as { operators: { slug: string }[]; totalRows: number };
    expect(filters.operators.map((o) => o.slug).sort()).toEqual(expected);
    const total = catalogue.reduce((n, c) => n + c.regions.length, 0);
    expect(total).toBeGreaterThan(3000);
    const mts = catalogue.find((c) => c.operatorSlug === 'mts' && c.slug === 'moy-mts');
    const price = (code: number) => mts?.regions.find((r) => r.regionCode === code)?.price ?? 0;
    expect(price(77)).toBeGreaterThan(price(5));
    expect(price(78)).toBeGreaterThan(price(5));
  });
});

describe('v1.4 list against a brute-force filter of the same catalogue', () => {
  beforeAll(async () => {
    // Ids of every tariff, read through the by-name call of one region per tariff.
    idOf = new Map();
    for (const r of REGIONS) {
      const all = await page(`/api/v1.4/tariff/list?RegionCode=${r.code}&Take=100`);
      for (const row of all.data) idOf.set(keyOf(row), Number(row.id));
    }
  });

  const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
  const filtersArb = fc.record({
    RegionCode: fc.constantFrom(...REGIONS.map((r) => r.code)),
    Skip: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 70 })),
    Take: fc.oneof(fc.constant(100), fc.integer({ min: 1, max: 100 })),
    SortBy: fc.constantFrom('price', 'minutes', 'sms', 'traffic', 'name') as fc.Arbitrary<Filters['SortBy']>,
    SortDesc: fc.boolean(),
    Name: opt(fc.constantFrom('мой', 'БЕЗ', 'Безлимит', 'плюс', 'ё', 'Простой', ' смарт', 'нет такого')),
    OperatorId: opt(fc.subarray(['mts', 'megafon', 'beeline', 't2', 'yota', 'win-mobile', 'motiv'], { minLength: 1 })),
    MinutesMin: opt(fc.constantFrom(0, 300, 400, 500, 1000, 2000)),
    MinutesMax: opt(fc.constantFrom(0, 300, 600, 1500, 5000)),
    MinutesUnlim: opt(fc.boolean()),
    SmsMin: opt(fc.constantFrom(0, 50, 100, 500)),
    SmsMax: opt(fc.constantFrom(0, 100, 300)),
    SmsUnlim: opt(fc.boolean()),
    TrafficMin: opt(fc.constantFrom(0, 10, 15.5, 30, 50)),
    TrafficMax: opt(fc.constantFrom(0, 20, 40, 49.9)),
    TrafficUnlim: opt(fc.boolean()),
    PriceMin: opt(fc.constantFrom(0, 250, 400.5, 600, 1000)),
    PriceMax: opt(fc.constantFrom(0, 450, 700, 999.99, 3000)),
    BestByOperator: fc.boolean(),
  });

  it('returns exactly the brute-force page and total for random filter sets', async () => {
    await fc.assert(
      fc.asyncProperty(filtersArb, async (raw) => {
        const f: Filters = {
          ...raw,
          OperatorId: raw.OperatorId?.map((s) => operatorIds.get(s) as number),
        };
        const res = await get(`/api/v1.4/tariff/list?${qs(f)}`);
        const inverted = (
          [
            ['MinutesMin', 'MinutesMax'],
            ['SmsMin', 'SmsMax'],
            ['TrafficMin', 'TrafficMax'],
            ['PriceMin', 'PriceMax'],
          ] as const
        ).some(([a, b]) => f[a] !== undefined && f[b] !== undefined && (f[a] as number) > (f[b] as number));
        if (inverted) {
          expect(res.status).toBe(400);
          return;
        }
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const body = res.body as unknown as Page;
        const expected = bruteForce(f);
        expect(body.totalRows).toBe(expected.total);
        expect(body.data.map(keyOf)).toEqual(expected.keys);
        expect(body.offset).toBe(f.Skip);
        expect(body.pageSize).toBe(f.Take);
      }),
      { numRuns: 150 },
    );
  });

  it('has unlimited allowances sort above any number and pass any minimum', async () => {
    const desc = await page('/api/v1.4/tariff/list?RegionCode=77&SortBy=traffic&SortDesc=true&Take=100');
    const firstLimited = desc.data.findIndex((r) => r.trafficUnlim === false);
    expect(firstLimited).toBeGreaterThan(0);
    expect(desc.data.slice(firstLimited).every((r) => r.trafficUnlim === false)).toBe(true);
    const unlim = desc.data.find((r) => r.trafficUnlim === true);
    expect(unlim?.traffic).toBeNull();
    const huge = await page('/api/v1.4/tariff/list?RegionCode=77&TrafficMin=1000000&Take=100');
    expect(huge.totalRows).toBeGreaterThan(0);
    expect(huge.data.every((r) => r.trafficUnlim === true)).toBe(true);
  });
});

describe('paging boundaries', () => {
  it('walks the pages without overlap or gaps', async () => {
    const all = await page('/api/v1.4/tariff/list?RegionCode=78&Take=100&SortBy=name');
    const seen: string[] = [];
    for (let skip = 0; skip < all.totalRows; skip += 7) {
      const p = await page(`/api/v1.4/tariff/list?RegionCode=78&Take=7&Skip=${skip}&SortBy=name`);
      expect(p.totalRows).toBe(all.totalRows);
      seen.push(...p.data.map(keyOf));
    }
    expect(seen).toEqual(all.data.map(keyOf));
  });

  it('answers an empty page with the total past the end, and 400 for Take 0, Take above 100 and negatives', async () => {
    const past = await page('/api/v1.4/tariff/list?RegionCode=77&Skip=5000&Take=10');
    expect(past.data).toEqual([]);
    expect(past.totalRows).toBeGreaterThan(10);
    const lastOne = await page(`/api/v1.4/tariff/list?RegionCode=77&Skip=${past.totalRows - 1}&Take=10`);
    expect(lastOne.data).toHaveLength(1);
    expect((await page('/api/v1.4/tariff/list?RegionCode=77&Take=100')).data.length).toBe(
      Math.min(100, past.totalRows),
    );
    for (const bad of ['Take=0', 'Take=101', 'Take=100000', 'Skip=-1', 'MinutesMin=-5', 'PriceMax=-1']) {
      const res = await get(`/api/v1.4/tariff/list?RegionCode=77&${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.title).toBe('Ошибка валидации');
      expect(Object.keys(res.body.errors as object)).toEqual([bad.split('=')[0]]);
    }
  });
});

describe('BestByOperator', () => {
  it('keeps each operator once, with its cheapest matching tariff', async () => {
    const all = await page('/api/v1.4/tariff/list?RegionCode=77&Take=100&TrafficMin=20');
    const best = await page('/api/v1.4/tariff/list?RegionCode=77&Take=100&TrafficMin=20&BestByOperator=true');
    const operators = new Set(all.data.map((r) => r.operatorId));
    expect(best.totalRows).toBe(operators.size);
    for (const row of best.data) {
      const cheapest = Math.min(...all.data.filter((r) => r.operatorId === row.operatorId).map((r) => Number(r.price)));
      expect(row.price).toBe(cheapest);
      expect(Number(row.traffic ?? Number.POSITIVE_INFINITY)).toBeGreaterThanOrEqual(20);
    }
  });
});

describe('v1.4 and v2 agree', () => {
  it('splits the same query into packages and pay-per-use', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...REGIONS),
        fc.constantFrom('price', 'minutes', 'name') as fc.Arbitrary<'price' | 'minutes' | 'name'>,
        fc.boolean(),
        fc.option(fc.subarray(['mts', 'megafon', 'beeline', 't2', 'yota', 'volna'], { minLength: 1 }), {
          nil: undefined,
        }),
        fc.option(fc.constantFrom(0, 300, 800), { nil: undefined }),
        fc.option(fc.constantFrom(800, 1500), { nil: undefined }),
        async (region, sortBy, desc, slugs, priceMin, priceMax) => {
          const common = { SortBy: sortBy, SortDesc: desc, Take: 100, PriceMin: priceMin, PriceMax: priceMax };
          const v14 = await page(
            `/api/v1.4/tariff/list?${qs({ ...common, RegionCode: region.code, OperatorId: slugs?.map((s) => operatorIds.get(s)) })}`,
          );
          for (const kind of ['Package', 'NonPackage'] as const) {
            const v2 = await page(
              `/api/v2/tariff/list?${qs({ ...common, QueryType: kind, RegionSlug: region.slug, OperatorSlugs: slugs })}`,
            );
            expect(v2.data).toEqual(v14.data.filter((r) => r.kind === kind));
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('filters package allowances and pay-per-use prices in v2', async () => {
    const pkg = await page('/api/v2/tariff/list?QueryType=Package&RegionSlug=moskva&Package.MinutesMin=1000&Take=100');
    const v14 = await page('/api/v1.4/tariff/list?RegionCode=77&MinutesMin=1000&Take=100');
    expect(pkg.data.map(keyOf)).toEqual(v14.data.filter((r) => r.kind === 'Package').map(keyOf));
    const cheapCalls = await page(
      '/api/v2/tariff/list?QueryType=NonPackage&RegionSlug=moskva&NonPackage.MinuteMaxPrice=2.5&Take=100',
    );
    expect(cheapCalls.totalRows).toBeGreaterThan(0);
    expect(cheapCalls.data.every((r) => r.kind === 'NonPackage' && Number(r.minutePrice) <= 2.5)).toBe(true);
    const all = await page('/api/v2/tariff/list?QueryType=NonPackage&RegionSlug=moskva&Take=100');
    expect(cheapCalls.totalRows).toBe(all.data.filter((r) => Number(r.minutePrice) <= 2.5).length);
    expect(all.totalRows).toBeGreaterThan(cheapCalls.totalRows);
  });
});

describe('required parameters and bad input', () => {
  it.each([
    ['/api/v1.4/tariff/list', 'RegionCode'],
    ['/api/v1.4/tariff/list?RegionCode=77&SortBy=cost', 'SortBy'],
    ['/api/v1.4/tariff/list?RegionCode=9999', 'RegionCode'],
    ['/api/v1.4/tariff/list?RegionCode=80', 'RegionCode'],
    ['/api/v1.4/tariff/list?RegionCode=abc', 'RegionCode'],
    ['/api/v1.4/tariff/list?RegionCode=77&PriceMin=900&PriceMax=100', 'PriceMin'],
    ['/api/v2/tariff/list?RegionSlug=moskva', 'QueryType'],
    ['/api/v2/tariff/list?QueryType=Package', 'RegionSlug'],
    ['/api/v2/tariff/list?QueryType=Box&RegionSlug=moskva', 'QueryType'],
    ['/api/v2/tariff/list?QueryType=Package&RegionSlug=atlantida', 'RegionSlug'],
    [
      '/api/v2/tariff/list?QueryType=Package&RegionSlug=moskva&Package.TrafficMin=50&Package.TrafficMax=10',
      'Package.TrafficMin',
    ],
    ['/api/v2/tariff/list?QueryType=NonPackage&RegionSlug=moskva&NonPackage.SmsMinPrice=-1', 'NonPackage.SmsMinPrice'],
    ['/api/v1.2/tariff/filters', 'RegionCode'],
    ['/api/v1.2/tariff/filters?RegionCode=9999', 'RegionCode'],
    ['/api/v2/tariff/filters', 'RegionSlug'],
    ['/api/v2/tariff/filters?RegionSlug=nowhere', 'RegionSlug'],
    ['/api/v1.2/tariff?OperatorId=1&RegionCode=77', 'Name'],
    ['/api/v1.2/tariff?Name=x&RegionCode=77', 'OperatorId'],
    ['/api/v1.2/tariff?Name=x&OperatorId=1', 'RegionCode'],
    ['/api/v1.1/tariff/abc', 'id'],
    ['/api/v1.4/tariff/list?RegionCode=77&Name=%00', 'Name'],
    ['/api/v1.2/tariff?Name=a%00b&OperatorId=1&RegionCode=77', 'Name'],
  ])('%s → 400 naming %s', async (url, field) => {
    const res = await get(url);
    expect(res.status).toBe(400);
    expect(res.body.title).toBe('Ошибка валидации');
    expect(res.body.errors).toHaveProperty([field]);
  });

  it('answers 404 for an unknown id or name', async () => {
    for (const url of [
      '/api/v1.1/tariff/999999',
      '/api/v2/tariff/999999',
      '/api/v1.2/tariff?Name=Нет%20такого&OperatorId=1&RegionCode=77',
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.body.title).toBe('Запись не найдена');
    }
  });

  it('returns an empty page, not an error, for a known region where nothing matches', async () => {
    const none = await page('/api/v1.4/tariff/list?RegionCode=77&Name=нет%20такого');
    expect(none).toMatchObject({ data: [], totalRows: 0 });
    // A quote in a search is only text, on the prepared path too.
    const quoted = await page("/api/v1.4/tariff/list?RegionCode=77&Name=x'%3B%20drop%20table%20tariffs%3B--");
    expect(quoted).toMatchObject({ data: [], totalRows: 0 });
    expect((await page('/api/v1.4/tariff/list?RegionCode=77')).totalRows).toBeGreaterThan(0);
  });
});

describe('single tariff calls', () => {
  it('v1.1 and v2 by id agree and list the regional prices; v1.2 finds it by name in a region', async () => {
    const listed = (await page('/api/v1.4/tariff/list?RegionCode=77&Name=мой%20мтс')).data[0];
    expect(listed).toBeDefined();
    const v11 = await get(`/api/v1.1/tariff/${listed?.id}`);
    const v2 = await get(`/api/v2/tariff/${listed?.id}`);
    expect(v11.status).toBe(200);
    expect(v2.body).toEqual(v11.body);
    const regions = v11.body.regions as { regionCode: number; price: number }[];
    expect(regions.find((r) => r.regionCode === 77)?.price).toBe(listed?.price);
    const byName = await get(`/api/v1.2/tariff?Name=МОЙ%20МТС&OperatorId=${listed?.operatorId}&RegionCode=77`);
    expect(byName.body).toEqual(listed);
  });

  it('keeps archived tariffs out of lists but answers them by id', async () => {
    const archived = catalogue.find((c) => c.isArchived);
    expect(archived).toBeDefined();
    const listed = await page(`/api/v1.4/tariff/list?RegionCode=77&Name=${encodeURIComponent(archived?.name ?? '')}`);
    expect(listed.data.filter((r) => r.slug === archived?.slug && r.operatorSlug === archived?.operatorSlug)).toEqual(
      [],
    );
  });
});

describe('filters', () => {
  it('gives the bounds the list holds, by code and by slug', async () => {
    const v12 = (await get('/api/v1.2/tariff/filters?RegionCode=77')).body;
    const v2 = (await get('/api/v2/tariff/filters?RegionSlug=moskva')).body;
    expect(v2).toEqual(v12);
    const all = await page('/api/v1.4/tariff/list?RegionCode=77&Take=100');
    expect(v12.totalRows).toBe(all.totalRows);
    const prices = all.data.map((r) => Number(r.price));
    expect(v12.price).toEqual({ min: Math.min(...prices), max: Math.max(...prices), hasUnlim: false });
    const traffic = all.data.filter((r) => r.kind === 'Package' && !r.trafficUnlim).map((r) => Number(r.traffic));
    expect((v12.traffic as { max: number }).max).toBe(Math.max(...traffic));
    expect((v12.traffic as { hasUnlim: boolean }).hasUnlim).toBe(true);
    const pkg = (await get('/api/v2/tariff/filters?RegionSlug=moskva&QueryType=NonPackage')).body;
    expect(pkg.totalRows).toBe(all.data.filter((r) => r.kind === 'NonPackage').length);
  });
});

describe('answers made once per catalogue version', () => {
  it('serves a repeated list query byte for byte with one ETag, 304 when the browser has it', async () => {
    const url = '/api/v2/tariff/list?QueryType=Package&RegionSlug=moskva&Take=5&SortBy=traffic&SortDesc=true';
    const first = await t.app.inject({ method: 'GET', url });
    const again = await t.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    // The body is what the route's schema makes of the search (no field more, none less).
    const body = first.json();
    expect(body).toMatchObject({ offset: 0, pageSize: 5 });
    const fresh = (await page(`${url}&Skip=0`)).data[0] ?? {};
    expect(Object.keys(body.data[0]).sort()).toEqual(Object.keys(fresh).sort());
    const cached = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
  });
});

describe('import and export', () => {
  it('round-trips through JSON and CSV, and an import changes what the API answers', async () => {
    const json = JSON.stringify(catalogue);
    const fromJson = parseCatalogueJson(json);
    expect(fromJson).toEqual(catalogue);
    expect(parseCatalogueCsv(catalogueToCsv(catalogue))).toEqual(catalogue);

    const changed = catalogue.filter((c) => c.operatorSlug === 't2' && c.slug === 'moy-razgovor');
    const updated = changed.map((c) => ({
      ...c,
      name: 'Мой разговор, "новый"',
      minutes: null,
      regions: c.regions.map((r) => ({ ...r, price: r.regionCode === 77 ? 123 : r.price })),
    }));
    await importCatalogue(t.app.db, parseCatalogueCsv(catalogueToCsv(updated)));
    const found = await page('/api/v1.4/tariff/list?RegionCode=77&Name=новый');
    expect(found.data).toHaveLength(1);
    expect(found.data[0]).toMatchObject({
      price: 123,
      minutes: null,
      minutesUnlim: true,
      name: 'Мой разговор, "новый"',
    });
  });

  it('with replace, archives every tariff the file leaves out', async () => {
    const before = await page('/api/v1.4/tariff/list?RegionCode=77&Take=100');
    // The filters are kept per catalogue version too: asked before the import, they change with it.
    const filtersBefore = (await get('/api/v2/tariff/filters?RegionSlug=moskva')).body;
    expect(filtersBefore.totalRows).toBe(before.totalRows);
    const keep = catalogue.filter((c) => c.operatorSlug === 'yota');
    await importCatalogue(t.app.db, keep, { replace: true });
    const after = await page('/api/v1.4/tariff/list?RegionCode=77&Take=100');
    expect(before.totalRows).toBeGreaterThan(after.totalRows);
    const filtersAfter = (await get('/api/v2/tariff/filters?RegionSlug=moskva')).body;
    expect(filtersAfter.totalRows).toBe(after.totalRows);
    expect((filtersAfter.operators as { slug: string }[]).map((o) => o.slug)).toEqual(['yota']);
    expect(new Set(after.data.map((r) => r.operatorSlug))).toEqual(new Set(['yota']));
    const gone = before.data.find((r) => r.operatorSlug === 'mts');
    expect((await get(`/api/v1.1/tariff/${gone?.id}`)).body.isArchived).toBe(true);
  });

  it('refuses a file with an unknown operator, region or kind in Russian', async () => {
    const one = catalogue[0] as CatalogueTariff;
    await expect(importCatalogue(t.app.db, [{ ...one, operatorSlug: 'nobody' }])).rejects.toThrow(/оператор/);
    await expect(importCatalogue(t.app.db, [{ ...one, regions: [{ regionCode: 999, price: 1 }] }])).rejects.toThrow(
      /регион/,
    );
    expect(() => parseCatalogueJson('[{"kind":"Box"}]')).toThrow(/Package или NonPackage/);
    expect(() => parseCatalogueJson('{')).toThrow(/JSON/);
  });
});
