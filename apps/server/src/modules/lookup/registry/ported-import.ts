import { normaliseMsisdn } from '@perenos/phone';
import type { Database } from '../../../db/client';
import { systemClock } from '../../../lib/clock';
import { regions } from '../../regions';
import {
  analyzePorted,
  clearPortedForFullDump,
  currentOperators,
  lockLookupState,
  lockPortedWrites,
  type PortedWrite,
  savePortedSummary,
  upsertPorted,
} from '../repository';
import { OperatorMatcher } from './operator-matching';
import { RegistryFormatError } from './registry-csv';

/** Port_All replaces the registry; Port_Increment adds portings; Return_Increment gives numbers back to the range holder. */
export type PortedExtractKind = 'full' | 'increment' | 'return';

export interface PortedImportSummary {
  source: string;
  kind: PortedExtractKind;
  rows: number;
  applied: number;
  rejected: number;
  rejectedExamples: { line: number; reason: string }[];
  /** Owner ids that match no listed site operator, with how many numbers each. */
  unmappedOwners: { ownerId: string; numbers: number }[];
}

/** The extract kind from the file name: Port_All…, Port_Increment…, Return_Increment…. */
export function portedKindFromName(name: string): PortedExtractKind | undefined {
  const n = name.toLowerCase();
  if (n.includes('return')) return 'return';
  if (n.includes('increment')) return 'increment';
  if (n.includes('port_all') || n.includes('portall')) return 'full';
  return undefined;
}

// Owner ids of the central database (e.g. «mMTS», «mMEGAFON») and the mobile network codes of the
// big networks, for the operators the site lists.
const OWNER_ALIASES: Record<string, string> = {
  mts: 'mts',
  megafon: 'megafon',
  beeline: 'beeline',
  vimpelcom: 'beeline',
  vympelcom: 'beeline',
  tele2: 't2',
  t2: 't2',
  t2mobile: 't2',
  yota: 'yota',
  scartel: 'yota',
  skartel: 'yota',
  motiv: 'motiv',
  ekaterinburg2000: 'motiv',
  sbermobile: 'sbermobile',
  tinkoff: 't-mobile',
  tinkoffmobile: 't-mobile',
  tmobile: 't-mobile',
  rostelecom: 'rostelecom',
  mtt: 'mtt',
};
const MNC_SLUGS: Record<string, string> = { '01': 'mts', '02': 'megafon', '99': 'beeline', '20': 't2', '11': 'yota' };

function ownerKey(ownerId: string): string {
  return ownerId
    .replace(/^m(?=[A-Z])/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

const regionCodes = new Set(regions.map((r) => r.code));

/** `YYYY-MM-DD` from `2024-03-14T12:00:00+03:00`, `2024-03-14 12:00:00` or `14.03.2024`. */
export function portDateOf(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const ru = /^(\d{2})\.(\d{2})\.(\d{4})/.exec(text);
  if (ru) return `${ru[3]}-${ru[2]}-${ru[1]}`;
  return null;
}

function cellsOf(line: string, sep: string): string[] {
  return line.split(sep).map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
}

/**
 * Who hears of the numbers an import moves (the number watch, wired by the caller): which numbers are
 * watched, and those whose operator the import changed, told in the import's own transaction.
 */
export interface RegistryWatch {
  watched(tx: Database): Promise<string[]>;
  moved(tx: Database, moves: { msisdn: string; operatorId: number | null }[], at: Date): Promise<void>;
}

/**
 * Imports a central-database extract (`Number,OwnerId,MNC,Route,RegionCode,PortDate`) read line by
 * line, in one transaction. A full dump empties the registry first and makes every node rebuild;
 * increments and returns are applied as changes the nodes pick up by polling. With `watch`, the watched
 * numbers whose operator the import changes (a full dump: any watched number) are told in the same
 * transaction.
 */
export async function importPortedExtract(
  db: Database,
  lines: AsyncIterable<string> | Iterable<string>,
  options: { source: string; kind: PortedExtractKind; watch?: RegistryWatch; now?: () => Date },
): Promise<PortedImportSummary> {
  const summary = await db.transaction(async (tx) => {
    await lockLookupState(tx);
    await lockPortedWrites(tx);
    const watched = new Set(options.watch ? await options.watch.watched(tx) : []);
    const before = await currentOperators(tx, [...watched]);
    const touched = new Set<string>(options.kind === 'full' ? watched : []);
    const matcher = await OperatorMatcher.load(tx);
    const owners = new Map<string, number>();
    const unmapped = new Map<string, number>();
    const summary: PortedImportSummary = {
      source: options.source,
      kind: options.kind,
      rows: 0,
      applied: 0,
      rejected: 0,
      rejectedExamples: [],
      unmappedOwners: [],
    };
    const reject = (line: number, reason: string) => {
      summary.rejected++;
      if (summary.rejectedExamples.length < 20) summary.rejectedExamples.push({ line, reason });
    };
    const ownerFor = async (ownerId: string, mnc: string): Promise<number> => {
      const cacheKey = `${ownerId}|${mnc}`;
      const known = owners.get(cacheKey);
      if (known !== undefined) return known;
      const slug = OWNER_ALIASES[ownerKey(ownerId)] ?? MNC_SLUGS[mnc.padStart(2, '0')];
      let id = slug ? matcher.idForSlug(slug) : undefined;
      if (id === undefined) id = await matcher.resolve(`БДПН ${ownerId || mnc}`, null);
      owners.set(cacheKey, id);
      return id;
    };

    if (options.kind === 'full') await clearPortedForFullDump(tx);
    let header: Record<string, number> | undefined;
    let sep = ',';
    let lineNo = 0;
    let batch: PortedWrite[] = [];
    for await (const raw of lines) {
      lineNo++;
      const line = lineNo === 1 ? raw.replace(/^\uFEFF/, '') : raw;
      if (line.trim() === '') continue;
      if (!header) {
        if (/^\s*<|<html/i.test(line)) throw new RegistryFormatError('Вместо выгрузки получена HTML-страница.');
        sep = line.includes(';') && !line.includes(',') ? ';' : ',';
        const names = cellsOf(line, sep).map((c) => c.toLowerCase());
        if (!names.includes('number')) {
          throw new RegistryFormatError('Нет заголовка выгрузки БДПН (Number,OwnerId,MNC,Route,RegionCode,PortDate).');
        }
        header = Object.fromEntries(names.map((n, i) => [n, i]));
        continue;
      }
      summary.rows++;
      const cells = cellsOf(line, sep);
      const cell = (name: string) => (header?.[name] === undefined ? '' : (cells[header[name] as number] ?? ''));
      const msisdn = normaliseMsisdn(cell('number'));
      if (!msisdn) {
        reject(lineNo, 'неверный номер');
        continue;
      }
      const ownerId = cell('ownerid');
      const mnc = cell('mnc');
      const regionNumber = Number(cell('regioncode'));
      const portedOn = portDateOf(cell('portdate'));
      let operatorId: number | null = null;
      if (options.kind !== 'return') {
        if (!ownerId && !mnc) {
          reject(lineNo, 'не указан оператор');
          continue;
        }
        operatorId = await ownerFor(ownerId, mnc);
        if (!matcher.idForSlug(OWNER_ALIASES[ownerKey(ownerId)] ?? MNC_SLUGS[mnc.padStart(2, '0')] ?? '')) {
          const key = ownerId || mnc;
          unmapped.set(key, (unmapped.get(key) ?? 0) + 1);
        }
      }
      if (watched.has(msisdn)) touched.add(msisdn);
      batch.push({
        msisdn: Number(msisdn),
        operatorId,
        regionCode: regionCodes.has(regionNumber) ? regionNumber : null,
        portedOn,
        mnc: mnc || null,
        route: cell('route') || null,
      });
      if (batch.length >= 10_000) {
        await upsertPorted(tx, batch);
        summary.applied += batch.length;
        batch = [];
      }
    }
    if (!header) throw new RegistryFormatError('Файл пуст.');
    await upsertPorted(tx, batch);
    summary.applied += batch.length;
    summary.unmappedOwners = [...unmapped].map(([ownerId, numbers]) => ({ ownerId, numbers }));
    await savePortedSummary(tx, summary);
    if (options.watch && touched.size > 0) {
      const after = await currentOperators(tx, [...touched]);
      const moves = [...touched]
        .filter((msisdn) => after.get(msisdn) !== before.get(msisdn))
        .map((msisdn) => ({ msisdn, operatorId: after.get(msisdn) ?? null }));
      await options.watch.moved(tx, moves, (options.now ?? systemClock)());
    }
    return summary;
  });
  await analyzePorted(db);
  return summary;
}

/** The summary as lines a person reads in a terminal. */
export function formatPortedSummary(s: PortedImportSummary): string {
  const kind = {
    full: 'полная выгрузка (Port_All)',
    increment: 'перенесённые (Port_Increment)',
    return: 'возвращённые (Return_Increment)',
  }[s.kind];
  const lines = [
    `Реестр перенесённых номеров: ${kind}, ${s.source}`,
    `  строк: ${s.rows}, применено: ${s.applied}, пропущено: ${s.rejected}`,
  ];
  for (const r of s.rejectedExamples) lines.push(`    строка ${r.line}: ${r.reason}`);
  for (const u of s.unmappedOwners) lines.push(`  владелец без сопоставления: ${u.ownerId} — номеров: ${u.numbers}`);
  return lines.join('\n');
}

/** Records portings completed on this site (the porting engine calls this in its own transaction). */
export async function recordCompletedPortings(
  db: Database,
  portings: { msisdn: string; operatorId: number; portedOn: string }[],
): Promise<void> {
  await lockPortedWrites(db);
  await upsertPorted(
    db,
    portings.map((p) => ({
      msisdn: Number(p.msisdn),
      operatorId: p.operatorId,
      regionCode: null,
      portedOn: p.portedOn,
      mnc: null,
      route: null,
    })),
  );
}
