import { type CostedTariff, formatMoney, monthlyCost, type Usage } from '../tariffs';

/**
 * Savings of step 2: what a tariff of the new operator would cost a month for the user's use,
 * against what they pay today — their current tariff priced for the same use, or the bill they typed.
 */

export interface Today {
  /** The user's current tariff (the donor's), priced for `usage`. */
  current?: CostedTariff | undefined;
  /** What the user says they pay a month, when they do not pick a tariff; roubles. */
  bill?: number | undefined;
}

const kopecks = (x: number) => Math.round(x * 100) / 100;

/** Roubles a month the user pays today; null when there is nothing to compare with. */
export function todayMonthly(today: Today, usage: Usage): number | null {
  if (today.current) return monthlyCost(today.current, usage).total;
  if (today.bill !== undefined && Number.isFinite(today.bill) && today.bill >= 0) return kopecks(today.bill);
  return null;
}

export interface Saving {
  /** The new tariff's cost a month for the use; null when it cannot serve it. */
  cost: number | null;
  /** Roubles a month saved (positive) or paid more (negative); null when either side is unknown. */
  delta: number | null;
}

/** The new tariff's monthly cost and its difference from today. */
export function savingOf(tariff: CostedTariff, usage: Usage, today: number | null): Saving {
  const cost = monthlyCost(tariff, usage).total;
  if (cost === null || today === null) return { cost, delta: null };
  return { cost, delta: kopecks(today - cost) };
}

/** «Экономия 250 ₽/мес», «Дороже на 120 ₽/мес», «Столько же, сколько сейчас». */
export function savingLabel(s: Saving): { text: string; tone: 'save' | 'cost' | 'same' | 'unknown' } {
  if (s.cost === null) return { text: 'Не подходит для вашего расхода', tone: 'unknown' };
  if (s.delta === null) return { text: `${formatMoney(s.cost)}/мес при вашем расходе`, tone: 'unknown' };
  if (s.delta > 0) return { text: `Экономия ${formatMoney(s.delta)}/мес`, tone: 'save' };
  if (s.delta < 0) return { text: `Дороже на ${formatMoney(-s.delta)}/мес`, tone: 'cost' };
  return { text: 'Столько же, сколько сейчас', tone: 'same' };
}
