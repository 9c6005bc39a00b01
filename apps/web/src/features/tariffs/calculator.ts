/**
 * "What would I pay": the monthly cost of a tariff for a given use, with every step of the sum,
 * so the page can show the arithmetic and the unit test can check it by hand.
 */

import type { Schemas } from '@perenos/api-client';

export interface Usage {
  minutes: number;
  sms: number;
  /** Gigabytes a month. */
  traffic: number;
}

/** The fields of a tariff the sum needs: a subset of the API's Tariff, so the two cannot drift apart. */
export type CostedTariff = Pick<
  Schemas['Tariff'],
  | 'kind'
  | 'price'
  | 'minutes'
  | 'minutesUnlim'
  | 'sms'
  | 'smsUnlim'
  | 'traffic'
  | 'trafficUnlim'
  | 'minutePrice'
  | 'smsPrice'
  | 'mbPrice'
>;

export type CostPart = 'fee' | 'minutes' | 'sms' | 'traffic';

export interface CostLine {
  part: CostPart;
  /** Units paid for beyond the allowance (Package) or in all (NonPackage); megabytes for traffic. */
  quantity: number;
  /** Roubles per unit; null when the tariff does not sell this (the cost is then unknown). */
  unitPrice: number | null;
  /** Roubles, to the kopeck. */
  amount: number;
  /** What the allowance covers: 'unlim', 'included' (within the package) or 'none'. */
  covered: 'unlim' | 'included' | 'none';
}

export interface Cost {
  /** Roubles a month; null when some use cannot be bought on this tariff. */
  total: number | null;
  lines: CostLine[];
}

export const MB_PER_GB = 1024;

const kopecks = (x: number) => Math.round(x * 100) / 100;

function usageLine(
  part: Exclude<CostPart, 'fee'>,
  kind: CostedTariff['kind'],
  used: number,
  included: number | null,
  unlim: boolean,
  unitPrice: number | null,
  unitsPerUse = 1,
): CostLine {
  if (kind === 'Package' && unlim) return { part, quantity: 0, unitPrice, amount: 0, covered: 'unlim' };
  const allowance = kind === 'Package' ? (included ?? 0) : 0;
  const over = Math.max(0, used - allowance) * unitsPerUse;
  if (over === 0) return { part, quantity: 0, unitPrice, amount: 0, covered: used > 0 ? 'included' : 'none' };
  return {
    part,
    quantity: kopecks(over),
    unitPrice,
    amount: unitPrice === null ? Number.NaN : kopecks(over * unitPrice),
    covered: 'none',
  };
}

/** Fee plus overage for a package, or fee plus per-use prices for pay-per-use. */
export function monthlyCost(tariff: CostedTariff, usage: Usage): Cost {
  const lines: CostLine[] = [
    { part: 'fee', quantity: 1, unitPrice: tariff.price, amount: tariff.price, covered: 'none' },
    usageLine('minutes', tariff.kind, usage.minutes, tariff.minutes, tariff.minutesUnlim, tariff.minutePrice),
    usageLine('sms', tariff.kind, usage.sms, tariff.sms, tariff.smsUnlim, tariff.smsPrice),
    usageLine('traffic', tariff.kind, usage.traffic, tariff.traffic, tariff.trafficUnlim, tariff.mbPrice, MB_PER_GB),
  ];
  const unknown = lines.some((l) => Number.isNaN(l.amount));
  return { total: unknown ? null : kopecks(lines.reduce((s, l) => s + l.amount, 0)), lines };
}

/** Tariffs ranked by their cost for this use: cheapest first, those that cannot serve it last. */
export function rankByCost<T extends CostedTariff>(list: T[], usage: Usage): { tariff: T; cost: Cost }[] {
  return list
    .map((tariff) => ({ tariff, cost: monthlyCost(tariff, usage) }))
    .sort((a, b) => {
      if (a.cost.total === null || b.cost.total === null) {
        return a.cost.total === null ? (b.cost.total === null ? 0 : 1) : -1;
      }
      return a.cost.total - b.cost.total || a.tariff.price - b.tariff.price;
    });
}
