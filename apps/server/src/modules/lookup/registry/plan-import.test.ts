import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLookupApp, lookupNumber, waitForOperator } from '../../../../test/lookup';
import type { TestApp } from '../../../test/app';
import { registryFile } from '../../../test/registry';
import { LookupEngine } from '../index/engine';
import { loadOperatorMatching } from '../repository';
import { importNumberingPlan } from './plan-import';
import { parseRegistry } from './registry-csv';
import { normaliseLegalName, regionCodesForRegistryName } from './registry-names';

describe('the 2026 registry file (8 columns, zero-padded, bare inner quotes)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createLookupApp({}, 'reference');
  });
  afterAll(async () => t.close());

  it('imports every range and reports what it could not map', async () => {
    const summary = await importNumberingPlan(t.app.db, registryFile('DEF-9xx.csv'), { source: 'DEF-9xx.csv' });
    // Every data line of the file (16 629 under the header).
    expect(summary.rows).toBe(16_629);
    expect(summary.ranges).toBe(16_629);
    expect(summary.rejected).toBe(0);
    expect(summary.columns).toBe(8);
    expect(summary.isDemo).toBe(false);
    // Names no site operator carries are kept as their own entries and named in the summary.
    expect(summary.unmappedOperators.map((u) => u.legalName)).toContain('ООО "ОРАНЖ БИЗНЕС СЕРВИСЕЗ"');
    expect(summary.unmappedOperators.map((u) => u.legalName)).not.toContain('ПАО "МЕГАФОН"');
    expect(summary.unmappedRegions).toEqual([]);
  });

  it('answers the operator and region of the registry row for known numbers', async () => {
    await waitForOperator(t, '79161234567', 'МТС');
    const mts = (await lookupNumber(t, '+7 916 123-45-67')).json();
    expect(mts).toMatchObject({
      msisdn: '79161234567',
      operatorName: 'МТС',
      regionCode: 77,
      regionName: 'г. Москва и Московская область',
      isPorted: false,
      lastPortation: null,
      rangeHolder: 'ПАО "Мобильные ТелеСистемы"',
    });
    expect(mts.operatorLogo).toBe('/api/v1/operator/mts/logo.svg');
    // 900;0062000;0062999;…;ООО "Т2 МОБАЙЛ";Ростовская обл.
    expect((await lookupNumber(t, '89000062500')).json()).toMatchObject({ operatorName: 'Т2', regionCode: 61 });
    // 900;0300000;0499999;…;ООО "ЕКАТЕРИНБУРГ-2000";Свердловская обл.
    expect((await lookupNumber(t, '79000400000')).json()).toMatchObject({ operatorName: 'Мотив', regionCode: 66 });
    // 926 is МегаФон's in Moscow, spelled ПАО "МЕГАФОН" in this file.
    expect((await lookupNumber(t, '79260000000')).json()).toMatchObject({ operatorName: 'МегаФон', regionCode: 77 });
    // The DNR's own operator: a long legal name in «» quotes.
    const dnr = (await lookupNumber(t, '79490010000')).json();
    expect(dnr.regionCode).toBe(93);
    expect(dnr.rangeHolder).toContain('РЕСПУБЛИКАНСКИЙ ОПЕРАТОР СВЯЗИ');
    // Whole-country ranges have no single region.
    const orange = (await lookupNumber(t, '79705005005')).json();
    expect(orange).toMatchObject({ operatorName: 'ОРАНЖ БИЗНЕС СЕРВИСЕЗ', regionCode: null, regionName: null });
  });

  it('answers 404 for a number in no range', async () => {
    const res = await lookupNumber(t, '+7 (800) 000-00-00');
    expect(res.statusCode).toBe(404);
    expect(res.json().title).toBe('Запись не найдена');
  });

  it('agrees with a brute-force scan of the file on 100 000 random numbers', async () => {
    const rows = parseRegistry(registryFile('DEF-9xx.csv')).rows;
    const { names } = await loadOperatorMatching(t.app.db);
    const operatorOf = new Map(names.map((n) => [n.normalised, n.operatorId]));
    const engine = new LookupEngine(t.app.db, { pollMs: 60_000 });
    await engine.refresh();
    // The brute force scans every row of the number's DEF code in file order (ranges never cross
    // codes); grouping by code only keeps 100 000 scans affordable.
    const byCode = new Map<number, typeof rows>();
    for (const r of rows) {
      const code = Math.floor(r.from / 10_000_000);
      byCode.set(code, [...(byCode.get(code) ?? []), r]);
    }
    const edges = rows.flatMap((r) => [r.from - 1, r.from, r.to, r.to + 1]);
    const numberArb = fc.oneof(fc.integer({ min: 79_000_000_000, max: 79_999_999_999 }), fc.constantFrom(...edges));
    fc.assert(
      fc.property(fc.array(numberArb, { minLength: 100_000, maxLength: 100_000 }), (numbers) => {
        for (const n of numbers) {
          const row = (byCode.get(Math.floor(n / 10_000_000)) ?? []).find((r) => r.from <= n && n <= r.to);
          const answer = engine.lookup(String(n));
          if (!row) {
            if (answer !== undefined) return false;
            continue;
          }
          if (!answer) return false;
          if (answer.operatorId !== operatorOf.get(normaliseLegalName(row.legalName))) return false;
          if (answer.regionCode !== (regionCodesForRegistryName(row.regionText)[0] ?? null)) return false;
          if (answer.rangeHolder !== row.legalName) return false;
        }
        return true;
      }),
      { numRuns: 1 },
    );
  }, 120_000);

  it('replaces the plan atomically with the 2023 file (7 columns, RFC quotes, not padded)', async () => {
    const summary = await importNumberingPlan(t.app.db, registryFile('DEF-9xx-2023-02.csv'), {
      source: 'DEF-9xx-2023-02.csv',
    });
    expect(summary.rows).toBe(9_677);
    expect(summary.columns).toBe(7);
    expect(summary.ranges).toBe(9_677);
    // DEF 949 (the DNR) is only in the 2026 file: its 404 shows the node switched plans.
    await vi.waitFor(
      async () => {
        if ((await lookupNumber(t, '79490010000')).statusCode !== 404) throw new Error('old plan still');
      },
      { timeout: 5000, interval: 25 },
    );
    // 999;0;44999;…;"ООО ""Скартел""";г. Москва и Московская область
    await waitForOperator(t, '79990012345', 'Yota');
    expect((await lookupNumber(t, '79990012345')).json()).toMatchObject({
      regionCode: 77,
      rangeHolder: 'ООО "Скартел"',
    });
    // 916;0;9999999;…;"ПАО ""Мобильные ТелеСистемы"""
    expect((await lookupNumber(t, '9165554433')).json()).toMatchObject({ operatorName: 'МТС', regionCode: 77 });
    // The same holder spelled another way maps to the same entry.
    expect((await lookupNumber(t, '79705005005')).json().operatorName).toBe('ОРАНЖ БИЗНЕС СЕРВИСЕЗ');
  });
});
