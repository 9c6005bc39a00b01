/**
 * Reading the official registry of numbering resources (Минцифры open data, DEF-9xx.csv and the ABC
 * files) in every shape it has been published in: 7 or 8 columns, numbers zero- or space-padded,
 * RFC-quoted or bare inner quotes, UTF-8 with or without BOM, or Windows-1251. Pure: bytes in, rows out.
 */

/** A file the importer refuses as a whole; the message is Russian and safe to print. */
export class RegistryFormatError extends Error {}

export interface RegistryRow {
  /** 11-digit first and last numbers of the range, 7XXXXXXXXXX. */
  from: number;
  to: number;
  legalName: string;
  regionText: string;
  inn: string | null;
  /** Line in the file, for messages. */
  line: number;
}

export interface RejectedRow {
  line: number;
  reason: string;
}

export interface ParsedRegistry {
  encoding: 'utf-8' | 'windows-1251';
  columns: number;
  rows: RegistryRow[];
  /** Data lines that could not be read; the rest of the file still counts. */
  rejected: RejectedRow[];
}

const BOM = '\uFEFF';

/** Decodes the file: a BOM or valid UTF-8 means UTF-8, anything else is the old Windows-1251. */
export function decodeRegistryText(bytes: Uint8Array): { text: string; encoding: 'utf-8' | 'windows-1251' } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { text: text.startsWith(BOM) ? text.slice(1) : text, encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1251').decode(bytes), encoding: 'windows-1251' };
  }
}

/** The download server sometimes answers an HTML error page with status 200. */
function looksLikeHtml(text: string): boolean {
  const head = text.slice(0, 2048).trimStart().toLowerCase();
  return head.startsWith('<') || head.includes('<html') || head.includes('<!doctype');
}

/**
 * Splits one line into cells. A cell that opens with a quote is read as RFC 4180 (`""` is a quote);
 * when its closing quote is not followed by the separator, the cell is one with bare inner quotes
 * (`ООО "Т2 МОБАЙЛ"` or `"МТС" ПАО`) and is read up to the next separator instead.
 */
export function splitRegistryLine(line: string, separator: string): string[] {
  const cells: string[] = [];
  let i = 0;
  const n = line.length;
  while (i <= n) {
    let j = i;
    while (j < n && line[j] === ' ') j++;
    if (line[j] === '"') {
      let value = '';
      let k = j + 1;
      let closed = false;
      while (k < n) {
        const c = line[k];
        if (c === '"') {
          if (line[k + 1] === '"') {
            value += '"';
            k += 2;
            continue;
          }
          closed = true;
          k++;
          break;
        }
        value += c;
        k++;
      }
      let after = k;
      while (after < n && line[after] === ' ') after++;
      if (closed && (after === n || line[after] === separator)) {
        cells.push(value);
        i = after + 1;
        continue;
      }
    }
    const end = line.indexOf(separator, i);
    const stop = end === -1 ? n : end;
    cells.push(line.slice(i, stop));
    i = stop + 1;
  }
  return cells.map((c) => c.trim());
}

type Column = 'code' | 'from' | 'to' | 'capacity' | 'operator' | 'region' | 'gar' | 'inn';

/** Header cell → column; header spellings vary (АВС in Cyrillic or Latin, Емкость or Ёмкость). */
function columnOf(header: string): Column | undefined {
  const h = header.toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();
  if (/(abc|авс|абс|def)/.test(h)) return 'code';
  if (h === 'от' || h === 'from') return 'from';
  if (h === 'до' || h === 'to') return 'to';
  if (h.startsWith('емкость') || h === 'capacity') return 'capacity';
  if (h.startsWith('оператор')) return 'operator';
  if (h.startsWith('регион')) return 'region';
  if (h.startsWith('территория')) return 'gar';
  if (h === 'инн' || h === 'inn') return 'inn';
  return undefined;
}

const POSITIONS_7: Column[] = ['code', 'from', 'to', 'capacity', 'operator', 'region', 'inn'];
const POSITIONS_8: Column[] = ['code', 'from', 'to', 'capacity', 'operator', 'region', 'gar', 'inn'];

function pickSeparator(line: string): string {
  const counts = [';', '\t', ','].map((s) => [s, line.split(s).length - 1] as const);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0]?.[1] ? counts[0][0] : ';';
}

function digits(cell: string | undefined): number | null {
  if (cell === undefined) return null;
  const d = cell.replace(/\s/g, '');
  return /^\d{1,10}$/.test(d) ? Number(d) : null;
}

/** Parses a whole registry file; throws RegistryFormatError when it is not a registry at all. */
export function parseRegistry(bytes: Uint8Array): ParsedRegistry {
  const { text, encoding } = decodeRegistryText(bytes);
  if (text.trim() === '') throw new RegistryFormatError('Файл пуст.');
  if (looksLikeHtml(text)) {
    throw new RegistryFormatError('Вместо реестра получена HTML-страница (вероятно, ошибка сервера загрузки).');
  }
  const lines = text.split(/\r\n|\n|\r/);
  const firstIndex = lines.findIndex((l) => l.trim() !== '');
  const first = lines[firstIndex] ?? '';
  const separator = pickSeparator(first);
  const headerCells = splitRegistryLine(first, separator);
  const headerColumns = headerCells.map(columnOf);
  const hasHeader = headerColumns.includes('from') && headerColumns.includes('operator');
  let positions: (Column | undefined)[];
  let start: number;
  if (hasHeader) {
    positions = headerColumns;
    start = firstIndex + 1;
  } else if (headerCells.length === 7 || headerCells.length === 8) {
    positions = headerCells.length === 7 ? POSITIONS_7 : POSITIONS_8;
    start = firstIndex;
  } else {
    throw new RegistryFormatError('Не удалось распознать столбцы реестра: ожидалось 7 или 8 столбцов через «;».');
  }
  const at = (name: Column) => positions.indexOf(name);
  const idx = {
    code: at('code'),
    from: at('from'),
    to: at('to'),
    capacity: at('capacity'),
    operator: at('operator'),
    region: at('region'),
    inn: at('inn'),
  };
  if (idx.code < 0 || idx.from < 0 || idx.to < 0 || idx.operator < 0 || idx.region < 0) {
    throw new RegistryFormatError('В заголовке реестра нет обязательных столбцов (код, От, До, Оператор, Регион).');
  }

  const rows: RegistryRow[] = [];
  const rejected: RejectedRow[] = [];
  for (let i = start; i < lines.length; i++) {
    const raw = lines[i] ?? '';
    if (raw.trim() === '') continue;
    const line = i + 1;
    const cells = splitRegistryLine(raw, separator);
    const code = digits(cells[idx.code]);
    const from = digits(cells[idx.from]);
    const to = digits(cells[idx.to]);
    const legalName = cells[idx.operator] ?? '';
    const regionText = cells[idx.region] ?? '';
    if (code === null || code < 300 || code > 999) {
      rejected.push({ line, reason: 'код АВС/DEF не из трёх цифр' });
      continue;
    }
    if (from === null || to === null || from > to || to > 9_999_999) {
      rejected.push({ line, reason: 'неверные границы диапазона' });
      continue;
    }
    if (legalName === '') {
      rejected.push({ line, reason: 'не указан оператор' });
      continue;
    }
    const capacity = idx.capacity >= 0 ? digits(cells[idx.capacity]) : null;
    if (capacity !== null && capacity !== to - from + 1) {
      rejected.push({ line, reason: 'ёмкость не совпадает с границами диапазона' });
      continue;
    }
    const base = 70_000_000_000 + code * 10_000_000;
    const inn = idx.inn >= 0 ? (cells[idx.inn] ?? '').replace(/\s/g, '') : '';
    rows.push({
      from: base + from,
      to: base + to,
      legalName: legalName.replace(/\s+/g, ' '),
      regionText: regionText.replace(/\s+/g, ' '),
      inn: /^\d{10,12}$/.test(inn) ? inn : null,
      line,
    });
  }
  if (rows.length === 0) throw new RegistryFormatError('В файле нет ни одной строки реестра.');
  return { encoding, columns: positions.length, rows, rejected };
}
