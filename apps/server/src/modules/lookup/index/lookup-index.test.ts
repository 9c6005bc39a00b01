import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayNumber, dayToIso, PlanIndex, PortedIndexBuilder } from './lookup-index';

describe('ported-number index', () => {
  it('finds exactly the numbers it was given, from pages in or out of order, at 8 bytes a mobile number', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 79_000_000_000, max: 79_999_999_999 }), { minLength: 1, maxLength: 2000 }),
        fc.array(fc.integer({ min: 30_000_000_000, max: 89_999_999_999 }), { maxLength: 200 }),
        (numbers, probes) => {
          const sorted = [...numbers].sort((a, b) => a - b);
          const half = Math.floor(sorted.length / 2);
          // Two pages in number order; the second handed over shuffled.
          const page = (list: number[]) => list.map((n) => `${n},${n % 7},${n % 1000}`).join(';');
          const builder = new PortedIndexBuilder(sorted.length);
          builder.addPacked(page(sorted.slice(0, half)));
          builder.addPacked(page([...sorted.slice(half)].reverse()));
          const index = builder.finish();
          const set = new Set(numbers);
          for (const n of [...numbers, ...probes]) {
            const found = index.find(n);
            if (set.has(n) !== (found !== undefined)) return false;
            if (found && (found.operatorId !== n % 7 || found.day !== n % 1000)) return false;
          }
          return index.size === numbers.length && index.byteLength === 8 * numbers.length;
        },
      ),
    );
  });

  it('keeps numbers outside the mobile zone too', () => {
    const builder = new PortedIndexBuilder(2);
    builder.add(74_951_234_567, 3, dayNumber('2024-05-01'));
    builder.add(79_161_234_567, 4, 0);
    const index = builder.finish();
    expect(index.find(74_951_234_567)).toEqual({ operatorId: 3, day: dayNumber('2024-05-01') });
    expect(dayToIso(index.find(74_951_234_567)?.day ?? 0)).toBe('2024-05-01');
    expect(index.find(79_161_234_567)).toEqual({ operatorId: 4, day: 0 });
    expect(index.find(79_161_234_568)).toBeUndefined();
  });

  it('answers like a scan of the list when numbers crowd into a few blocks of the directory', () => {
    // Around two block edges (4 096 numbers a block) and inside one block, where the directory matters.
    const near = (base: number) => fc.integer({ min: base - 5_000, max: base + 5_000 });
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.oneof(near(79_161_233_664), near(79_000_004_096), near(79_999_995_904)), {
          minLength: 1,
          maxLength: 3000,
        }),
        fc.array(fc.oneof(near(79_161_233_664), near(79_000_004_096), near(79_999_995_904)), { maxLength: 300 }),
        (numbers, probes) => {
          const builder = new PortedIndexBuilder(numbers.length);
          for (const n of [...numbers].sort((a, b) => a - b)) builder.add(n, n % 11, n % 997);
          const index = builder.finish();
          const set = new Set(numbers);
          return [...numbers, ...probes].every((n) => {
            const found = index.find(n);
            return set.has(n) ? found?.operatorId === n % 11 && found.day === n % 997 : found === undefined;
          });
        },
      ),
    );
  });
});

describe('numbering-plan index', () => {
  it('finds the range a scan of the plan finds, for ranges that cross block edges or lie outside the blocks', () => {
    // Ranges anywhere from 6… to 8… (the directory covers 70 000 000 000 to 79 999 999 999 in blocks of 100 000).
    const start = fc.oneof(
      fc.integer({ min: 69_999_000_000, max: 70_001_000_000 }),
      fc.integer({ min: 79_161_000_000, max: 79_161_500_000 }),
      fc.integer({ min: 79_999_800_000, max: 80_000_200_000 }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(start, fc.integer({ min: 0, max: 250_000 })), { minLength: 1, maxLength: 300 }),
        fc.array(start, { maxLength: 300 }),
        (spans, probes) => {
          // Non-overlapping, as in the registry: each span starts after the one before it ends.
          const ranges: {
            fromMsisdn: number;
            toMsisdn: number;
            operatorId: number;
            legalName: string;
            regionCodes: number[];
          }[] = [];
          for (const [from, length] of [...spans].sort((a, b) => a[0] - b[0])) {
            const last = ranges.at(-1);
            if (last && from <= last.toMsisdn) continue;
            ranges.push({
              fromMsisdn: from,
              toMsisdn: from + length,
              operatorId: ranges.length % 5,
              legalName: `ПАО ${ranges.length}`,
              regionCodes: [77],
            });
          }
          // Handed over shuffled: the index sorts them.
          const index = PlanIndex.build([...ranges].reverse());
          const edges = ranges.flatMap((r) => [r.fromMsisdn - 1, r.fromMsisdn, r.toMsisdn, r.toMsisdn + 1]);
          return [...probes, ...edges].every((n) => {
            const expected = ranges.find((r) => r.fromMsisdn <= n && n <= r.toMsisdn);
            return index.find(n)?.legalName === expected?.legalName;
          });
        },
      ),
    );
  });
});
