/**
 * `npm run bench:tariffs`: GET /api/v1.4/tariff/list and /api/v2/tariff/list with typical filters
 * over a catalogue of 50 000 tariffs, autocannon with 50 connections, on PostgreSQL and on PGlite,
 * each printed as a ratio to a Fastify hello-world measured in the same run. The server runs in its
 * own process, as in production.
 *
 * Environment: BENCH_POSTGRES_URL (default postgresql://postgres@127.0.0.1:5432/test, a throw-away
 * database is created beside it), BENCH_DURATION seconds (default 10), BENCH_TARIFFS (default 50000),
 * BENCH_CPU_PROF (a folder: each server run writes its CPU profile there).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { seedReference } from '../src/db/seed/index';
import type { CatalogueTariff } from '../src/modules/tariffs/catalogue';
import { importCatalogue } from '../src/modules/tariffs/service';
import { benchCatalogue } from './catalogue';
import { exitOnFailure, expectAllSucceeded } from './workload';

interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
}
type Cannon = (opts: Record<string, unknown>) => Promise<CannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Cannon;

const root = resolve(fileURLToPath(new URL('../../../', import.meta.url)));
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const TARIFF_COUNT = Number(process.env.BENCH_TARIFFS ?? 50_000);
const CONNECTIONS = 50;
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

// "Typical filters": what the filter panel sends — region, price ceiling, allowance floors, operators, sorts.
const PATHS = [
  '/api/v1.4/tariff/list?RegionCode=77&Skip=0&Take=10&SortBy=price&SortDesc=false',
  '/api/v1.4/tariff/list?RegionCode=77&Skip=0&Take=10&SortBy=price&SortDesc=false&TrafficMin=20&PriceMax=1000',
  '/api/v1.4/tariff/list?RegionCode=78&Skip=10&Take=10&SortBy=traffic&SortDesc=true&MinutesMin=500',
  '/api/v1.4/tariff/list?RegionCode=50&Skip=0&Take=10&SortBy=price&SortDesc=false&OperatorId=1&OperatorId=2&OperatorId=3',
  '/api/v1.4/tariff/list?RegionCode=66&Skip=0&Take=10&SortBy=minutes&SortDesc=true&SmsUnlim=true',
  '/api/v1.4/tariff/list?RegionCode=16&Skip=20&Take=10&SortBy=name&SortDesc=false',
  '/api/v1.4/tariff/list?RegionCode=54&Skip=0&Take=10&SortBy=price&SortDesc=false&TrafficUnlim=true&PriceMax=1500',
  '/api/v1.4/tariff/list?RegionCode=23&Skip=0&Take=10&SortBy=price&SortDesc=false&BestByOperator=true',
];

// The v2 page (/tariffs/{region}): one kind at a time, with the Package.* and NonPackage.* filters it sends.
const PATHS_V2 = [
  '/api/v2/tariff/list?QueryType=Package&RegionSlug=moskva&Skip=0&Take=10&SortBy=price&SortDesc=false',
  '/api/v2/tariff/list?QueryType=Package&RegionSlug=moskva&Skip=0&Take=10&SortBy=price&SortDesc=false&Package.TrafficMin=20&PriceMax=1000',
  '/api/v2/tariff/list?QueryType=Package&RegionSlug=sankt-peterburg&Skip=10&Take=10&SortBy=minutes&SortDesc=true&Package.MinutesMin=500',
  '/api/v2/tariff/list?QueryType=NonPackage&RegionSlug=moskva&Skip=0&Take=10&SortBy=price&SortDesc=false&NonPackage.MinuteMaxPrice=2.5',
  '/api/v2/tariff/list?QueryType=NonPackage&RegionSlug=sverdlovskaya-oblast&Skip=0&Take=10&SortBy=price&SortDesc=false&NonPackage.SmsMaxPrice=3',
  '/api/v2/tariff/list?QueryType=Package&RegionSlug=krasnodarskiy-kray&Skip=0&Take=10&SortBy=price&SortDesc=false&BestByOperator=true',
  '/api/v2/tariff/list?QueryType=Package&RegionSlug=moskva&Skip=0&Take=10&SortBy=price&SortDesc=false&OperatorSlugs=mts&OperatorSlugs=beeline',
];

// Queries nobody asked before (a price ceiling of its own each time): every one misses the node's cache
// of answers and is searched and serialized afresh — the worst case beside the typical one above.
const FRESH_REGIONS = [77, 78, 50, 66, 16, 54, 23];
const freshPath = (n: number) =>
  `/api/v1.4/tariff/list?RegionCode=${FRESH_REGIONS[n % FRESH_REGIONS.length]}&Skip=0&Take=10&SortBy=price&SortDesc=false&PriceMax=${100_000 + n}`;

async function cannon(url: string, paths: string[] | ((n: number) => string)): Promise<CannonResult> {
  let n = 0;
  const next = typeof paths === 'function' ? () => paths(n++) : () => paths[n++ % paths.length];
  // A short warm-up fills the plan and page caches, as on a server that has been running.
  await autocannon({
    url,
    connections: CONNECTIONS,
    duration: 2,
    requests: [{ setupRequest: (r: object) => ({ ...r, path: next() }) }],
  });
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [{ setupRequest: (r: object) => ({ ...r, path: next() }) }],
  });
}

function startProcess(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`не запустился за 120 с:\n${log}`)), 120_000);
    const onData = (chunk: Buffer) => {
      log += chunk;
      const m = ready.exec(log);
      if (m?.[1]) {
        clearTimeout(timer);
        done({ url: m[1].replace('localhost', '127.0.0.1'), child });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => fail(new Error(`завершился с кодом ${code}:\n${log}`)));
  });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

const HELLO = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const address = await app.listen({ host: '127.0.0.1', port: 0 });
console.log('HELLO ' + address);
`;

async function helloWorld(): Promise<CannonResult> {
  const { url, child } = await startProcess(['--input-type=module', '-e', HELLO], {}, /HELLO (http:\/\/\S+)/);
  try {
    return await cannon(url, ['/']);
  } finally {
    await stop(child);
  }
}

async function load(handle: Awaited<ReturnType<typeof openDatabase>>, catalogue: CatalogueTariff[]) {
  await handle.migrate();
  await seedReference(handle.db);
  const started = Date.now();
  const result = await importCatalogue(handle.db, catalogue);
  await handle.db.execute(await import('drizzle-orm').then(({ sql }) => sql`analyze`));
  return { ...result, seconds: (Date.now() - started) / 1000 };
}

async function site(env: Record<string, string>): Promise<[CannonResult, CannonResult, CannonResult]> {
  const { url, child } = await startProcess(
    [
      // BENCH_CPU_PROF=dir: the server writes a CPU profile there at exit (open it in Chrome's DevTools).
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      '--import',
      'tsx',
      join(root, 'apps/server/src/server.ts'),
    ],
    { NODE_ENV: 'development', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'false', ...env },
    /Сайт работает: (http:\/\/\S+)/,
  );
  try {
    const probe = await fetch(url + PATHS[1]);
    const body = (await probe.json()) as { totalRows?: number };
    if (probe.status !== 200) throw new Error(`проба ответила ${probe.status}`);
    process.stdout.write(`  проба: ${PATHS[1]} → ${body.totalRows} тарифов\n`);
    for (const path of PATHS_V2) {
      const res = await fetch(url + path);
      if (res.status !== 200) throw new Error(`${path} ответил ${res.status}: ${await res.text()}`);
    }
    return [await cannon(url, PATHS), await cannon(url, PATHS_V2), await cannon(url, freshPath)];
  } finally {
    await stop(child);
  }
}

function line(name: string, r: CannonResult, hello: number) {
  const bad = r.non2xx + r.errors;
  const ratio = (r.requests.average / hello).toFixed(2);
  return `${name.padEnd(34)} ${Math.round(r.requests.average).toString().padStart(7)} зап/с = ${ratio} × hello   p50 ${r.latency.p50
    .toFixed(1)
    .padStart(5)} мс   p99 ${r.latency.p99.toFixed(1).padStart(6)} мс${bad ? `   ОШИБОК: ${bad}` : ''}`;
}

async function main() {
  const catalogue = benchCatalogue(TARIFF_COUNT);
  const regionRows = catalogue.reduce((n, t) => n + t.regions.length, 0);
  process.stdout.write(
    `Каталог: ${catalogue.length} тарифов, ${regionRows} цен по регионам; ${CONNECTIONS} соединений, ${DURATION} с\n`,
  );

  const results: [string, CannonResult][] = [];
  process.stdout.write('Fastify hello-world…\n');
  results.push(['Fastify hello-world', await helloWorld()]);

  // PostgreSQL: a throw-away database beside the given one.
  const dbName = `bench_tariffs_${process.pid}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  let pgAvailable = true;
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
  } catch (error) {
    pgAvailable = false;
    process.stdout.write(`PostgreSQL недоступен (${String(error)}): пропускаю.\n`);
  }
  if (pgAvailable) {
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${dbName}`;
    try {
      const handle = await openDatabase({ databaseUrl: url.toString() });
      const loaded = await load(handle, catalogue);
      await handle.close();
      process.stdout.write(`PostgreSQL: загружено за ${loaded.seconds.toFixed(1)} с\n`);
      const [v14, v2, fresh] = await site({ DATABASE_URL: url.toString() });
      results.push(
        ['GET /v1.4/tariff/list, PostgreSQL', v14],
        ['GET /v2/tariff/list, PostgreSQL', v2],
        ['  v1.4, every query new, PostgreSQL', fresh],
      );
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  }

  const dir = mkdtempSync(join(tmpdir(), 'bench-tariffs-'));
  try {
    const handle = await openDatabase({ pgliteDir: dir });
    const loaded = await load(handle, catalogue);
    await handle.close();
    process.stdout.write(`PGlite: загружено за ${loaded.seconds.toFixed(1)} с\n`);
    const [v14, v2, fresh] = await site({ PGLITE_DIR: dir, DATABASE_URL: '' });
    results.push(
      ['GET /v1.4/tariff/list, PGlite', v14],
      ['GET /v2/tariff/list, PGlite', v2],
      ['  v1.4, every query new, PGlite', fresh],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const hello = results[0]?.[1].requests.average ?? 1;
  process.stdout.write('\nРезультаты:\n');
  for (const [name, r] of results) {
    process.stdout.write(`${line(name, r, hello)}\n`);
    expectAllSucceeded(name, r);
  }
  process.stdout.write('Цель: список тарифов ≥ 0,3 × hello world на обеих базах (v1.4 и v2).\n');
}

await main();
exitOnFailure();
