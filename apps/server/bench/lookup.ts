/**
 * `npm run bench:lookup`: the number-lookup figures, each printed beside this machine's Fastify
 * hello-world rate measured in the same run: single lookups on PostgreSQL (quota in Redis and in
 * PostgreSQL) and on PGlite (the embedded default), anonymous and signed in; batch files; the index
 * build. Needs a PostgreSQL server (BENCH_POSTGRES_URL, default postgresql://postgres@127.0.0.1:5432/postgres;
 * it creates and drops its own database) and uses Redis at BENCH_REDIS_URL (default
 * redis://127.0.0.1:6379) when it answers. Single lookups are measured in rounds (hello world, anonymous,
 * signed in, in turn; 3 rounds of 4 s with --quick, else 5 of 6 s), each ratio against its round's hello
 * world. Options: --quick (1 M ported numbers instead of 10 M / 30 M, shorter rounds), --single (single
 * lookups only), --batch (hello world and the batch files only, on PostgreSQL: 1 M rows as CSV and XLSX,
 * then 8 parallel uploads of the largest XLSX the default limits accept while /api/health is polled),
 * --largest (the batch mode's parallel uploads only). BENCH_CPU_PROF=dir writes each server process's CPU profile there; BENCH_PORT_BASE
 * (e.g. 4500) makes the server processes listen on ports from it up instead of any free port; BENCH_NODE
 * (a path) runs the servers, the hello world included, on that Node.js: production's Node 24 is
 * `.ci/node24/node_modules/node/bin/node` once `.ci/run` (or its `npm install --prefix .ci/node24` line) has run.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/client';
import { seedReference } from '../src/db/seed/index';
import { largeXlsx } from '../src/modules/lookup/batch/xlsx-fixture';
import { importNumberingPlan } from '../src/modules/lookup/registry/plan-import';
import { analyzePorted } from '../src/modules/lookup/repository';
import {
  type BenchProcess,
  benchCookie,
  randomMobile,
  serverNodeVersion,
  startProcess,
  stopProcess as stop,
} from './processes';
import { exitOnFailure, expectWorkload } from './workload';

interface AutocannonResult {
  requests: { average: number };
  latency: { p99: number; average: number };
  non2xx: number;
  errors: number;
  statusCodeStats?: Record<string, { count: number }>;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const here = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = resolve(here, '../../..');
const quick = process.argv.includes('--quick');
const singleOnly = process.argv.includes('--single');
// --largest: the batch mode's 8 parallel uploads of the largest accepted XLSX only (no 1 M-row files).
const largestOnly = process.argv.includes('--largest');
const batchOnly = largestOnly || process.argv.includes('--batch');
let nextPort = Number(process.env.BENCH_PORT_BASE ?? 0);
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Ported numbers put into the PGlite database (its import runs in this process, single-threaded). */
const PORTED_PGLITE = 1_000_000;
const PORTED = quick ? 1_000_000 : 10_000_000;
const PORTED_INDEX = quick ? 3_000_000 : 30_000_000;
const BATCH_ROWS = 1_000_000;
const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const dbName = `perenos_bench_${process.pid}`;
const dbUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const pgliteDir = mkdtempSync(resolve(tmpdir(), 'perenos-bench-pglite-'));

function log(line: string) {
  process.stdout.write(`${line}\n`);
}

async function admin(statement: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

/** Starts bench/serve.ts in its own process; resolves with its port once it listens. */
function serve(mode: 'hello' | 'lookup', env: Record<string, string> = {}): Promise<BenchProcess> {
  return startProcess(resolve(here, 'serve.ts'), repoRoot, {
    BENCH_MODE: mode,
    BENCH_PORT: String(nextPort > 0 ? nextPort++ : 0),
    DATABASE_URL: dbUrl,
    ...env,
  });
}

async function rss(port: number): Promise<{ rss: number; peak: number }> {
  return (await fetch(`http://127.0.0.1:${port}/bench/rss`)).json() as Promise<{ rss: number; peak: number }>;
}

/** CPU seconds the server process has used (user + system, all its threads: zlib works on the libuv pool). */
async function cpu(port: number): Promise<number> {
  const u = (await (await fetch(`http://127.0.0.1:${port}/bench/cpu`)).json()) as { user: number; system: number };
  return (u.user + u.system) / 1e6;
}

/** The load average now, as docs/performance.md records it beside every figure. */
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

/** Posts a file to the batch endpoint as a signed-in user and reads the whole answer: its status, headers and size. */
async function postBatch(port: number, cookie: string, name: string, bytes: Buffer, type: string) {
  const form = new FormData();
  form.append('File', new Blob([bytes], { type }), name);
  const res = await fetch(`http://127.0.0.1:${port}/api/v1.1/msisdn/info/batch`, {
    method: 'POST',
    body: form,
    headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
  });
  let received = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) received += chunk.length;
  return { status: res.status, headers: res.headers, received };
}

/** Uploads a file to the batch endpoint and reads the whole answer; returns seconds and bytes. */
async function uploadBatch(port: number, cookie: string, name: string, bytes: Buffer, type: string) {
  await fetch(`http://127.0.0.1:${port}/bench/rss/reset`, { method: 'POST' });
  const cpuBefore = await cpu(port);
  const started = performance.now();
  const res = await postBatch(port, cookie, name, bytes, type);
  const received = res.received;
  const seconds = (performance.now() - started) / 1000;
  if (res.status !== 200) throw new Error(`batch answered ${res.status}`);
  const cpuAfter = await cpu(port);
  return { seconds, received, peak: (await rss(port)).peak, cpu: cpuAfter - cpuBefore };
}

async function xlsxOfNumbers(numbers: string[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((r) => out.on('end', r));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const sheet = wb.addWorksheet('Номера');
  sheet.addRow(['Номер']).commit();
  for (const n of numbers) sheet.addRow([n]).commit();
  sheet.commit();
  await wb.commit();
  await done;
  return Buffer.concat(chunks);
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} МБ`;

/**
 * The process's peak RSS since the last reset, from the kernel (VmHWM): exact even while the server's
 * event loop is blocked, when its own 20 ms sampler is not. Writing 5 to clear_refs resets it.
 */
function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}
function peakRss(pid: number): number {
  const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) * 1024;
}

/** `/api/health` asked one after another (20 ms apart) until `stop` says so: every latency in ms. */
async function pollHealth(port: number, stop: { done: boolean }): Promise<number[]> {
  const latencies: number[] = [];
  while (!stop.done) {
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    await res.arrayBuffer();
    latencies.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 20));
  }
  return latencies;
}

/**
 * Uploads a file until it is answered: a 503 is waited out for its Retry-After and sent again, as a
 * client should. Returns the final status, seconds from the first try, and the refusals on the way.
 */
async function uploadUntilAnswered(port: number, cookie: string, name: string, bytes: Buffer) {
  const started = performance.now();
  const refusals: number[] = [];
  for (;;) {
    const res = await postBatch(port, cookie, name, bytes, 'application/octet-stream');
    const { status, received } = res;
    if (status !== 503) return { status, received, seconds: (performance.now() - started) / 1000, refusals };
    const wait = Number(res.headers.get('retry-after') ?? '1');
    refusals.push(wait);
    await new Promise((r) => setTimeout(r, wait * 1000));
  }
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
};

/**
 * Issue 20: the largest XLSX the default limits accept (100 000 rows; the sheet unpacks to just under
 * the 200 MB limit), uploaded 8 times at once to a node with the default batch limits, while
 * `/api/health` is polled. `concurrency`: BATCH_CONCURRENCY of the node (undefined: its default).
 */
async function parallelLargest(cookie: string, file: Buffer, concurrency: string | undefined) {
  const site = await serve('lookup', {
    ...UNLIMITED_QUOTA,
    ...(concurrency === undefined ? {} : { BATCH_CONCURRENCY: concurrency }),
  });
  const pid = site.child.pid as number;
  try {
    // Warm: one upload of the same file first, as a running node has served some.
    await uploadUntilAnswered(site.port, cookie, 'warm.xlsx', file);
    const idle = (await rss(site.port)).rss;
    // The same polling of the idle node for 5 s: what this machine's load alone costs a health check.
    const quiet = { done: false };
    const idlePolls = pollHealth(site.port, quiet);
    await new Promise((r) => setTimeout(r, 5000));
    quiet.done = true;
    const baseline = await idlePolls;
    const cpuBefore = await cpu(site.port);
    await fetch(`http://127.0.0.1:${site.port}/bench/rss/reset`, { method: 'POST' });
    resetPeak(pid);
    const polling = { done: false };
    const health = pollHealth(site.port, polling);
    const started = performance.now();
    const uploads = await Promise.all(
      Array.from({ length: 8 }, (_, i) => uploadUntilAnswered(site.port, cookie, `largest-${i}.xlsx`, file)),
    );
    const seconds = (performance.now() - started) / 1000;
    polling.done = true;
    const latencies = await health;
    const peak = peakRss(pid);
    const loop = (await (await fetch(`http://127.0.0.1:${site.port}/bench/loop`)).json()) as {
      max: number;
      p99: number;
      gc: { count: number; major: number; max: number; total: number };
    };
    const cpuSeconds = (await cpu(site.port)) - cpuBefore;
    const statuses = uploads.map((u) => u.status).join(', ');
    const refusals = uploads.flatMap((u) => u.refusals);
    const firstTry = uploads.filter((u) => u.refusals.length === 0).length;
    log(
      `  BATCH_CONCURRENCY=${concurrency ?? 'по умолчанию'}: ответы ${statuses} за ${seconds.toFixed(1)} с (по ${uploads.map((u) => u.seconds.toFixed(1)).join(' / ')} с; с первой попытки ${firstTry}, отказов 503 ${refusals.length}${refusals.length ? `, Retry-After ${Math.min(...refusals)}–${Math.max(...refusals)} с` : ''}); ответ ${mb(uploads[0]?.received ?? 0)}`,
    );
    log(
      `    пиковый RSS узла ${mb(peak)} (в покое ${mb(idle)}; цель < 600 МБ); /api/health: max ${Math.max(...latencies).toFixed(0)} мс, p99 ${percentile(latencies, 99).toFixed(0)} мс, p50 ${percentile(latencies, 50).toFixed(0)} мс, ${latencies.length} замеров (цель < 100 мс; узел без файлов: max ${Math.max(...baseline).toFixed(0)} мс, p99 ${percentile(baseline, 99).toFixed(0)} мс); задержка цикла событий сервера max ${loop.max.toFixed(0)} мс, p99 ${loop.p99.toFixed(0)} мс (сборка мусора: ${loop.gc.count} пауз, из них полных ${loop.gc.major}, самая долгая ${loop.gc.max.toFixed(0)} мс, всего ${(loop.gc.total / 1000).toFixed(1)} с); CPU сервера ${cpuSeconds.toFixed(1)} с (${(cpuSeconds / 8).toFixed(2)} с на файл); нагрузка ${load()}`,
    );
  } finally {
    await stop(site.child);
  }
}

/** Fills ported_numbers with distinct numbers spread over 79XXXXXXXXX, five operators, ten years of dates. */
async function fillPorted(db: Database, from: number, to: number) {
  const t = performance.now();
  await db.execute(sql`
    with ops as (select array_agg(id order by slug) as ids from operators
                 where slug in ('mts', 'megafon', 'beeline', 't2', 'yota'))
    insert into ported_numbers (msisdn, operator_id, region_code, ported_on, change_seq)
    select 79000000000 + g * 33, ops.ids[1 + (g % 5)::int], 77, date '2016-01-01' + (g % 3650)::int, g
    from ops, generate_series(${from}::bigint, ${to}::bigint) g`);
  await db.execute(sql`select setval('ported_change_seq', ${to})`);
  // As the registry import does after its bulk write.
  await analyzePorted(db);
  return (performance.now() - t) / 1000;
}

/** Reference data, the real plan and `ported` numbers in a fresh database. */
async function prepare(db: Database, ported: number) {
  await seedReference(db);
  const plan = await importNumberingPlan(db, readFileSync(resolve(repoRoot, 'data/numbering-plan/DEF-9xx.csv')), {
    source: 'DEF-9xx.csv',
  });
  const seconds = await fillPorted(db, 1, ported);
  return { ranges: plan.ranges, seconds };
}

async function redisAnswers(): Promise<boolean> {
  const { Redis } = await import('ioredis');
  const r = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

interface Rate {
  rate: number;
  p99: number;
  non2xx: number;
  /** Answers that are neither a lookup (2xx) nor «номер не найден» (404), and connection errors. */
  failed: number;
}

/** One autocannon run as the figures printed. */
const rateOf = (run: AutocannonResult): Rate => ({
  rate: run.requests.average,
  p99: run.latency.p99,
  non2xx: run.non2xx,
  failed:
    run.errors +
    Object.entries(run.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith('2') && code !== '404')
      .reduce((n, [, stat]) => n + stat.count, 0),
});

const ROUNDS = quick ? 3 : 5;
const ROUND_SECONDS = quick ? 4 : 6;

/**
 * Single lookups over HTTP at 50 connections, half ported numbers, half plan numbers: returns the
 * function that loads the site for `duration` seconds.
 */
function singleLookups(port: number, ported: number, headers: Record<string, string> = {}) {
  const bodies = Array.from({ length: 1000 }, (_, i) =>
    JSON.stringify({
      msisdn: i % 2 ? randomMobile() : String(79000000000 + (1 + Math.floor(Math.random() * ported)) * 33),
    }),
  );
  let next = 0;
  return async (duration: number): Promise<Rate> => {
    const run = await autocannon({
      url: `http://127.0.0.1:${port}/api/v1.1/msisdn/info/single`,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', ...headers },
      connections: 50,
      pipelining: 1,
      duration,
      requests: [
        { setupRequest: (req: Record<string, unknown>) => ({ ...req, body: bodies[next++ % bodies.length] }) },
      ],
    });
    return rateOf(run);
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2
    ? (s[(s.length - 1) / 2] as number)
    : ((s[s.length / 2 - 1] as number) + (s[s.length / 2] as number)) / 2;
};

const UNLIMITED_QUOTA = { LOOKUP_QUOTA_ANONYMOUS: '1000000000', LOOKUP_QUOTA_SIGNED_IN: '1000000000' };

async function main() {
  log(
    `Бенчмарк проверки номера${quick ? ' (быстрый режим)' : ''}: ${new Date().toISOString()}; серверы на Node ${serverNodeVersion()}`,
  );
  await admin(`CREATE DATABASE ${dbName}`);
  const database = await openDatabase({ databaseUrl: dbUrl });
  const pglite = await openDatabase({ pgliteDir });
  try {
    await database.migrate();
    const pgData = await prepare(database.db, PORTED);
    log(
      `PostgreSQL: план ${pgData.ranges} диапазонов (DEF-9xx.csv), ${PORTED.toLocaleString('ru-RU')} перенесённых номеров за ${pgData.seconds.toFixed(0)} с`,
    );
    let liteCookie = '';
    if (!batchOnly) {
      await pglite.migrate();
      const liteData = await prepare(pglite.db, PORTED_PGLITE);
      log(`PGlite: ${PORTED_PGLITE.toLocaleString('ru-RU')} перенесённых номеров за ${liteData.seconds.toFixed(0)} с`);
      liteCookie = await benchCookie(pglite.db);
    }
    const pgCookie = await benchCookie(database.db);
    await pglite.close();

    // 1. The baseline. Its server stays up (idle while the others run) and is measured in turn with each
    // set-up, round after round: each ratio is to the hello world of the same round. On a shared two-core
    // machine the rate of one 5 s run moves by a third within minutes.
    const hello = await serve('hello');
    const body = JSON.stringify({ msisdn: '79161234567' });
    const helloLoad = (duration: number) =>
      autocannon({
        url: `http://127.0.0.1:${hello.port}/api/hello`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        connections: 50,
        pipelining: 1,
        duration,
      });
    await helloLoad(2);
    const helloRound = async (): Promise<Rate> => rateOf(await helloLoad(ROUND_SECONDS));

    // 2. Single lookups over HTTP, the whole site, each set-up in its own server process.
    const withRedis = !batchOnly && (await redisAnswers());
    const setups: { title: string; env: Record<string, string>; cookie: string; ported: number; target: string }[] = [
      ...(withRedis
        ? [
            {
              title: 'PostgreSQL, лимит в Redis',
              env: { REDIS_URL: redisUrl, REDIS_PREFIX: `perenos-bench-${process.pid}:` },
              cookie: pgCookie,
              ported: PORTED,
              target: '≥ 0,5 ×, p99 ≤ 5 мс',
            },
          ]
        : []),
      { title: 'PostgreSQL без Redis, лимит в PostgreSQL', env: {}, cookie: pgCookie, ported: PORTED, target: '—' },
      {
        title: 'PGlite (встроенная база), лимит в процессе',
        env: { DATABASE_URL: '', PGLITE_DIR: pgliteDir },
        cookie: liteCookie,
        ported: PORTED_PGLITE,
        target: '≥ 0,5 ×',
      },
    ];
    if (batchOnly) setups.splice(1);
    else if (!withRedis) log(`Redis по адресу ${redisUrl} не отвечает: замер с лимитом в Redis пропущен.`);
    let batchPort = 0;
    let batchChild: ChildProcess | null = null;
    /**
     * Rounds of hello world, anonymous and signed-in lookups in turn, each ratio against the hello world of
     * its round. The site is paused (SIGSTOP) while the hello world runs: an idle site still polls its
     * database and would slow the baseline.
     */
    const singleRounds = async (site: BenchProcess, setup: (typeof setups)[number]) => {
      const anonymous = singleLookups(site.port, setup.ported);
      const signedIn = singleLookups(site.port, setup.ported, { cookie: setup.cookie });
      // A fresh process compiles its hot paths during the first second or two: every server, the hello
      // world included, is measured warm, as a running node is.
      await anonymous(2);
      await signedIn(2);
      const rounds: { hello: Rate; anonymous: Rate; signedIn: Rate }[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        site.child.kill('SIGSTOP');
        const h = await helloRound().finally(() => site.child.kill('SIGCONT'));
        rounds.push({ hello: h, anonymous: await anonymous(ROUND_SECONDS), signedIn: await signedIn(ROUND_SECONDS) });
      }
      const helloRates = rounds.map((r) => r.hello.rate.toFixed(0)).join(' / ');
      log(
        `  hello world по раундам: ${helloRates} запросов/с, p99 ${rounds.map((r) => r.hello.p99).join(' / ')} мс; нагрузка ${load()}`,
      );
      for (const kind of ['anonymous', 'signedIn'] as const) {
        const ratios = rounds.map((r) => r[kind].rate / r.hello.rate);
        const p99s = rounds.map((r) => r[kind].p99);
        log(
          `  одиночная проверка, ${kind === 'anonymous' ? 'аноним' : 'со входом'}: ${median(rounds.map((r) => r[kind].rate)).toFixed(0)} запросов/с = ${median(ratios).toFixed(2)} × hello world (по раундам ${ratios.map((x) => x.toFixed(2)).join(' / ')}), p99 ${median(p99s)} мс (${p99s.join(' / ')}); цель ${setup.target}; не 2xx/404: ${rounds.reduce((n, r) => n + r[kind].non2xx, 0)}`,
        );
        const failed = rounds.reduce((n, r) => n + r[kind].failed, 0);
        expectWorkload(failed === 0, `${setup.title}, ${kind}: ${failed} ответов не 2xx/404 или ошибок`);
      }
    };
    if (batchOnly) {
      const h = await helloRound();
      log(
        `\nFastify hello world (POST, 50 соединений): ${h.rate.toFixed(0)} запросов/с, p99 ${h.p99} мс; нагрузка ${load()}`,
      );
    }
    for (const setup of setups) {
      const site = await serve('lookup', {
        ...UNLIMITED_QUOTA,
        BATCH_MAX_ROWS: String(BATCH_ROWS),
        BATCH_MAX_BYTES: String(200 * 1024 * 1024),
        BATCH_MAX_UNCOMPRESSED_BYTES: String(2 * 1024 * 1024 * 1024 - 1),
        BATCH_TIMEOUT_MS: '600000',
        ...setup.env,
      });
      log(
        `\n${setup.title}: сервер с индексом запущен за ${(site.startMs / 1000).toFixed(1)} с, RSS ${mb((await rss(site.port)).rss)}`,
      );
      if (!batchOnly) await singleRounds(site, setup);
      if (!batchChild && setup.env.DATABASE_URL !== '') {
        batchPort = site.port;
        batchChild = site.child;
      } else {
        await stop(site.child);
      }
    }
    await stop(hello.child);
    if (!batchChild) return;
    if (singleOnly) {
      await stop(batchChild);
      return;
    }

    // 3. Batch: 1 000 000 numbers as CSV and as XLSX, uploaded by a signed-in user (PostgreSQL).
    const numbers = largestOnly ? [] : Array.from({ length: BATCH_ROWS }, randomMobile);
    const csv = Buffer.from(`Номер\r\n${numbers.join('\r\n')}\r\n`);
    const xlsx = largestOnly ? csv : await xlsxOfNumbers(numbers);
    // The batch-only mode repeats each file: the first upload of a fresh process also pays for warm-up.
    for (let run = 0; run < (largestOnly ? 0 : batchOnly ? 2 : 1); run++) {
      const csvRun = await uploadBatch(batchPort, pgCookie, 'numbers.csv', csv, 'text/csv');
      log(
        `\nПакет CSV, ${BATCH_ROWS.toLocaleString('ru-RU')} номеров (${mb(csv.length)}): ${csvRun.seconds.toFixed(2)} с до последнего байта результата (${mb(csvRun.received)}; цель ≤ 2 с), CPU сервера ${csvRun.cpu.toFixed(2)} с, пиковый RSS сервера ${mb(csvRun.peak)}; нагрузка ${load()}`,
      );
      const xlsxRun = await uploadBatch(batchPort, pgCookie, 'numbers.xlsx', xlsx, 'application/octet-stream');
      log(
        `Пакет XLSX, ${BATCH_ROWS.toLocaleString('ru-RU')} строк (${mb(xlsx.length)}): ${xlsxRun.seconds.toFixed(2)} с до последнего байта результата (${mb(xlsxRun.received)}; цель ≤ 5 с), CPU сервера ${xlsxRun.cpu.toFixed(2)} с, пиковый RSS сервера ${mb(xlsxRun.peak)} (цель ≤ 800 МБ); нагрузка ${load()}`,
      );
    }
    await stop(batchChild);

    // 4. Issue 20: 8 parallel uploads of the largest XLSX the default limits accept, on nodes of their own
    // with the default batch limits: with the default BATCH_CONCURRENCY (the rest wait for Retry-After),
    // and with 8 slots (all eight at once: the memory bound of one batch, eight times).
    const largest = largeXlsx({ rows: 100_000, sheetBytes: 200 * 1024 * 1024 - 64 * 1024, number: randomMobile });
    log(
      `\n8 параллельных загрузок самого большого XLSX в пределах лимитов по умолчанию (${(largest.length / 1024 / 1024).toFixed(2)} МБ, 100 000 строк, лист ${mb(200 * 1024 * 1024 - 64 * 1024)} после распаковки):`,
    );
    for (const concurrency of [undefined, '8']) await parallelLargest(pgCookie, largest, concurrency);
    if (batchOnly) return;

    // 4. The index alone: 30 million numbers built from PostgreSQL in a fresh process.
    log(
      `\nДогрузка до ${PORTED_INDEX.toLocaleString('ru-RU')} номеров: ${(await fillPorted(database.db, PORTED + 1, PORTED_INDEX)).toFixed(0)} с`,
    );
    const build = await new Promise<string>((done, fail) => {
      const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', resolve(here, 'index-build.ts')], {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: dbUrl },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout?.on('data', (d: Buffer) => (out += d));
      child.on('exit', (code) => (code === 0 ? done(out) : fail(new Error(`index build exited ${code}`))));
    });
    const b = JSON.parse(build) as {
      numbers: number;
      seconds: number;
      arrayBytes: number;
      extraRss: number;
      extraHeapAndBuffers: number;
    };
    log(
      `Индекс: ${b.numbers.toLocaleString('ru-RU')} номеров за ${b.seconds.toFixed(1)} с (цель ≤ 60 с), массивы ${mb(b.arrayBytes)}, прирост кучи и буферов ${mb(b.extraHeapAndBuffers)}, прирост RSS ${mb(b.extraRss)} (цель ≤ 400 МБ)`,
    );
  } finally {
    await database.close();
    await pglite.close().catch(() => undefined);
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    rmSync(pgliteDir, { recursive: true, force: true });
  }
}

main().then(exitOnFailure, (err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
});
