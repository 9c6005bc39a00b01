// Matching the numbering-plan registry's words to the site's reference data: an operator by any spelling
// of its legal name, regions by the registry's `Регион` text. Used by the plan import and by this module's
// seed, which stores the normalised legal names.
import { type OperatorSeed, operators } from '../../operators';
import { regions } from '../../regions';

// Longest first, so that 'открытое акционерное общество' is removed before 'акционерное общество'.
const LEGAL_FORMS = [
  'федеральное государственное унитарное предприятие',
  'государственное унитарное предприятие',
  'муниципальное унитарное предприятие',
  'общество с ограниченной ответственностью',
  'публичное акционерное общество',
  'непубличное акционерное общество',
  'открытое акционерное общество',
  'закрытое акционерное общество',
  'акционерное общество',
  'фгуп',
  'гуп',
  'муп',
  'ооо',
  'пао',
  'нао',
  'оао',
  'зао',
  'ао',
];
const LEGAL_FORM_PATTERNS = LEGAL_FORMS.map((form) => new RegExp(`(^| )${form}(?= |$)`, 'g'));

/** Normalises a registry legal name for matching: case-insensitive, quotes («»"“” removed), legal forms (ПАО, ОАО, ЗАО, АО, ООО, ГУП, "Публичное акционерное общество", "Открытое акционерное общество", "Общество с ограниченной ответственностью", …) removed, whitespace and hyphens collapsed. */
export function normaliseLegalName(name: string): string {
  let text = name
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[«»"“”„'‘’`]/g, ' ')
    .replace(/[-‐‑‒–—]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  for (const pattern of LEGAL_FORM_PATTERNS) text = text.replace(pattern, '$1');
  // Spaces and hyphens go entirely: the registry writes 'ВымпелКом' and 'Вымпел-Ком', 'МиАТел' and 'МИАТЕЛ'.
  return text.replace(/\s+/g, '');
}

const operatorByLegalName: ReadonlyMap<string, OperatorSeed> = indexOperators();

function indexOperators(): Map<string, OperatorSeed> {
  const index = new Map<string, OperatorSeed>();
  for (const operator of operators) {
    for (const legalName of operator.legalNames) {
      const key = normaliseLegalName(legalName);
      const known = index.get(key);
      // The seed stores one row per normalised name, so two operators must never share one.
      if (known !== undefined && known !== operator) {
        throw new Error(`Legal name "${legalName}" matches both ${known.slug} and ${operator.slug}`);
      }
      index.set(key, operator);
    }
  }
  return index;
}

/** Finds the site operator for a registry legal name (any case, legal-form or quote variant), or undefined. */
export function findOperatorByLegalName(name: string): OperatorSeed | undefined {
  return operatorByLegalName.get(normaliseLegalName(name));
}

// Words that only say what kind of place a name is. Dropping them lets 'Тюменская обл.',
// 'Республика Удмуртская' and 'Ханты - Мансийский - Югра АО' meet the official names.
const PLACE_KIND_WORDS = new Set([
  'республика',
  'область',
  'обл',
  'край',
  'автономный',
  'автономная',
  'округ',
  'ао',
  'народная',
  'г',
  'город',
  'район',
  'районы',
  'р',
  'н',
  'ны',
]);

// Registry spellings that neither the official nor the short name yields: single cities and districts
// named instead of their subject, and subjects merged into today's ones, which older files still use.
const REGION_ALIASES: Readonly<Record<number, readonly string[]>> = {
  2: ['Башкирия', 'Абзелиловский район', 'Белорецкий район'],
  15: ['Алания'],
  17: ['Тува'],
  23: ['г. Сочи'],
  24: ['г. Норильск', 'Таймырский автономный округ', 'Эвенкийский автономный округ'],
  38: ['Усть-Ордынский Бурятский автономный округ'],
  41: ['Корякский округ', 'Камчатская область'],
  59: ['Пермская область', 'Коми-Пермяцкий автономный округ'],
  60: ['г. Псков'],
  75: ['Читинская область', 'Агинский Бурятский автономный округ'],
  86: ['Югра', 'ХМАО', 'г. Сургут', 'Сургутский район'],
};

/** A place name reduced to its distinctive words, sorted, so word order and kind words do not matter. */
function placeKey(place: string): string {
  const words = place
    .toLowerCase()
    .replace(/ё/g, 'е')
    // '(Якутия)', '/Якутия/' and '(Татарстан)' repeat the name in another form.
    .replace(/\([^)]*\)|\/[^/]*\//g, ' ')
    .split(/[^0-9a-zа-я]+/)
    .filter((word) => word !== '' && !PLACE_KIND_WORDS.has(word));
  return [...new Set(words)].sort().join(' ');
}

const regionCodeByPlace: ReadonlyMap<string, number> = indexRegions();

function indexRegions(): Map<string, number> {
  const index = new Map<string, number>();
  const add = (place: string, code: number): void => {
    const key = placeKey(place);
    const known = index.get(key);
    if (known !== undefined && known !== code) {
      throw new Error(`Place "${place}" matches both region ${known} and region ${code}`);
    }
    index.set(key, code);
  };
  for (const region of regions) {
    add(region.name, region.code);
    // The registry also writes 'Кемеровская обл.' and 'Чувашская Республика' without the epithet.
    add(region.name.split(' — ')[0] ?? region.name, region.code);
    add(region.shortName, region.code);
    for (const alias of REGION_ALIASES[region.code] ?? []) add(alias, region.code);
  }
  return index;
}

/** Maps a registry `Регион` string to site region codes: 'г. Москва * Московская область' and 'г. Москва и Московская область' → [77, 50]; 'г. Санкт-Петербург и Ленинградская область' (and '*' form) → [78, 47]; 'Республика Татарстан' / 'Республика Татарстан (Татарстан)' → [16]; 'Ханты - Мансийский - Югра АО', 'Чувашская Республика - Чувашия', 'Кемеровская область - Кузбасс', 'Архангельская область и Ненецкий автономный округ', 'Тюменская обл.' abbreviations, 'Российская Федерация' → [] (whole country), '-' → [], several places joined by '|' → union. Unknown → []. */
export function regionCodesForRegistryName(name: string): number[] {
  const codes: number[] = [];
  // Places are joined by '|', ' * ' or ' и ' ('р-ны Абзелиловский и Белорецкий' splits the same way).
  const places = name.toLowerCase().split(/\||\s*\*\s*|\s+и\s+/);
  for (const place of places) {
    const code = regionCodeByPlace.get(placeKey(place));
    if (code !== undefined && !codes.includes(code)) codes.push(code);
  }
  return codes;
}
