import { formatNumber, formatRub } from '../../lib/format';

/** «1 290 ₽/мес». */
export function formatMonthly(price: number): string {
  return `${formatRub(price)}/мес`;
}

/**
 * The cheapest price of a set of tariffs, honestly: «от 290 ₽/мес», or «без абонентской платы» when the
 * cheapest one is pay-as-you-go (a monthly fee of 0 is not a price of «0 ₽/мес»).
 */
export function formatFromPrice(minPrice: number): string {
  return minPrice === 0 ? 'в том числе без абонентской платы' : `от ${formatMonthly(minPrice)}`;
}

/** A number with Russian digit grouping: «1 500». */
export function formatCount(n: number): string {
  return formatNumber(n, { max: 2 });
}

/** «500 мин», «безлимит», «—» for none. */
export function formatAllowance(value: number | null, unlim: boolean, unit: string): string {
  if (unlim) return 'безлимит';
  if (value === null || value === 0) return '—';
  return `${formatNumber(value, { max: 2 })} ${unit}`;
}

/** Roubles as money is written: «450 ₽», «1 172,20 ₽» (kopecks shown only when there are any). */
export function formatMoney(value: number): string {
  return Number.isInteger(value) ? formatRub(value) : `${formatNumber(value, { min: 2, max: 2 })}\u00a0₽`;
}

/** «2,50 ₽» for a unit price, «—» when the tariff does not sell it. */
export function formatUnitPrice(value: number | null): string {
  return value === null ? '—' : formatMoney(value);
}

export const KIND_LABEL = { Package: 'Пакет', NonPackage: 'Оплата за использование' } as const;
