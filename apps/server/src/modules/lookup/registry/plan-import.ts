import type { Database } from '../../../db/client';
import { lockLookupState, type PlanRangeRow, replacePlanRanges } from '../repository';
import { OperatorMatcher } from './operator-matching';
import { parseRegistry, RegistryFormatError, type RejectedRow } from './registry-csv';
import { regionCodesForRegistryName } from './registry-names';

export interface PlanImportSummary {
  source: string;
  isDemo: boolean;
  encoding: string;
  columns: number;
  /** Data rows read from the file. */
  rows: number;
  /** Ranges now in the plan. */
  ranges: number;
  /** Numbers the ranges hold. */
  numbers: number;
  /** Distinct operators holding ranges. */
  operators: number;
  /** Registry names that match no listed site operator (kept as their own entries), with range counts. */
  unmappedOperators: { legalName: string; ranges: number }[];
  /** Operator entries created by this import. */
  createdOperators: string[];
  /** Region strings that map to no site region (other than «-» and the whole country). */
  unmappedRegions: { regionText: string; ranges: number }[];
  rejected: number;
  rejectedExamples: RejectedRow[];
}

// Texts that honestly mean «no single region»: not a mapping failure.
const NO_REGION = /^(-|—|)$|российская федерация/i;

/**
 * Imports a registry file as the new numbering plan. The file is read and checked first; only a
 * readable one replaces the plan, in one transaction with the operators it creates, so a failed or
 * refused import leaves the current plan untouched.
 */
export async function importNumberingPlan(
  db: Database,
  files: Uint8Array | { name: string; bytes: Uint8Array }[],
  options: { source: string; isDemo?: boolean },
): Promise<PlanImportSummary> {
  // DEF-9xx and the ABC files together make one plan; every file must be readable before any is applied.
  const list = files instanceof Uint8Array ? [{ name: options.source, bytes: files }] : files;
  const parts = list.map((f) => {
    try {
      return parseRegistry(f.bytes);
    } catch (err) {
      if (err instanceof RegistryFormatError && list.length > 1) {
        throw new RegistryFormatError(`${f.name}: ${err.message}`);
      }
      throw err;
    }
  });
  const parsed = {
    encoding: [...new Set(parts.map((p) => p.encoding))].join(', '),
    columns: Math.max(...parts.map((p) => p.columns)),
    rows: parts.flatMap((p) => p.rows),
    rejected: parts.flatMap((p) => p.rejected),
  };
  return db.transaction(async (tx) => {
    await lockLookupState(tx);
    const matcher = await OperatorMatcher.load(tx);
    const sorted = [...parsed.rows].sort((a, b) => a.from - b.from);
    const rejected = [...parsed.rejected];
    const ranges: PlanRangeRow[] = [];
    const unmappedRegions = new Map<string, number>();
    const operatorIds = new Set<number>();
    let numbers = 0;
    let lastTo = 0;
    for (const row of sorted) {
      if (row.from <= lastTo) {
        rejected.push({ line: row.line, reason: 'диапазон пересекается с другим' });
        continue;
      }
      lastTo = row.to;
      const operatorId = await matcher.resolve(row.legalName, row.inn);
      const regionCodes = regionCodesForRegistryName(row.regionText);
      if (regionCodes.length === 0 && !NO_REGION.test(row.regionText.trim())) {
        unmappedRegions.set(row.regionText, (unmappedRegions.get(row.regionText) ?? 0) + 1);
      }
      operatorIds.add(operatorId);
      numbers += row.to - row.from + 1;
      ranges.push({
        id: ranges.length + 1,
        fromMsisdn: row.from,
        toMsisdn: row.to,
        operatorId,
        legalName: row.legalName,
        inn: row.inn,
        regionText: row.regionText,
        regionCodes,
      });
    }
    rejected.sort((a, b) => a.line - b.line);
    const summary: PlanImportSummary = {
      source: options.source,
      isDemo: options.isDemo ?? false,
      encoding: parsed.encoding,
      columns: parsed.columns,
      rows: parsed.rows.length + parsed.rejected.length,
      ranges: ranges.length,
      numbers,
      operators: operatorIds.size,
      unmappedOperators: [...matcher.unknownNames].map(([legalName, n]) => ({ legalName, ranges: n })),
      createdOperators: matcher.createdOperators,
      unmappedRegions: [...unmappedRegions].map(([regionText, n]) => ({ regionText, ranges: n })),
      rejected: rejected.length,
      rejectedExamples: rejected.slice(0, 20),
    };
    await replacePlanRanges(tx, ranges, { source: options.source, isDemo: options.isDemo ?? false, summary });
    return summary;
  });
}

/** The summary as lines a person reads in a terminal. */
export function formatPlanSummary(s: PlanImportSummary): string {
  const lines = [
    `План нумерации загружен${s.isDemo ? ' (демонстрационные данные)' : ''}: ${s.source}`,
    `  кодировка ${s.encoding}, столбцов ${s.columns}`,
    `  строк в файле: ${s.rows}, диапазонов: ${s.ranges}, номеров: ${s.numbers.toLocaleString('ru-RU')}`,
    `  операторов: ${s.operators}`,
  ];
  if (s.unmappedOperators.length > 0) {
    lines.push(`  без сопоставления с операторами сайта (${s.unmappedOperators.length}):`);
    for (const u of s.unmappedOperators) lines.push(`    ${u.legalName} — диапазонов: ${u.ranges}`);
  }
  if (s.createdOperators.length > 0) lines.push(`  новых записей операторов: ${s.createdOperators.length}`);
  if (s.unmappedRegions.length > 0) {
    lines.push(`  регионы без сопоставления (${s.unmappedRegions.length}):`);
    for (const u of s.unmappedRegions) lines.push(`    ${u.regionText} — диапазонов: ${u.ranges}`);
  }
  if (s.rejected > 0) {
    lines.push(`  пропущено строк: ${s.rejected}`);
    for (const r of s.rejectedExamples) lines.push(`    строка ${r.line}: ${r.reason}`);
  }
  return lines.join('\n');
}
