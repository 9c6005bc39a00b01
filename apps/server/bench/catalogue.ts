/** The benchmark's catalogue: many generated tariffs over the real regions and operators. */
import { regions as regionSeed } from '../src/modules/regions/reference-data';
import type { CatalogueTariff } from '../src/modules/tariffs/catalogue';

const DEAR: Record<number, number> = { 77: 1.35, 50: 1.25, 78: 1.25, 47: 1.15, 87: 1.4, 49: 1.35, 41: 1.3, 65: 1.25 };
const FAR_NORTH = new Set([14, 25, 27, 83, 86, 89, 28, 79]);
const CHEAP_SOUTH = new Set([1, 5, 6, 7, 8, 9, 15, 20, 26, 30, 34, 90, 91, 92, 93, 94, 95]);
const CHEAPER = new Set([
  2, 12, 13, 16, 18, 21, 31, 32, 36, 46, 48, 56, 57, 58, 63, 64, 68, 73, 4, 17, 19, 22, 42, 54, 55, 70,
]);

/** How much dearer (or cheaper) mobile service is in a region than in an ordinary one (as in the demo catalogue). */
function regionPriceFactor(regionCode: number): number {
  if (DEAR[regionCode] !== undefined) return DEAR[regionCode];
  if (FAR_NORTH.has(regionCode)) return 1.2;
  if (CHEAP_SOUTH.has(regionCode)) return 0.8;
  if (CHEAPER.has(regionCode)) return 0.9;
  return 1;
}

const OPERATORS = ['mts', 'megafon', 'beeline', 't2', 'yota', 'sbermobile', 't-mobile', 'vtb-mobile', 'rostelecom'];
const STEPS = [0, 100, 200, 300, 400, 500, 600, 800, 1000, 1500, 2000, 3000];

/** A deterministic pseudo-random sequence, so every run measures the same catalogue. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 4_294_967_296;
  };
}

/** 50 000 tariffs, each sold in one to three regions, prices spread as in the demo catalogue. */
export function benchCatalogue(count: number): CatalogueTariff[] {
  const rand = rng(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)] as T;
  const codes = regionSeed.map((r) => r.code);
  const allowance = (steps: number[], unlimShare: number) => (rand() < unlimShare ? null : pick(steps));
  return Array.from({ length: count }, (_, i) => {
    const pkg = rand() < 0.9;
    const base = 150 + Math.floor(rand() * 30) * 50;
    const sold = new Set(Array.from({ length: 1 + Math.floor(rand() * 3) }, () => pick(codes)));
    return {
      operatorSlug: pick(OPERATORS),
      slug: `bench-${i}`,
      name: `Тариф ${pick(['Мой', 'Всё', 'Смарт', 'Безлимит', 'Онлайн', 'Разговор'])} ${i}`,
      kind: pkg ? 'Package' : 'NonPackage',
      description: '',
      minutes: pkg ? allowance(STEPS, 0.15) : 0,
      sms: pkg ? allowance([0, 50, 100, 300, 500], 0.15) : 0,
      trafficGb: pkg ? allowance([5, 10, 15, 20, 30, 40, 50, 70, 100], 0.25) : 0,
      minutePrice: 1.5 + Math.floor(rand() * 20) / 10,
      smsPrice: 2,
      mbPrice: pkg ? 0.15 : 5,
      url: null,
      mediaServices: [],
      convergenceServices: [],
      isArchived: rand() < 0.02,
      regions: [...sold].map((regionCode) => ({
        regionCode,
        price: pkg ? Math.round((base * regionPriceFactor(regionCode)) / 10) * 10 : 0,
      })),
    };
  });
}
