/**
 * The catalogue's exchange format, for loading real data and taking it out again: JSON (an array of
 * tariffs, each with its regional prices) or CSV (one row per tariff and region, RFC 4180, UTF-8).
 * Operators, regions and services are named by slug and FNS code, so a file moves between databases.
 */
import { CsvError, parse } from 'csv-parse/sync';
import { neutraliseCsvCell, restoreCsvCell } from '../../lib/csv-cell';

export type TariffKind = 'Package' | 'NonPackage';
export const TARIFF_KINDS: readonly TariffKind[] = ['Package', 'NonPackage'];

export interface CatalogueTariff {
  operatorSlug: string;
  slug: string;
  name: string;
  kind: TariffKind;
  description: string;
  /** Included per month; null = unlimited. */
  minutes: number | null;
  sms: number | null;
  trafficGb: number | null;
  /** Roubles per minute, SMS, megabyte: every unit (NonPackage) or beyond the allowance (Package). */
  minutePrice: number | null;
  smsPrice: number | null;
  mbPrice: number | null;
  url: string | null;
  mediaServices: string[];
  convergenceServices: string[];
  isArchived: boolean;
  regions: { regionCode: number; price: number }[];
}

export class CatalogueError extends Error {}

const CSV_COLUMNS = [
  'operator',
  'slug',
  'name',
  'kind',
  'region_code',
  'price',
  'minutes',
  'sms',
  'traffic_gb',
  'minute_price',
  'sms_price',
  'mb_price',
  'url',
  'media_services',
  'convergence_services',
  'is_archived',
  'description',
] as const;

const UNLIM_WORDS = new Set(['unlim', 'безлимит', 'unlimited']);

function fail(where: string, message: string): never {
  throw new CatalogueError(`${where}: ${message}`);
}

function allowanceOf(value: unknown, where: string, field: string): number | null {
  if (value === null || (typeof value === 'string' && UNLIM_WORDS.has(value.trim().toLowerCase()))) return null;
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > 1_000_000) {
    fail(where, `${field} — целое число от 0 до 1 000 000 или «безлимит»`);
  }
  return n;
}

function priceOf(value: unknown, where: string, field: string, nullable: boolean): number | null {
  if (value === null || value === undefined || value === '') {
    if (nullable) return null;
    fail(where, `${field} обязательно`);
  }
  const n = typeof value === 'string' ? Number(value.replace(',', '.')) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0 || n > 1_000_000) {
    fail(where, `${field} — число от 0 до 1 000 000`);
  }
  return Math.round(n * 10_000) / 10_000;
}

function textOf(value: unknown, where: string, field: string, required: boolean): string {
  if (value === undefined || value === null) {
    if (required) fail(where, `${field} обязательно`);
    return '';
  }
  if (typeof value !== 'string') fail(where, `${field} — строка`);
  if (required && value.trim() === '') fail(where, `${field} не может быть пустым`);
  return value.trim();
}

function slugListOf(value: unknown, where: string, field: string): string[] {
  if (value === undefined || value === null || value === '') return [];
  const list = typeof value === 'string' ? value.split('|') : value;
  if (!Array.isArray(list) || list.some((s) => typeof s !== 'string')) fail(where, `${field} — список адресов (slug)`);
  return (list as string[]).map((s) => s.trim()).filter(Boolean);
}

/**
 * A tariff's page at its operator: an `https://` or `http://` address, nothing else. The link is served to
 * every API client and drawn in pages; a `javascript:` or `data:` one would run as code there.
 */
export function isWebAddress(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A stored address as served: one that is not a web address (written before the check) is none. */
export const servedUrl = (url: string | null): string | null => (url !== null && isWebAddress(url) ? url : null);

function urlOf(value: unknown, where: string): string | null {
  const text = textOf(value, where, 'url', false);
  if (text === '') return null;
  if (text.length > 2000 || !isWebAddress(text)) {
    fail(where, 'url — адрес страницы тарифа, начинающийся с https:// или http://');
  }
  return text;
}

/** Checks one tariff of a file and brings it to the catalogue's shape; throws CatalogueError in Russian. */
export function normaliseTariff(raw: Record<string, unknown>, where: string): CatalogueTariff {
  const kind = raw.kind;
  if (kind !== 'Package' && kind !== 'NonPackage') fail(where, 'kind — Package или NonPackage');
  const slug = textOf(raw.slug, where, 'slug', true);
  if (!/^[a-z0-9-]{1,100}$/.test(slug)) fail(where, 'slug — латинские буквы, цифры и дефис');
  const regionsRaw = raw.regions;
  if (!Array.isArray(regionsRaw) || regionsRaw.length === 0) fail(where, 'regions — хотя бы один регион с ценой');
  const regions = regionsRaw.map((r: unknown, i: number) => {
    const row = r as Record<string, unknown>;
    const code = typeof row.regionCode === 'string' ? Number(row.regionCode) : row.regionCode;
    if (typeof code !== 'number' || !Number.isInteger(code) || code <= 0)
      fail(where, `regions[${i}].regionCode — код региона`);
    const price = priceOf(row.price, where, `regions[${i}].price`, false) as number;
    return { regionCode: code, price: Math.round(price) };
  });
  if (new Set(regions.map((r) => r.regionCode)).size !== regions.length) fail(where, 'регион указан дважды');
  const isArchived = raw.isArchived;
  return {
    operatorSlug: textOf(raw.operatorSlug, where, 'operatorSlug', true),
    slug,
    name: textOf(raw.name, where, 'name', true),
    kind,
    description: textOf(raw.description, where, 'description', false),
    minutes: allowanceOf(raw.minutes === undefined ? 0 : raw.minutes, where, 'minutes'),
    sms: allowanceOf(raw.sms === undefined ? 0 : raw.sms, where, 'sms'),
    trafficGb: allowanceOf(raw.trafficGb === undefined ? 0 : raw.trafficGb, where, 'trafficGb'),
    minutePrice: priceOf(raw.minutePrice, where, 'minutePrice', true),
    smsPrice: priceOf(raw.smsPrice, where, 'smsPrice', true),
    mbPrice: priceOf(raw.mbPrice, where, 'mbPrice', true),
    url: urlOf(raw.url, where),
    mediaServices: slugListOf(raw.mediaServices, where, 'mediaServices'),
    convergenceServices: slugListOf(raw.convergenceServices, where, 'convergenceServices'),
    isArchived: isArchived === true || isArchived === 'true' || isArchived === '1',
    regions,
  };
}

/** Reads a JSON catalogue: an array of tariffs. */
export function parseCatalogueJson(text: string): CatalogueTariff[] {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new CatalogueError('Файл не является JSON.');
  }
  if (!Array.isArray(data)) throw new CatalogueError('Ожидался JSON-массив тарифов.');
  return checkUnique(data.map((t, i) => normaliseTariff(t as Record<string, unknown>, `тариф №${i + 1}`)));
}

function checkUnique(list: CatalogueTariff[]): CatalogueTariff[] {
  const seen = new Set<string>();
  for (const t of list) {
    const key = `${t.operatorSlug}/${t.slug}`;
    if (seen.has(key)) throw new CatalogueError(`Тариф ${key} встречается дважды.`);
    seen.add(key);
  }
  return list;
}

/** RFC 4180 rows (csv-parse): quoted fields may hold separators, quotes (doubled) and line breaks; blank rows are skipped. */
export function parseCsvRows(text: string): string[][] {
  try {
    return parse(text, {
      bom: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      relax_column_count: true,
      relax_quotes: true,
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    // Lenient options leave one failure in practice: a quoted field that never closes.
    throw new CatalogueError(`Файл CSV не читается (строка ${error.lines}): проверьте кавычки.`);
  }
}

/** Reads a CSV catalogue: header row, then one row per tariff and region. */
export function parseCatalogueCsv(text: string): CatalogueTariff[] {
  return csvTariffs(text).map((t) => normaliseTariff(t, String(t.where)));
}

type CsvTariff = Record<string, unknown> & { regions: { regionCode: string; price: string }[] };

/**
 * A CSV file's rows gathered into raw tariffs (one per operator and slug, with every region's price), not yet
 * checked; a file without the header's columns is refused as a whole.
 */
function csvTariffs(text: string): CsvTariff[] {
  const [header, ...rows] = parseCsvRows(text);
  if (!header) throw new CatalogueError('Файл пуст.');
  const index = new Map(header.map((h, i) => [h.trim(), i]));
  const missing = CSV_COLUMNS.filter((c) => !index.has(c) && c !== 'description' && c !== 'url');
  if (missing.length > 0) throw new CatalogueError(`В заголовке нет столбцов: ${missing.join(', ')}.`);
  const byKey = new Map<string, CsvTariff>();
  rows.forEach((cells, n) => {
    // A cell the export guarded against spreadsheets (`'=…`) reads back as it was.
    const get = (c: (typeof CSV_COLUMNS)[number]) => {
      const i = index.get(c);
      return i === undefined ? '' : restoreCsvCell(cells[i] ?? '');
    };
    const key = `${get('operator')}/${get('slug')}`;
    let t = byKey.get(key);
    if (!t) {
      t = {
        operatorSlug: get('operator'),
        slug: get('slug'),
        name: get('name'),
        kind: get('kind'),
        description: get('description'),
        minutes: get('minutes'),
        sms: get('sms'),
        trafficGb: get('traffic_gb'),
        minutePrice: get('minute_price'),
        smsPrice: get('sms_price'),
        mbPrice: get('mb_price'),
        url: get('url'),
        mediaServices: get('media_services'),
        convergenceServices: get('convergence_services'),
        isArchived: get('is_archived'),
        where: `строка ${n + 2}`,
        regions: [],
      };
      byKey.set(key, t);
    }
    t.regions.push({ regionCode: get('region_code'), price: get('price') });
  });
  return [...byKey.values()];
}

/** A cell as written: guarded against spreadsheet formulas, quoted when it holds a separator or a quote. */
function csvField(cell: string): string {
  const value = neutraliseCsvCell(cell);
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

const allowanceText = (n: number | null) => (n === null ? 'unlim' : String(n));
const priceText = (n: number | null) => (n === null ? '' : String(n));

/** Writes the CSV form: header, then one row per tariff and region. */
export function catalogueToCsv(list: CatalogueTariff[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const t of list) {
    for (const r of t.regions) {
      const cells = [
        t.operatorSlug,
        t.slug,
        t.name,
        t.kind,
        String(r.regionCode),
        String(r.price),
        allowanceText(t.minutes),
        allowanceText(t.sms),
        allowanceText(t.trafficGb),
        priceText(t.minutePrice),
        priceText(t.smsPrice),
        priceText(t.mbPrice),
        servedUrl(t.url) ?? '',
        t.mediaServices.join('|'),
        t.convergenceServices.join('|'),
        t.isArchived ? 'true' : 'false',
        t.description,
      ];
      lines.push(cells.map(csvField).join(','));
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** A tariff of an uploaded file that cannot be loaded, and why (Russian, names the row). */
export interface RefusedRow {
  where: string;
  reason: string;
}

/**
 * Reads a catalogue file for the back office's preview: a broken file as a whole (not JSON, no CSV header)
 * throws CatalogueError, but a bad tariff is refused on its own with its reason and the rest are read.
 */
export function readCatalogueLeniently(
  text: string,
  format: 'json' | 'csv',
): { tariffs: CatalogueTariff[]; refused: RefusedRow[] } {
  const refused: RefusedRow[] = [];
  const tariffs: CatalogueTariff[] = [];
  const seen = new Set<string>();
  const take = (raw: Record<string, unknown>, where: string) => {
    try {
      const t = normaliseTariff(raw, where);
      const key = `${t.operatorSlug}/${t.slug}`;
      if (seen.has(key)) throw new CatalogueError(`${where}: тариф ${key} уже встречался в файле выше`);
      seen.add(key);
      tariffs.push(t);
    } catch (error) {
      if (!(error instanceof CatalogueError)) throw error;
      refused.push({
        where,
        reason: error.message.startsWith(`${where}: `) ? error.message.slice(where.length + 2) : error.message,
      });
    }
  };
  if (format === 'json') {
    let data: unknown;
    try {
      data = JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch {
      throw new CatalogueError('Файл не является JSON.');
    }
    if (!Array.isArray(data)) throw new CatalogueError('Ожидался JSON-массив тарифов.');
    data.forEach((raw, i) => {
      const where = `тариф №${i + 1}`;
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
        refused.push({ where, reason: 'ожидался объект тарифа' });
      else take(raw as Record<string, unknown>, where);
    });
    return { tariffs, refused };
  }
  for (const t of csvTariffs(text)) take(t, String(t.where));
  return { tariffs, refused };
}
