/** Where the demo plan says it came from; the lookup page shows a «demo data» note for it. */
export const DEMO_PLAN_SOURCE = 'демонстрационный план нумерации (сгенерирован)';

const MOSCOW = 'г. Москва * Московская область';
const SPB = 'г. Санкт-Петербург * Ленинградская область';

// DEF codes of the big networks as they are really allocated, regions spread over a few subjects.
// Each code is cut into ten ranges of a million numbers.
const DEMO_CODES: { code: number; legalName: string; inn: string; regions: string[] }[] = [
  {
    code: 915,
    legalName: 'ПАО "МТС"',
    inn: '7740000076',
    regions: [MOSCOW, MOSCOW, MOSCOW, 'Тверская обл.', 'Тульская обл.'],
  },
  { code: 916, legalName: 'ПАО "МТС"', inn: '7740000076', regions: [MOSCOW] },
  { code: 985, legalName: 'ПАО "МТС"', inn: '7740000076', regions: [MOSCOW] },
  { code: 911, legalName: 'ПАО "МТС"', inn: '7740000076', regions: [SPB, SPB, 'Новгородская обл.', 'Псковская обл.'] },
  { code: 912, legalName: 'ПАО "МТС"', inn: '7740000076', regions: ['Свердловская обл.', 'Пермский край'] },
  { code: 913, legalName: 'ПАО "МТС"', inn: '7740000076', regions: ['Новосибирская обл.', 'Алтайский край'] },
  { code: 925, legalName: 'ПАО "МегаФон"', inn: '7812014560', regions: [MOSCOW] },
  { code: 926, legalName: 'ПАО "МегаФон"', inn: '7812014560', regions: [MOSCOW] },
  { code: 921, legalName: 'ПАО "МегаФон"', inn: '7812014560', regions: [SPB, 'Мурманская обл.', 'Республика Карелия'] },
  { code: 922, legalName: 'ПАО "МегаФон"', inn: '7812014560', regions: ['Свердловская обл.', 'Тюменская обл.'] },
  { code: 927, legalName: 'ПАО "МегаФон"', inn: '7812014560', regions: ['Самарская обл.', 'Саратовская обл.'] },
  { code: 903, legalName: 'ПАО "ВЫМПЕЛКОМ"', inn: '7713076301', regions: [MOSCOW] },
  { code: 905, legalName: 'ПАО "ВЫМПЕЛКОМ"', inn: '7713076301', regions: [MOSCOW, 'Ставропольский край'] },
  { code: 906, legalName: 'ПАО "ВЫМПЕЛКОМ"', inn: '7713076301', regions: [MOSCOW, 'Республика Татарстан'] },
  { code: 960, legalName: 'ПАО "ВЫМПЕЛКОМ"', inn: '7713076301', regions: ['Краснодарский край', 'Ростовская обл.'] },
  {
    code: 900,
    legalName: 'ООО "Т2 Мобайл"',
    inn: '7743895280',
    regions: ['Краснодарский край', 'Ростовская обл.', 'Тверская обл.'],
  },
  { code: 901, legalName: 'ООО "Т2 Мобайл"', inn: '7743895280', regions: [MOSCOW] },
  { code: 977, legalName: 'ООО "Т2 Мобайл"', inn: '7743895280', regions: [MOSCOW] },
  { code: 950, legalName: 'ООО "Т2 Мобайл"', inn: '7743895280', regions: [SPB, 'Свердловская обл.'] },
  { code: 999, legalName: 'ООО "Скартел"', inn: '7701725181', regions: [MOSCOW, SPB, 'Новосибирская обл.'] },
  { code: 902, legalName: 'ООО "ЕКАТЕРИНБУРГ-2000"', inn: '6661079603', regions: ['Свердловская обл.'] },
  { code: 978, legalName: 'ООО "К-ТЕЛЕКОМ"', inn: '9102157783', regions: ['Республика Крым', 'г. Севастополь'] },
  {
    code: 917,
    legalName: 'ПАО "МТС"',
    inn: '7740000076',
    regions: ['Республика Татарстан', 'Республика Башкортостан'],
  },
  { code: 928, legalName: 'ПАО "МегаФон"', inn: '7812014560', regions: ['Ростовская обл.', 'Краснодарский край'] },
  { code: 988, legalName: 'ПАО "МегаФон"', inn: '7812014560', regions: ['Республика Дагестан', 'Ростовская обл.'] },
  { code: 964, legalName: 'ПАО "ВЫМПЕЛКОМ"', inn: '7713076301', regions: ['Республика Дагестан', 'Свердловская обл.'] },
];

/** The ESIA stand-in's test citizens' numbers: their history comes from the porting demo, not from here. */
const CITIZEN_NUMBERS = new Set([
  '9161234567',
  '9037654321',
  '9251112233',
  '9215550101',
  '9260001122',
  '9132223344',
  '9053334455',
  '9994445566',
  '9286667788',
  '9178889900',
  '9881112233',
  '9642223344',
  '9275551234',
  '9851112233',
]);

/** The demo plan as a registry file in today's format (8 columns, bare inner quotes, UTF-8 with BOM). */
export function demoPlanCsv(): string {
  const lines = ['АВС/ DEF;От;До;Емкость;Оператор;Регион;Территория ГАР;ИНН'];
  for (const c of DEMO_CODES) {
    for (let block = 0; block < 10; block++) {
      const region = c.regions[block % c.regions.length] ?? MOSCOW;
      const from = String(block * 1_000_000).padStart(7, '0');
      const to = String(block * 1_000_000 + 999_999).padStart(7, '0');
      lines.push(`${c.code};${from};${to};1000000;${c.legalName};${region};${region};${c.inn}`);
    }
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

// Deterministic, so every demo start shows the same numbers.
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const OWNERS = ['mMTS', 'mMEGAFON', 'mBEELINE', 'mTELE2', 'mYOTA'];
const HOLDER_OWNER: Record<string, string> = {
  'ПАО "МТС"': 'mMTS',
  'ПАО "МегаФон"': 'mMEGAFON',
  'ПАО "ВЫМПЕЛКОМ"': 'mBEELINE',
  'ООО "Т2 Мобайл"': 'mTELE2',
  'ООО "Скартел"': 'mYOTA',
};

/**
 * Generated ported numbers as a Port_All extract: 2 000 numbers of the demo plan moved to another
 * big network in the last three years, plus a few easy to remember for trying the page
 * (+7 926 123-45-67 moved from МегаФон to МТС). The test citizens' numbers are left out: their
 * portings are run through the porting engine (porting/seed.ts).
 */
export function demoPortedLines(): string[] {
  const next = random(20261122);
  const lines = ['Number,OwnerId,MNC,Route,RegionCode,PortDate'];
  lines.push('9261234567,mMTS,01,D7701,77,2024-09-02T10:00:00+03:00');
  lines.push('9031234567,mTELE2,20,D7720,77,2025-11-20T10:00:00+03:00');
  const start = Date.UTC(2023, 10, 1);
  const seen = new Set(['9261234567', '9031234567', ...CITIZEN_NUMBERS]);
  const codes = DEMO_CODES.filter((c) => HOLDER_OWNER[c.legalName]);
  while (seen.size < 2002 + CITIZEN_NUMBERS.size) {
    const c = codes[Math.floor(next() * codes.length)] ?? DEMO_CODES[0];
    const number = `${c?.code ?? 916}${String(Math.floor(next() * 10_000_000)).padStart(7, '0')}`;
    // A number moves to another network, never to the one that holds its range.
    const others = OWNERS.filter((o) => o !== HOLDER_OWNER[c?.legalName ?? '']);
    const owner = others[Math.floor(next() * others.length)] ?? 'mMTS';
    if (seen.has(number)) continue;
    seen.add(number);
    const day = new Date(start + Math.floor(next() * 3 * 365) * 86_400_000).toISOString().slice(0, 10);
    lines.push(`${number},${owner},,,,${day}T10:00:00+03:00`);
  }
  return lines;
}
