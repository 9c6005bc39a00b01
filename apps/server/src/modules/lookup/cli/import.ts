/**
 * Imports the numbering plan or a ported-number extract:
 *   npm run import:numbering -- --file DEF-9xx.csv [--file ABC-3xx.csv …]
 *   npm run import:numbering -- --url https://opendata.digital.gov.ru/…/DEF-9xx.csv
 *   npm run import:numbering -- --file Port_All_20261122.csv            (kind from the name)
 *   npm run import:numbering -- --file extract.csv --kind increment      (full | increment | return)
 * Works on the configured database (DATABASE_URL, or PGlite in PGLITE_DIR: stop the server first,
 * PGlite allows one process at a time). A refused file changes nothing.
 */

import { closeSync, createReadStream, existsSync, openSync, readFileSync, readSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { loadConfig } from '../../../config/env';
import { prepareDatabase } from '../../../db/prepare';
import { systemClock } from '../../../lib/clock';
import { JobQueue } from '../../../lib/jobs';
import { configuredChannels, NOTIFICATION_QUEUES, queueNotifications, secretKeys } from '../../notifications';
import { registryWatch } from '../../watch';
import { formatPlanSummary, importNumberingPlan } from '../registry/plan-import';
import {
  formatPortedSummary,
  importPortedExtract,
  type PortedExtractKind,
  portedKindFromName,
} from '../registry/ported-import';
import { downloadRegistry } from '../registry/refresh';
import { RegistryFormatError } from '../registry/registry-csv';

const usage = `Использование:
  npm run import:numbering -- --file ПУТЬ [--file ПУТЬ …]   план нумерации (DEF-9xx.csv, ABC-3xx.csv …)
  npm run import:numbering -- --url АДРЕС [--url АДРЕС …]    то же с сайта Минцифры
  npm run import:numbering -- --file Port_All_….csv          выгрузка БДПН (вид по имени файла)
  добавьте --kind full|increment|return, если вид выгрузки БДПН не виден из имени файла`;

interface Args {
  files: string[];
  urls: string[];
  kind: PortedExtractKind | 'plan' | undefined;
}

function parseArgs(argv: string[]): Args | string {
  const args: Args = { files: [], urls: [], kind: undefined };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    if ((flag === '--file' || flag === '--url' || flag === '--kind') && !value) return `Не указано значение ${flag}.`;
    // npm runs the script in the server's folder; paths are meant from where the command was typed.
    if (flag === '--file') args.files.push(resolve(process.env.INIT_CWD ?? process.cwd(), value as string));
    else if (flag === '--url') args.urls.push(value as string);
    else if (flag === '--kind') {
      if (!['plan', 'full', 'increment', 'return'].includes(value as string)) return `Неизвестный вид: ${value}.`;
      args.kind = value as Args['kind'];
    } else return `Неизвестный параметр: ${flag}.`;
    i++;
  }
  if (args.files.length + args.urls.length === 0) return 'Укажите --file или --url.';
  const missing = args.files.find((f) => !existsSync(f));
  if (missing) return `Нет такого файла: ${missing}`;
  return args;
}

/** The first line of a file, to tell a central-database extract (Number,OwnerId,…) from the plan. */
function firstLine(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(512);
    const n = readSync(fd, buf, 0, buf.length, 0);
    return (
      buf
        .subarray(0, n)
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .split(/\r?\n/)[0] ?? ''
    );
  } finally {
    closeSync(fd);
  }
}

/**
 * The file's lines. The iterator is taken at once: readline emits the lines it reads whether or not
 * anybody listens, and the import awaits its locks before it reads the first one.
 */
function linesOf(path: string): AsyncIterable<string> {
  const iterator = createInterface({ input: createReadStream(path), crlfDelay: Number.POSITIVE_INFINITY })[
    Symbol.asyncIterator
  ]();
  return { [Symbol.asyncIterator]: () => iterator };
}

async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    process.stderr.write(`${args}\n${usage}\n`);
    return 2;
  }
  const sources = [...args.files, ...args.urls];
  const first = args.files[0];
  const looksPorted = first !== undefined && /^"?number"?[,;]/i.test(firstLine(first));
  const kind =
    args.kind ?? (first ? portedKindFromName(basename(first)) : undefined) ?? (looksPorted ? undefined : 'plan');
  if (kind === undefined) {
    process.stderr.write(`Не понятно, какая это выгрузка БДПН: укажите --kind full|increment|return.\n${usage}\n`);
    return 2;
  }
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' }, { seedDemo: false });
  const { handle } = await prepareDatabase(config);
  try {
    if (kind === 'plan') {
      const files = [
        ...args.files.map((f) => ({ name: basename(f), bytes: readFileSync(f) })),
        ...(await Promise.all(args.urls.map(async (u) => ({ name: u, bytes: await downloadRegistry(u) })))),
      ];
      const summary = await importNumberingPlan(handle.db, files, {
        source: sources.map((s) => basename(s)).join(', '),
      });
      process.stdout.write(`${formatPlanSummary(summary)}\n`);
    } else {
      // The watchers of numbers an extract moves are told in the import's transaction; the site's
      // workers send their e-mail and SMS.
      const jobs = new JobQueue(handle, { workers: false });
      await jobs.start(NOTIFICATION_QUEUES);
      const channels = configuredChannels(config.notifications);
      const watch = registryWatch({
        notify: async (tx, messages) => {
          await queueNotifications(tx, jobs, channels, secretKeys(config.sessionSecret, systemClock), messages);
        },
        siteOrigin: config.publicOrigin ?? null,
      });
      try {
        for (const source of sources) {
          const lines = args.urls.includes(source)
            ? new TextDecoder().decode(await downloadRegistry(source)).split(/\r?\n/)
            : linesOf(source);
          const summary = await importPortedExtract(handle.db, lines, { source: basename(source), kind, watch });
          process.stdout.write(`${formatPortedSummary(summary)}\n`);
        }
      } finally {
        await jobs.stop();
      }
    }
    return 0;
  } catch (err) {
    if (err instanceof RegistryFormatError) {
      process.stderr.write(`Файл не загружен, данные не изменены: ${err.message}\n`);
      return 1;
    }
    throw err;
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`Ошибка: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
