import { formatDayNumeric } from '@perenos/porting-rules';
import { neutraliseCsvCell } from '../../../lib/csv-cell';
import type { BatchView, LookupAnswer } from '../index/engine';
import type { BatchInput } from './input';

// What both answer files say of a row: the header, the answer's cells, each distinct answer formatted once.

const RESULT_HEADER = ['Номер', 'Оператор', 'Регион', 'Перенесён', 'Дата переноса', 'Владелец диапазона', 'Результат'];

/** Cells that a spreadsheet would run as a formula get a leading apostrophe (CSV injection). */
export const neutralise = neutraliseCsvCell;

export function csvCell(cell: string): string {
  const safe = neutralise(cell);
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The answer's cells after the number: Оператор … Результат. */
export function answerCells(answer: LookupAnswer): string[] {
  return [
    answer.operatorName,
    answer.regionName ?? '',
    answer.isPorted ? 'да' : 'нет',
    answer.isPorted && answer.lastPortation ? formatDayNumeric(answer.lastPortation) : '',
    answer.rangeHolder ?? '',
    'Найден',
  ];
}

export function outputHeader(input: BatchInput): string[] {
  const original = Array.from({ length: input.width }, (_, i) => input.header?.[i] ?? `Столбец ${i + 1}`);
  return [...original, ...RESULT_HEADER];
}

/**
 * Formats each distinct answer once: rows of one range (and one ported-registry entry) share it.
 * Capped, so a file of a million different portings does not keep a million of them.
 */
export function answerCache<T>(
  view: BatchView,
  format: (answer: LookupAnswer) => T,
): (msisdn: number) => T | undefined {
  // Keys are small integers (cheap to hash, unlike numbers past 2^31).
  const cache = new Map<number, T>();
  return (msisdn) => {
    const key = view.key(msisdn);
    if (key < 0) return undefined;
    let value = cache.get(key);
    if (value === undefined) {
      const answer = view.answer(String(msisdn));
      if (!answer) return undefined;
      value = format(answer);
      if (cache.size < 50_000) cache.set(key, value);
    }
    return value;
  };
}
