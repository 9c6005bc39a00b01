import type { CatalogueTariff, RefusedRow } from './catalogue';

/** What applying an upload would do in one operator's catalogue in one region. */
export interface PreviewGroup {
  operatorSlug: string;
  operatorName: string;
  regionCode: number;
  regionName: string;
  added: string[];
  changed: { name: string; what: string[] }[];
  removed: string[];
}

export interface UploadPreview {
  totals: { added: number; changed: number; removed: number; unchanged: number; refused: number };
  groups: PreviewGroup[];
}

export interface ReferenceNames {
  operators: Map<string, string>;
  regions: Map<number, string>;
  media: Set<string>;
  convergence: Set<string>;
}

const FIELD_NAMES: [keyof CatalogueTariff, string][] = [
  ['name', 'название'],
  ['kind', 'вид'],
  ['description', 'описание'],
  ['minutes', 'минуты'],
  ['sms', 'SMS'],
  ['trafficGb', 'интернет'],
  ['minutePrice', 'цена минуты'],
  ['smsPrice', 'цена SMS'],
  ['mbPrice', 'цена мегабайта'],
  ['url', 'ссылка'],
  ['mediaServices', 'подписки'],
  ['convergenceServices', 'домашние услуги'],
  ['isArchived', 'архив'],
];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Tariffs naming an operator, region or service the site does not know are refused with the reason. */
export function checkReferences(
  list: CatalogueTariff[],
  refs: ReferenceNames,
): { accepted: CatalogueTariff[]; refused: RefusedRow[] } {
  const accepted: CatalogueTariff[] = [];
  const refused: RefusedRow[] = [];
  for (const t of list) {
    const where = `${t.operatorSlug}/${t.slug}`;
    const problem = !refs.operators.has(t.operatorSlug)
      ? `неизвестный оператор «${t.operatorSlug}»`
      : (t.regions.filter((r) => !refs.regions.has(r.regionCode)).map((r) => `неизвестный регион ${r.regionCode}`)[0] ??
        t.mediaServices.filter((s) => !refs.media.has(s)).map((s) => `неизвестная подписка «${s}»`)[0] ??
        t.convergenceServices
          .filter((s) => !refs.convergence.has(s))
          .map((s) => `неизвестная домашняя услуга «${s}»`)[0]);
    if (problem) refused.push({ where, reason: problem });
    else accepted.push(t);
  }
  return { accepted, refused };
}

/**
 * What applying `incoming` to `current` would change, per operator and region: tariffs added, changed
 * (which fields, or the region's price) and removed (a region dropped from a tariff, or, when the file
 * replaces the catalogue, every listed tariff it does not hold).
 */
export function previewChanges(
  current: CatalogueTariff[],
  incoming: CatalogueTariff[],
  replace: boolean,
  refs: ReferenceNames,
  refusedCount: number,
): UploadPreview {
  const groups = new Map<string, PreviewGroup>();
  const group = (operatorSlug: string, regionCode: number) => {
    const key = `${operatorSlug}/${regionCode}`;
    let g = groups.get(key);
    if (!g) {
      g = {
        operatorSlug,
        operatorName: refs.operators.get(operatorSlug) ?? operatorSlug,
        regionCode,
        regionName: refs.regions.get(regionCode) ?? String(regionCode),
        added: [],
        changed: [],
        removed: [],
      };
      groups.set(key, g);
    }
    return g;
  };
  const totals = { added: 0, changed: 0, removed: 0, unchanged: 0, refused: refusedCount };
  const byKey = new Map(current.map((t) => [`${t.operatorSlug}/${t.slug}`, t]));
  const inFile = new Set<string>();
  for (const t of incoming) {
    const key = `${t.operatorSlug}/${t.slug}`;
    inFile.add(key);
    const before = byKey.get(key);
    if (!before || (before.isArchived && !t.isArchived)) {
      totals.added++;
      for (const r of t.regions) group(t.operatorSlug, r.regionCode).added.push(t.name);
      continue;
    }
    const fields = FIELD_NAMES.filter(([f]) => !same(before[f], t[f])).map(([, text]) => text);
    const oldPrice = new Map(before.regions.map((r) => [r.regionCode, r.price]));
    const newCodes = new Set(t.regions.map((r) => r.regionCode));
    let touched = fields.length > 0;
    for (const r of t.regions) {
      const was = oldPrice.get(r.regionCode);
      if (was === undefined) {
        group(t.operatorSlug, r.regionCode).added.push(t.name);
        touched = true;
      } else if (was !== r.price || fields.length > 0) {
        const what = was !== r.price ? [...fields, `цена ${was} → ${r.price} ₽`] : fields;
        group(t.operatorSlug, r.regionCode).changed.push({ name: t.name, what });
        touched = true;
      }
    }
    for (const r of before.regions) {
      if (!newCodes.has(r.regionCode) && !before.isArchived) {
        group(t.operatorSlug, r.regionCode).removed.push(t.name);
        touched = true;
      }
    }
    if (touched) totals.changed++;
    else totals.unchanged++;
  }
  if (replace) {
    for (const [key, t] of byKey) {
      if (inFile.has(key) || t.isArchived) continue;
      totals.removed++;
      for (const r of t.regions) group(t.operatorSlug, r.regionCode).removed.push(t.name);
    }
  }
  const list = [...groups.values()].sort(
    (a, b) => a.operatorName.localeCompare(b.operatorName, 'ru') || a.regionName.localeCompare(b.regionName, 'ru'),
  );
  return { totals, groups: list };
}
