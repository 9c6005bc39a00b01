import { logoUrl } from '../../lib/operator-logo';
import { type CatalogueTariff, servedUrl, type TariffKind } from './catalogue';
import type { Row } from './dialect';
import { type tariffs, UNLIMITED } from './tables';

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const allowance = (v: unknown): number | null => (Number(v) >= UNLIMITED ? null : Number(v));
const toIso = (v: unknown): string => (v instanceof Date ? v : new Date(String(v))).toISOString();

/** A joined tariffs+operators row as the API shows it (without region or price). */
export function presentTariff(r: Row) {
  return {
    id: Number(r.id),
    slug: String(r.slug),
    name: String(r.name),
    kind: r.kind as TariffKind,
    description: String(r.description),
    operatorId: Number(r.operator_id),
    operatorSlug: String(r.operator_slug),
    operatorName: String(r.operator_name),
    operatorColor: String(r.operator_color),
    operatorLogo: logoUrl(String(r.operator_slug)),
    minutes: allowance(r.minutes),
    minutesUnlim: Number(r.minutes) >= UNLIMITED,
    sms: allowance(r.sms),
    smsUnlim: Number(r.sms) >= UNLIMITED,
    traffic: allowance(r.traffic_gb),
    trafficUnlim: Number(r.traffic_gb) >= UNLIMITED,
    minutePrice: num(r.minute_price),
    smsPrice: num(r.sms_price),
    mbPrice: num(r.mb_price),
    url: servedUrl(r.url === null ? null : String(r.url)),
    mediaServiceIds: (r.media_service_ids as number[]).map(Number),
    convergenceServiceIds: (r.convergence_service_ids as number[]).map(Number),
    isArchived: Boolean(r.is_archived),
    updatedAt: toIso(r.updated_at),
  };
}

/** A tariff as the API shows it, without region or price. */
export type TariffBase = ReturnType<typeof presentTariff>;

/** A tariff in one region: what the list calls answer per row. */
export type TariffRow = TariffBase & { regionCode: number; price: number };

/** A row of tariffs+operators with its region_code and price. */
export function presentTariffInRegion(r: Row): TariffRow {
  return { ...presentTariff(r), regionCode: Number(r.region_code), price: Number(r.price) };
}

/** A tariff with every region it is sold in (by id). */
export function presentTariffDetail(
  r: Row,
  regions: { regionCode: number; regionSlug: string; regionName: string; price: number }[],
) {
  return { ...presentTariff(r), regions };
}

/** A field's bounds in a region: the limited values' min and max, and whether an unlimited one is sold. */
function range(stats: Row, prefix: string, unlimKey?: string) {
  return {
    min: num(stats[`${prefix}_min`]),
    max: num(stats[`${prefix}_max`]),
    hasUnlim: unlimKey ? Boolean(stats[unlimKey]) : false,
  };
}

/** The operators and bounds of a region's catalogue, as the filter panel draws them. */
export function presentFilters(operators: Row[], stats: Row = {}) {
  return {
    totalRows: Number(stats.total ?? 0),
    packageCount: Number(stats.packages ?? 0),
    nonPackageCount: Number(stats.non_packages ?? 0),
    operators: operators.map((o) => ({
      id: Number(o.id),
      slug: String(o.slug),
      name: String(o.name),
      color: String(o.color),
      logo: logoUrl(String(o.slug)),
      tariffCount: Number(o.tariff_count),
      minPrice: Number(o.min_price),
    })),
    price: range(stats, 'price'),
    minutes: range(stats, 'minutes', 'minutes_unlim'),
    sms: range(stats, 'sms', 'sms_unlim'),
    traffic: range(stats, 'traffic', 'traffic_unlim'),
    minutePrice: range(stats, 'minute_price'),
    smsPrice: range(stats, 'sms_price'),
    mbPrice: range(stats, 'mb_price'),
  };
}

/** Stored tariffs in the exchange format: ids back to slugs, UNLIMITED back to null. */
export function presentCatalogue(stored: {
  tariffs: (typeof tariffs.$inferSelect)[];
  sold: { tariffId: number; regionCode: number; price: number }[];
  operators: { id: number; slug: string }[];
  media: { id: number; slug: string }[];
  convergence: { id: number; slug: string }[];
}): CatalogueTariff[] {
  const slugOf = (rowsOf: { id: number; slug: string }[]) => new Map(rowsOf.map((r) => [r.id, r.slug]));
  const opSlug = slugOf(stored.operators);
  const mediaSlug = slugOf(stored.media);
  const convergenceSlug = slugOf(stored.convergence);
  const byTariff = new Map<number, { regionCode: number; price: number }[]>();
  for (const s of stored.sold) {
    const l = byTariff.get(s.tariffId) ?? [];
    l.push({ regionCode: s.regionCode, price: s.price });
    byTariff.set(s.tariffId, l);
  }
  const back = (n: number) => (n >= UNLIMITED ? null : n);
  return stored.tariffs.map((t) => ({
    operatorSlug: opSlug.get(t.operatorId) ?? String(t.operatorId),
    slug: t.slug,
    name: t.name,
    kind: t.kind as TariffKind,
    description: t.description,
    minutes: back(t.minutes),
    sms: back(t.sms),
    trafficGb: back(t.trafficGb),
    minutePrice: num(t.minutePrice),
    smsPrice: num(t.smsPrice),
    mbPrice: num(t.mbPrice),
    url: servedUrl(t.url),
    mediaServices: t.mediaServiceIds.map((id) => mediaSlug.get(id) ?? String(id)),
    convergenceServices: t.convergenceServiceIds.map((id) => convergenceSlug.get(id) ?? String(id)),
    isArchived: t.isArchived,
    regions: byTariff.get(t.id) ?? [],
  }));
}
