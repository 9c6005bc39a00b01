import type { CatalogueTariff } from './catalogue';

/**
 * The demo catalogue: tariff lines modelled on the Russian operators' real ones (names, allowances
 * and prices are generated, not copied), sold in every region where the operator works, with the
 * regional price spread real operators have (Moscow and St Petersburg dearer, the North Caucasus
 * and the Volga cheaper).
 */

type Allowance = number | 'unlim';

interface Line {
  slug: string;
  name: string;
  /** Price in an ordinary region, roubles a month. */
  price: number;
  minutes?: Allowance;
  sms?: Allowance;
  trafficGb?: Allowance;
  /** Pay per use: per minute, SMS and megabyte. */
  perUse?: [number, number, number];
  media?: string[];
  convergence?: string[];
  /** Sold only where the price coefficient is at least (capital lines) or at most (budget lines) this. */
  onlyDear?: boolean;
  onlyCheap?: boolean;
  archived?: boolean;
  description: string;
}

const PACKAGE_OVERAGE: [number, number, number] = [2.5, 2.5, 0.15];

const LINES: Record<string, Line[]> = {
  mts: [
    {
      slug: 'moy-mts',
      name: 'Мой МТС',
      price: 450,
      minutes: 400,
      sms: 100,
      trafficGb: 25,
      description: 'Базовый пакет для звонков и интернета.',
    },
    {
      slug: 'moy-bezlimit',
      name: 'Мой безлимит',
      price: 650,
      minutes: 600,
      sms: 100,
      trafficGb: 'unlim',
      description: 'Безлимитный интернет и пакет минут.',
    },
    {
      slug: 'moy-bezlimit-plus',
      name: 'Мой безлимит+',
      price: 950,
      minutes: 1500,
      sms: 500,
      trafficGb: 'unlim',
      media: ['kion'],
      description: 'Безлимитный интернет, больше минут и онлайн-кинотеатр.',
    },
    {
      slug: 'tarifishche',
      name: 'Тарифище',
      price: 1150,
      minutes: 2000,
      sms: 'unlim',
      trafficGb: 'unlim',
      media: ['kion', 'mts-premium'],
      description: 'Много минут, безлимитные SMS и интернет, подписка МТС Premium.',
    },
    {
      slug: 'mts-premium',
      name: 'МТС Premium',
      price: 1900,
      minutes: 'unlim',
      sms: 'unlim',
      trafficGb: 'unlim',
      media: ['kion', 'mts-premium'],
      convergence: ['home-internet', 'tv'],
      onlyDear: true,
      description: 'Всё без ограничений, домашний интернет и ТВ.',
    },
    {
      slug: 'dlya-noutbuka',
      name: 'Для ноутбука',
      price: 550,
      minutes: 0,
      sms: 0,
      trafficGb: 50,
      description: 'Только интернет: для ноутбука и модема.',
    },
    {
      slug: 'klassnyy',
      name: 'Классный',
      price: 250,
      minutes: 300,
      sms: 100,
      trafficGb: 10,
      description: 'Для школьников: звонки родителям и интернет для учёбы.',
    },
    {
      slug: 'moy-region',
      name: 'Мой регион',
      price: 320,
      minutes: 500,
      sms: 100,
      trafficGb: 15,
      onlyCheap: true,
      description: 'Недорогой пакет для своего региона.',
    },
    {
      slug: 'bazovyy',
      name: 'Базовый',
      price: 0,
      perUse: [2.5, 2.5, 9.9],
      description: 'Без абонентской платы: платите только за то, чем пользуетесь.',
    },
    {
      slug: 'smart',
      name: 'Смарт',
      price: 600,
      minutes: 500,
      sms: 500,
      trafficGb: 15,
      archived: true,
      description: 'Архивный тариф: подключить нельзя.',
    },
  ],
  megafon: [
    {
      slug: 'minimum',
      name: 'Минимум',
      price: 400,
      minutes: 300,
      sms: 100,
      trafficGb: 15,
      description: 'Недорогой пакет на каждый день.',
    },
    {
      slug: 'bez-pereplat-vybiray',
      name: 'Без переплат. Выбирай',
      price: 600,
      minutes: 600,
      sms: 100,
      trafficGb: 30,
      description: 'Минуты и гигабайты с запасом.',
    },
    {
      slug: 'bez-pereplat-vse',
      name: 'Без переплат. Всё',
      price: 900,
      minutes: 1000,
      sms: 300,
      trafficGb: 'unlim',
      media: ['start'],
      description: 'Безлимитный интернет и онлайн-кинотеатр START.',
    },
    {
      slug: 'maksimum',
      name: 'Максимум',
      price: 1500,
      minutes: 2000,
      sms: 500,
      trafficGb: 'unlim',
      media: ['start', 'litres'],
      description: 'Большой пакет минут и безлимитный интернет.',
    },
    {
      slug: 'premium',
      name: 'Премиум',
      price: 3000,
      minutes: 'unlim',
      sms: 'unlim',
      trafficGb: 'unlim',
      media: ['start', 'litres', 'okko'],
      convergence: ['home-internet', 'tv'],
      onlyDear: true,
      description: 'Всё без ограничений и домашние услуги.',
    },
    {
      slug: 'internet-dlya-ustroystv',
      name: 'Интернет для устройств',
      price: 500,
      minutes: 0,
      sms: 0,
      trafficGb: 40,
      description: 'Для планшета и модема.',
    },
    {
      slug: 'prostoy',
      name: 'Простой',
      price: 0,
      perUse: [2.9, 2.5, 9.9],
      description: 'Оплата за минуты, SMS и мегабайты.',
    },
  ],
  beeline: [
    {
      slug: 'moy-beeline-15',
      name: 'Мой билайн 15',
      price: 450,
      minutes: 300,
      sms: 100,
      trafficGb: 15,
      description: 'Минуты и интернет на каждый день.',
    },
    {
      slug: 'moy-beeline-30',
      name: 'Мой билайн 30',
      price: 650,
      minutes: 600,
      sms: 100,
      trafficGb: 30,
      description: 'Больше гигабайт для видео и соцсетей.',
    },
    {
      slug: 'anlim',
      name: 'Анлим',
      price: 890,
      minutes: 800,
      sms: 100,
      trafficGb: 'unlim',
      media: ['wink'],
      description: 'Безлимитный интернет и Wink.',
    },
    {
      slug: 'up',
      name: 'UP',
      price: 750,
      minutes: 500,
      sms: 300,
      trafficGb: 40,
      media: ['yandex-plus'],
      description: 'Пакет с подпиской Яндекс Плюс.',
    },
    {
      slug: 'vse-dlya-semi',
      name: 'Всё для семьи',
      price: 1300,
      minutes: 1500,
      sms: 'unlim',
      trafficGb: 'unlim',
      convergence: ['home-internet', 'tv', 'wifi-router'],
      description: 'Мобильная связь, домашний интернет и ТВ.',
    },
    { slug: 'prostoy', name: 'Простой', price: 0, perUse: [2.2, 2.0, 5.0], description: 'Без абонентской платы.' },
  ],
  t2: [
    {
      slug: 'moy-razgovor',
      name: 'Мой разговор',
      price: 350,
      minutes: 800,
      sms: 100,
      trafficGb: 10,
      description: 'Для тех, кто больше говорит.',
    },
    {
      slug: 'moy-onlayn',
      name: 'Мой онлайн',
      price: 450,
      minutes: 500,
      sms: 100,
      trafficGb: 40,
      description: 'Много интернета за небольшие деньги.',
    },
    {
      slug: 'moy-onlayn-plus',
      name: 'Мой онлайн+',
      price: 700,
      minutes: 1000,
      sms: 300,
      trafficGb: 50,
      media: ['vk-music'],
      description: 'Больше минут и гигабайт, VK Музыка.',
    },
    {
      slug: 'chernyy',
      name: 'Черный',
      price: 1200,
      minutes: 2000,
      sms: 500,
      trafficGb: 'unlim',
      media: ['vk-music', 'kinopoisk'],
      description: 'Безлимитный интернет и подписки.',
    },
    {
      slug: 'premium',
      name: 'Премиум',
      price: 1800,
      minutes: 'unlim',
      sms: 'unlim',
      trafficGb: 'unlim',
      media: ['vk-music', 'kinopoisk', 'yandex-plus'],
      onlyDear: true,
      description: 'Без ограничений.',
    },
    {
      slug: 'klassicheskiy',
      name: 'Классический',
      price: 0,
      perUse: [1.8, 2.0, 3.5],
      description: 'Оплата только за использованное.',
    },
  ],
  yota: [
    {
      slug: 'smartfon-15',
      name: 'Yota Смартфон 15',
      price: 400,
      minutes: 300,
      sms: 0,
      trafficGb: 15,
      description: 'Соберите пакет: минуты и интернет.',
    },
    {
      slug: 'smartfon-30',
      name: 'Yota Смартфон 30',
      price: 550,
      minutes: 600,
      sms: 0,
      trafficGb: 30,
      description: 'Больше минут и гигабайт.',
    },
    {
      slug: 'bezlimit',
      name: 'Yota Безлимит',
      price: 750,
      minutes: 600,
      sms: 0,
      trafficGb: 'unlim',
      description: 'Безлимитный интернет на смартфоне.',
    },
    {
      slug: 'planshet',
      name: 'Yota Планшет',
      price: 500,
      minutes: 0,
      sms: 0,
      trafficGb: 'unlim',
      description: 'Интернет для планшета без ограничений.',
    },
  ],
  sbermobile: [
    {
      slug: 'minimum',
      name: 'СберМобайл Минимум',
      price: 350,
      minutes: 300,
      sms: 50,
      trafficGb: 10,
      description: 'Недорогой тариф для звонков.',
    },
    {
      slug: 'optimum',
      name: 'СберМобайл Оптимум',
      price: 550,
      minutes: 600,
      sms: 100,
      trafficGb: 30,
      media: ['sberprime'],
      description: 'Пакет с подпиской СберПрайм.',
    },
    {
      slug: 'maksimum',
      name: 'СберМобайл Максимум',
      price: 850,
      minutes: 'unlim',
      sms: 100,
      trafficGb: 'unlim',
      media: ['sberprime', 'okko'],
      description: 'Безлимитные звонки и интернет.',
    },
  ],
  't-mobile': [
    {
      slug: 'svoy-20',
      name: 'Свой тариф 20',
      price: 450,
      minutes: 400,
      sms: 0,
      trafficGb: 20,
      description: 'Соберите пакет минут и гигабайт.',
    },
    {
      slug: 'svoy-40',
      name: 'Свой тариф 40',
      price: 650,
      minutes: 800,
      sms: 0,
      trafficGb: 40,
      description: 'Больше минут и гигабайт.',
    },
    {
      slug: 'svoy-bezlimit',
      name: 'Свой тариф Безлимит',
      price: 950,
      minutes: 'unlim',
      sms: 50,
      trafficGb: 'unlim',
      media: ['kinopoisk'],
      description: 'Безлимитные звонки и интернет.',
    },
  ],
  'vtb-mobile': [
    {
      slug: 'bazovyy',
      name: 'ВТБ Мобайл Базовый',
      price: 350,
      minutes: 300,
      sms: 50,
      trafficGb: 15,
      description: 'Связь для клиентов банка.',
    },
    {
      slug: 'rasshirennyy',
      name: 'ВТБ Мобайл Расширенный',
      price: 600,
      minutes: 700,
      sms: 100,
      trafficGb: 35,
      description: 'Больше минут и интернета.',
    },
    {
      slug: 'bezlimit',
      name: 'ВТБ Мобайл Безлимит',
      price: 850,
      minutes: 1000,
      sms: 100,
      trafficGb: 'unlim',
      description: 'Безлимитный интернет.',
    },
  ],
  'gazprom-telecom': [
    {
      slug: 'standart',
      name: 'Газпром Стандарт',
      price: 400,
      minutes: 400,
      sms: 100,
      trafficGb: 20,
      description: 'Пакет на каждый день.',
    },
    {
      slug: 'optima',
      name: 'Газпром Оптима',
      price: 650,
      minutes: 800,
      sms: 200,
      trafficGb: 40,
      description: 'Больше минут и гигабайт.',
    },
  ],
  'alfa-mobile': [
    {
      slug: 'bazovyy',
      name: 'Альфа-Мобайл Базовый',
      price: 400,
      minutes: 400,
      sms: 50,
      trafficGb: 20,
      description: 'Связь для клиентов банка.',
    },
    {
      slug: 'maksimum',
      name: 'Альфа-Мобайл Максимум',
      price: 800,
      minutes: 1000,
      sms: 100,
      trafficGb: 'unlim',
      description: 'Безлимитный интернет.',
    },
  ],
  rostelecom: [
    { slug: 'layt', name: 'Лайт', price: 300, minutes: 300, sms: 50, trafficGb: 10, description: 'Недорогой тариф.' },
    {
      slug: 'optimalnyy',
      name: 'Оптимальный',
      price: 500,
      minutes: 600,
      sms: 100,
      trafficGb: 25,
      media: ['wink'],
      description: 'Пакет с видеосервисом Wink.',
    },
    {
      slug: 'bezlimitnyy',
      name: 'Безлимитный',
      price: 850,
      minutes: 1000,
      sms: 100,
      trafficGb: 'unlim',
      media: ['wink'],
      convergence: ['home-internet'],
      description: 'Безлимитный интернет и домашний интернет.',
    },
    {
      slug: 'dom-i-mobilnyy',
      name: 'Для дома и мобильного',
      price: 1200,
      minutes: 1500,
      sms: 300,
      trafficGb: 'unlim',
      media: ['wink'],
      convergence: ['home-internet', 'tv', 'home-phone', 'video-surveillance'],
      description: 'Мобильная связь и всё для дома.',
    },
  ],
  motiv: [
    {
      slug: 'bazovyy',
      name: 'Мотив Базовый',
      price: 290,
      minutes: 300,
      sms: 100,
      trafficGb: 10,
      description: 'Недорогой тариф Урала.',
    },
    {
      slug: 'vse',
      name: 'Мотив Всё',
      price: 550,
      minutes: 800,
      sms: 200,
      trafficGb: 30,
      description: 'Пакет с запасом.',
    },
    {
      slug: 'bezlimit',
      name: 'Мотив Безлимит',
      price: 790,
      minutes: 1500,
      sms: 300,
      trafficGb: 'unlim',
      description: 'Безлимитный интернет.',
    },
    {
      slug: 'prostoy',
      name: 'Мотив Простой',
      price: 0,
      perUse: [1.5, 1.5, 3.0],
      description: 'Без абонентской платы.',
    },
  ],
  'win-mobile': [
    {
      slug: 'start',
      name: 'WIN Старт',
      price: 300,
      minutes: 300,
      sms: 100,
      trafficGb: 10,
      description: 'Тариф для Крыма и Севастополя.',
    },
    {
      slug: 'optimum',
      name: 'WIN Оптимум',
      price: 500,
      minutes: 600,
      sms: 100,
      trafficGb: 30,
      description: 'Пакет на каждый день.',
    },
    {
      slug: 'bezlimit',
      name: 'WIN Безлимит',
      price: 800,
      minutes: 1000,
      sms: 200,
      trafficGb: 'unlim',
      description: 'Безлимитный интернет.',
    },
  ],
  volna: [
    {
      slug: 'volna-10',
      name: 'Волна 10',
      price: 290,
      minutes: 300,
      sms: 100,
      trafficGb: 10,
      description: 'Недорогой пакет.',
    },
    {
      slug: 'volna-25',
      name: 'Волна 25',
      price: 450,
      minutes: 500,
      sms: 100,
      trafficGb: 25,
      description: 'Больше интернета.',
    },
    {
      slug: 'volna-bezlimit',
      name: 'Волна Безлимит',
      price: 750,
      minutes: 1000,
      sms: 100,
      trafficGb: 'unlim',
      description: 'Безлимитный интернет.',
    },
    {
      slug: 'prostoy',
      name: 'Волна Простой',
      price: 0,
      perUse: [1.5, 1.5, 2.5],
      description: 'Без абонентской платы.',
    },
  ],
  'miranda-media': [
    {
      slug: 'bazovyy',
      name: 'Миранда Базовый',
      price: 280,
      minutes: 300,
      sms: 50,
      trafficGb: 10,
      description: 'Тариф для новых регионов.',
    },
    {
      slug: 'optima',
      name: 'Миранда Оптима',
      price: 480,
      minutes: 600,
      sms: 100,
      trafficGb: 25,
      description: 'Пакет на каждый день.',
    },
    {
      slug: 'bezlimit',
      name: 'Миранда Безлимит',
      price: 780,
      minutes: 1000,
      sms: 100,
      trafficGb: 'unlim',
      description: 'Безлимитный интернет.',
    },
  ],
  phoenix: [
    {
      slug: 'start',
      name: 'Феникс Старт',
      price: 200,
      minutes: 300,
      sms: 100,
      trafficGb: 8,
      description: 'Недорогой пакет.',
    },
    {
      slug: 'optimalnyy',
      name: 'Феникс Оптимальный',
      price: 400,
      minutes: 600,
      sms: 100,
      trafficGb: 25,
      description: 'Пакет на каждый день.',
    },
    {
      slug: 'bezlimit',
      name: 'Феникс Безлимит',
      price: 650,
      minutes: 'unlim',
      sms: 100,
      trafficGb: 'unlim',
      description: 'Безлимитные звонки и интернет.',
    },
  ],
};

const DEAR: Record<number, number> = { 77: 1.35, 50: 1.25, 78: 1.25, 47: 1.15, 87: 1.4, 49: 1.35, 41: 1.3, 65: 1.25 };
const FAR_NORTH = new Set([14, 25, 27, 83, 86, 89, 28, 79]);
const CHEAP_SOUTH = new Set([1, 5, 6, 7, 8, 9, 15, 20, 26, 30, 34, 90, 91, 92, 93, 94, 95]);
const CHEAPER = new Set([
  2, 12, 13, 16, 18, 21, 31, 32, 36, 46, 48, 56, 57, 58, 63, 64, 68, 73, 4, 17, 19, 22, 42, 54, 55, 70,
]);

/** How much dearer (or cheaper) mobile service is in a region than in an ordinary one. */
export function regionPriceFactor(regionCode: number): number {
  if (DEAR[regionCode] !== undefined) return DEAR[regionCode];
  if (FAR_NORTH.has(regionCode)) return 1.2;
  if (CHEAP_SOUTH.has(regionCode)) return 0.8;
  if (CHEAPER.has(regionCode)) return 0.9;
  return 1;
}

/** A stable pseudo-random number in [0, 1) from a string: the same catalogue on every start. */
function unitHash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return (h >>> 0) / 4294967296;
}

/** Regional price rounded to 10 roubles, as operators publish them, with a little per-operator spread. */
function regionalPrice(base: number, regionCode: number, key: string): number {
  if (base === 0) return 0;
  const jitter = 0.96 + unitHash(`${key}:${regionCode}`) * 0.08;
  return Math.max(10, Math.round((base * regionPriceFactor(regionCode) * jitter) / 10) * 10);
}

const allowance = (a: Allowance | undefined): number | null => (a === 'unlim' ? null : (a ?? 0));

/** Builds the demo catalogue for the given region–operator pairs (from region_operators). */
export function demoCatalogue(
  pairs: { regionCode: number; operatorSlug: string }[],
  operatorSites: Map<string, string | null>,
): CatalogueTariff[] {
  const regionsByOperator = new Map<string, number[]>();
  for (const p of pairs) {
    const list = regionsByOperator.get(p.operatorSlug) ?? [];
    list.push(p.regionCode);
    regionsByOperator.set(p.operatorSlug, list);
  }
  const out: CatalogueTariff[] = [];
  for (const [operatorSlug, lines] of Object.entries(LINES)) {
    const codes = (regionsByOperator.get(operatorSlug) ?? []).sort((a, b) => a - b);
    if (codes.length === 0) continue;
    const site = operatorSites.get(operatorSlug) ?? null;
    for (const line of lines) {
      const sold = codes.filter((code) => {
        const f = regionPriceFactor(code);
        if (line.onlyDear) return f >= 1.15;
        if (line.onlyCheap) return f <= 0.9;
        return true;
      });
      if (sold.length === 0) continue;
      const perUse = line.perUse;
      const [minutePrice, smsPrice, mbPrice] = perUse ?? PACKAGE_OVERAGE;
      out.push({
        operatorSlug,
        slug: line.slug,
        name: line.name,
        kind: perUse ? 'NonPackage' : 'Package',
        description: line.description,
        minutes: perUse ? 0 : allowance(line.minutes),
        sms: perUse ? 0 : allowance(line.sms),
        trafficGb: perUse ? 0 : allowance(line.trafficGb),
        minutePrice,
        smsPrice,
        mbPrice,
        // The operator's own site: deep links to real tariff pages would be invented addresses.
        url: site,
        mediaServices: line.media ?? [],
        convergenceServices: line.convergence ?? [],
        isArchived: line.archived ?? false,
        regions: sold.map((regionCode) => ({
          regionCode,
          price: regionalPrice(line.price, regionCode, `${operatorSlug}/${line.slug}`),
        })),
      });
    }
  }
  return out;
}
