import { describe, expect, it } from 'vitest';
import type { CostedTariff } from '../tariffs';
import { savingLabel, savingOf, todayMonthly } from './savings';

const pkg = (over: Partial<CostedTariff> = {}): CostedTariff => ({
  kind: 'Package',
  price: 500,
  minutes: 300,
  minutesUnlim: false,
  sms: 100,
  smsUnlim: false,
  traffic: 10,
  trafficUnlim: false,
  minutePrice: 2,
  smsPrice: 1.5,
  mbPrice: 0.1,
  ...over,
});

const usage = { minutes: 400, sms: 50, traffic: 10 };

describe('savings against today', () => {
  it('prices the current tariff for the same use', () => {
    // 500 fee + 100 minutes over the package × 2 ₽ = 700 ₽.
    expect(todayMonthly({ current: pkg() }, usage)).toBe(700);
  });

  it('takes the typed bill when no tariff is picked, and nothing without either', () => {
    expect(todayMonthly({ bill: 650.256 }, usage)).toBe(650.26);
    expect(todayMonthly({}, usage)).toBeNull();
    expect(todayMonthly({ bill: -1 }, usage)).toBeNull();
  });

  it('says how much a month a new tariff saves or costs', () => {
    const cheaper = pkg({ price: 450, minutes: 500 });
    expect(savingOf(cheaper, usage, 700)).toEqual({ cost: 450, delta: 250 });
    expect(savingLabel(savingOf(cheaper, usage, 700)).text).toBe('Экономия 250\u00a0₽/мес');

    // 600 fee + 1 GB over × 1024 MB × 0,10 ₽ = 702,40 ₽: 2,40 ₽ more than today.
    const dearer = pkg({ price: 600, minutes: 500, traffic: 9 });
    expect(savingOf(dearer, usage, 700)).toEqual({ cost: 702.4, delta: -2.4 });
    expect(savingLabel(savingOf(dearer, usage, 700))).toEqual({ text: 'Дороже на 2,40\u00a0₽/мес', tone: 'cost' });

    expect(savingLabel(savingOf(pkg({ price: 700, minutes: 500 }), usage, 700)).tone).toBe('same');
  });

  it('shows only the cost when there is nothing to compare with, and flags a tariff that cannot serve the use', () => {
    expect(savingOf(pkg({ price: 450, minutes: 500 }), usage, null)).toEqual({ cost: 450, delta: null });
    const noMinutesSold = pkg({ minutes: 100, minutePrice: null });
    expect(savingOf(noMinutesSold, usage, 700)).toEqual({ cost: null, delta: null });
    expect(savingLabel(savingOf(noMinutesSold, usage, 700)).tone).toBe('unknown');
  });
});
