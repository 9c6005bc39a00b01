import { describe, expect, it } from 'vitest';
import { type CostedTariff, monthlyCost, rankByCost } from './calculator';

const pkg: CostedTariff = {
  kind: 'Package',
  price: 450,
  minutes: 400,
  minutesUnlim: false,
  sms: 100,
  smsUnlim: false,
  traffic: 25,
  trafficUnlim: false,
  minutePrice: 2.5,
  smsPrice: 2,
  mbPrice: 0.15,
};

const payg: CostedTariff = {
  kind: 'NonPackage',
  price: 0,
  minutes: 0,
  minutesUnlim: false,
  sms: 0,
  smsUnlim: false,
  traffic: 0,
  trafficUnlim: false,
  minutePrice: 1.8,
  smsPrice: 2,
  mbPrice: 3.5,
};

describe('monthlyCost', () => {
  it('is the fee alone while use stays inside the package', () => {
    const cost = monthlyCost(pkg, { minutes: 400, sms: 10, traffic: 25 });
    expect(cost.total).toBe(450);
    expect(cost.lines.map((l) => l.covered)).toEqual(['none', 'included', 'included', 'included']);
  });

  it('adds overage at the tariff prices: 450 + 150×2.50 + 20×2 + 2 GB×1024×0.15', () => {
    // 450 + 375 + 40 + 307.20 = 1172.20
    const cost = monthlyCost(pkg, { minutes: 550, sms: 120, traffic: 27 });
    expect(cost.lines.map((l) => [l.part, l.quantity, l.amount])).toEqual([
      ['fee', 1, 450],
      ['minutes', 150, 375],
      ['sms', 20, 40],
      ['traffic', 2048, 307.2],
    ]);
    expect(cost.total).toBe(1172.2);
  });

  it('charges nothing beyond the fee for unlimited allowances, however much is used', () => {
    const unlim = { ...pkg, price: 950, minutes: null, minutesUnlim: true, traffic: null, trafficUnlim: true };
    const cost = monthlyCost(unlim, { minutes: 100_000, sms: 0, traffic: 500 });
    expect(cost.total).toBe(950);
    expect(cost.lines[1]?.covered).toBe('unlim');
  });

  it('prices every unit of pay-per-use: 300×1.80 + 50×2 + 0.5 GB×1024×3.50', () => {
    // 540 + 100 + 1792 = 2432
    expect(monthlyCost(payg, { minutes: 300, sms: 50, traffic: 0.5 }).total).toBe(2432);
    expect(monthlyCost({ ...payg, price: 90 }, { minutes: 0, sms: 0, traffic: 0 }).total).toBe(90);
  });

  it('keeps kopecks exact: 7 minutes at 2.30 is 16.10, not 16.099999', () => {
    expect(monthlyCost({ ...payg, minutePrice: 2.3 }, { minutes: 7, sms: 0, traffic: 0 }).total).toBe(16.1);
  });

  it('has no total when the use cannot be bought on the tariff', () => {
    const dataOnly = { ...pkg, minutes: 0, sms: 0, minutePrice: null };
    expect(monthlyCost(dataOnly, { minutes: 10, sms: 0, traffic: 1 }).total).toBeNull();
    expect(monthlyCost(dataOnly, { minutes: 0, sms: 0, traffic: 1 }).total).toBe(450);
  });
});

describe('rankByCost', () => {
  it('puts the cheapest for the use first and tariffs that cannot serve it last', () => {
    const broken = { ...pkg, price: 10, minutes: 0, minutePrice: null };
    const light = { minutes: 100, sms: 0, traffic: 0 };
    expect(rankByCost([pkg, payg, broken], light).map((r) => r.tariff)).toEqual([payg, pkg, broken]);
    const heavy = { minutes: 400, sms: 0, traffic: 20 };
    expect(rankByCost([payg, pkg], heavy).map((r) => r.cost.total)).toEqual([450, 72_400]);
  });
});
