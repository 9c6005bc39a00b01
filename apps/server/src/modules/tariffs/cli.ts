/**
 * Loads or saves the tariff catalogue:
 *   npm run tariffs:import -- <file.json|file.csv> [--replace]
 *   npm run tariffs:export -- [--format json|csv] [--out <file>]
 * Works on the configured database (DATABASE_URL, or PGlite in PGLITE_DIR: stop the server first,
 * PGlite allows one process at a time). `--replace` archives every tariff the file does not hold.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { extname } from 'node:path';
import { loadConfig } from '../../config/env';
import { prepareDatabase } from '../../db/prepare';
import { CatalogueError, catalogueToCsv, parseCatalogueCsv, parseCatalogueJson } from './catalogue';
import { exportCatalogue, importCatalogue } from './service';

const usage = `Использование:
  npm run tariffs:import -- <файл.json|файл.csv> [--replace]
  npm run tariffs:export -- [--format json|csv] [--out <файл>]`;

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (command !== 'import' && command !== 'export') {
    process.stderr.write(`${usage}\n`);
    return 2;
  }
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  if (command === 'import') {
    const file = rest.find((a) => !a.startsWith('--'));
    if (!file) {
      process.stderr.write(`Не указан файл.\n${usage}\n`);
      return 2;
    }
    let list: ReturnType<typeof parseCatalogueJson>;
    try {
      const text = readFileSync(file, 'utf8');
      list = extname(file).toLowerCase() === '.csv' ? parseCatalogueCsv(text) : parseCatalogueJson(text);
    } catch (error) {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      return 1;
    }
    const { handle } = await prepareDatabase(config);
    try {
      const result = await importCatalogue(handle.db, list, { replace: rest.includes('--replace') });
      process.stdout.write(`Загружено тарифов: ${result.tariffs}, цен по регионам: ${result.regionRows}.\n`);
      return 0;
    } catch (error) {
      if (!(error instanceof CatalogueError)) throw error;
      process.stderr.write(`${error.message}\n`);
      return 1;
    } finally {
      await handle.close();
    }
  }
  const format = option(rest, '--format') ?? 'json';
  if (format !== 'json' && format !== 'csv') {
    process.stderr.write(`Формат — json или csv.\n${usage}\n`);
    return 2;
  }
  const { handle } = await prepareDatabase(config);
  try {
    const list = await exportCatalogue(handle.db);
    const text = format === 'csv' ? catalogueToCsv(list) : `${JSON.stringify(list, null, 2)}\n`;
    const out = option(rest, '--out');
    if (out) {
      writeFileSync(out, text);
      process.stderr.write(`Выгружено тарифов: ${list.length} → ${out}\n`);
    } else process.stdout.write(text);
    return 0;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
