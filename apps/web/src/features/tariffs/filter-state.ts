/**
 * The tariff page's state lives in its query string, so a link restores the same filters, page,
 * comparison and calculator input. Unknown or malformed values fall back to the defaults.
 */

export const SORT_FIELDS = ['price', 'minutes', 'sms', 'traffic', 'name'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

export interface TariffFilterState {
  kind: 'Package' | 'NonPackage';
  operators: string[];
  priceMin?: number | undefined;
  priceMax?: number | undefined;
  minutesMin?: number | undefined;
  minutesUnlim: boolean;
  smsMin?: number | undefined;
  smsUnlim: boolean;
  /** Gigabytes a month at least (the API's Package.TrafficMin). */
  trafficMin?: number | undefined;
  trafficUnlim: boolean;
  minutePriceMax?: number | undefined;
  smsPriceMax?: number | undefined;
  sort: SortField;
  desc: boolean;
  best: boolean;
  /** 1-based. */
  page: number;
}

export const MAX_COMPARE = 4;

const KEYS = {
  kind: 'kind',
  operators: 'op',
  priceMin: 'priceMin',
  priceMax: 'priceMax',
  minutesMin: 'minutes',
  minutesUnlim: 'minutesUnlim',
  smsMin: 'sms',
  smsUnlim: 'smsUnlim',
  trafficMin: 'traffic',
  trafficUnlim: 'trafficUnlim',
  minutePriceMax: 'minutePrice',
  smsPriceMax: 'smsPrice',
  sort: 'sort',
  desc: 'desc',
  best: 'best',
  page: 'page',
} as const;

/** Names that published links used before the traffic filter took the API's name: read, never written. */
const OLD_KEYS = { trafficMin: 'gb', trafficUnlim: 'gbUnlim' } as const;

/** Every query key the filter state owns (the page keeps the others: compare, tariff, view…). */
export const FILTER_KEYS: readonly string[] = [...Object.values(KEYS), ...Object.values(OLD_KEYS)];

function amount(p: URLSearchParams, key: string): number | undefined {
  const raw = p.get(key);
  if (raw === null || raw.trim() === '') return undefined;
  const n = Number(raw.replace(',', '.'));
  return Number.isFinite(n) && n >= 0 && n <= 1_000_000 ? n : undefined;
}

const flag = (p: URLSearchParams, key: string) => p.get(key) === '1';

/** Reads the filter state from a query string. */
export function parseFilterState(p: URLSearchParams): TariffFilterState {
  const sort = p.get(KEYS.sort);
  const page = Number(p.get(KEYS.page));
  let priceMin = amount(p, KEYS.priceMin);
  let priceMax = amount(p, KEYS.priceMax);
  // A hand-edited link with the bounds swapped still means the range between them.
  if (priceMin !== undefined && priceMax !== undefined && priceMin > priceMax)
    [priceMin, priceMax] = [priceMax, priceMin];
  return {
    kind: p.get(KEYS.kind) === 'payg' ? 'NonPackage' : 'Package',
    operators: (p.get(KEYS.operators) ?? '')
      .split(',')
      .filter((s) => /^[a-z0-9-]{1,100}$/.test(s))
      .slice(0, 50),
    priceMin,
    priceMax,
    minutesMin: amount(p, KEYS.minutesMin),
    minutesUnlim: flag(p, KEYS.minutesUnlim),
    smsMin: amount(p, KEYS.smsMin),
    smsUnlim: flag(p, KEYS.smsUnlim),
    trafficMin: amount(p, KEYS.trafficMin) ?? amount(p, OLD_KEYS.trafficMin),
    trafficUnlim: flag(p, KEYS.trafficUnlim) || flag(p, OLD_KEYS.trafficUnlim),
    minutePriceMax: amount(p, KEYS.minutePriceMax),
    smsPriceMax: amount(p, KEYS.smsPriceMax),
    sort: (SORT_FIELDS as readonly string[]).includes(sort ?? '') ? (sort as SortField) : 'price',
    desc: flag(p, KEYS.desc),
    best: flag(p, KEYS.best),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** Writes the filter state into a copy of `base`, leaving defaults out so links stay short. */
export function writeFilterState(s: TariffFilterState, base = new URLSearchParams()): URLSearchParams {
  const p = new URLSearchParams(base);
  for (const key of FILTER_KEYS) p.delete(key);
  const set = (key: string, value: number | undefined) => {
    if (value !== undefined) p.set(key, String(value));
  };
  if (s.kind === 'NonPackage') p.set(KEYS.kind, 'payg');
  if (s.operators.length > 0) p.set(KEYS.operators, s.operators.join(','));
  set(KEYS.priceMin, s.priceMin);
  set(KEYS.priceMax, s.priceMax);
  set(KEYS.minutesMin, s.minutesMin);
  if (s.minutesUnlim) p.set(KEYS.minutesUnlim, '1');
  set(KEYS.smsMin, s.smsMin);
  if (s.smsUnlim) p.set(KEYS.smsUnlim, '1');
  set(KEYS.trafficMin, s.trafficMin);
  if (s.trafficUnlim) p.set(KEYS.trafficUnlim, '1');
  set(KEYS.minutePriceMax, s.minutePriceMax);
  set(KEYS.smsPriceMax, s.smsPriceMax);
  if (s.sort !== 'price') p.set(KEYS.sort, s.sort);
  if (s.desc) p.set(KEYS.desc, '1');
  if (s.best) p.set(KEYS.best, '1');
  if (s.page > 1) p.set(KEYS.page, String(s.page));
  return p;
}

/** Tariff ids to compare from `?compare=1,2,3`: positive, distinct, at most four. */
export function parseCompare(p: URLSearchParams): number[] {
  const ids = (p.get('compare') ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0 && n < 2_147_483_647);
  return [...new Set(ids)].slice(0, MAX_COMPARE);
}
