import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayNumber, dayToIso, PortedIndexBuilder } from './lookup-index';

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
});
