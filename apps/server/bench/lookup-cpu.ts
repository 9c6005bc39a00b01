/**
 * `npx tsx apps/server/bench/lookup-cpu.ts [pglite|redis|hello]... [--runs=3] [--seconds=4]`: the
 * server's CPU per single lookup, the figure to watch when cutting per-request work (req/s on a
 * shared two-core machine moves with whatever else runs; CPU per request much less). Each set-up runs
 * in its own bench/serve.ts process: a 2 s warm-up, then `runs` runs of `seconds` at 50 connections, each
 * reporting the server's user + system CPU µs per answered request and its req/s. The
 * databases (100 000 ported numbers) are kept between invocations in $TMPDIR/perenos-lookup-cpu and
 * the PostgreSQL database perenos_lookup_cpu; `--fresh` rebuilds them. LOG_LEVEL (default warn, as in
 * bench:lookup) is passed to the server; its log lines are read and dropped.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/client';
import { seedReference } from '../src/db/seed/index';
import { importNumberingPlan } from '../src/modules/lookup/registry/plan-import';
import { analyzePorted } from '../src/modules/lookup/repository';
import { type BenchProcess, benchCookie, randomMobile, startProcess, stopProcess as stop } from './processes';

type Autocannon = (opts: Record<string, unknown>) => Promise<{ requests: { total: number }; non2xx: number }>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const here = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = resolve(here, '../../..');
const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const RUNS = arg('runs', 3);
const SECONDS = arg('seconds', 4);
const PORTED = 100_000;
const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const dbName = 'perenos_lookup_cpu';
const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
const pgliteDir = resolve(tmpdir(), 'perenos-lookup-cpu');

async function admin(statement: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await c.query(statement);
  } finally {
    await c.end();
  }
}

async function prepare(db: Database): Promise<void> {
  await seedReference(db);
  await importNumberingPlan(db, readFileSync(resolve(repoRoot, 'data/numbering-plan/DEF-9xx.csv')), {
    source: 'DEF-9xx.csv',
  });
  await db.execute(sql`
    with ops as (select array_agg(id order by slug) as ids from operators
                 where slug in ('mts', 'megafon', 'beeline', 't2', 'yota'))
    insert into ported_numbers (msisdn, operator_id, region_code, ported_on, change_seq)
    select 79000000000 + g * 33, ops.ids[1 + (g % 5)::int], 77, date '2016-01-01' + (g % 3650)::int, g
    from ops, generate_series(1::bigint, ${PORTED}::bigint) g`);
  await db.execute(sql`select setval('ported_change_seq', ${PORTED})`);
  // As the registry import does after its bulk write.
  await analyzePorted(db);
}

async function databases(): Promise<{ pg: string; pglite: string }> {
  const exists = (await admin(`select 1 from pg_database where datname = '${dbName}'`)).rowCount === 1;
  const fresh = process.argv.includes('--fresh') || !exists || !existsSync(pgliteDir);
  if (fresh) {
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${dbName}`);
    rmSync(pgliteDir, { recursive: true, force: true });
  }
  const cookies = { pg: '', pglite: '' };
  for (const kind of ['pg', 'pglite'] as const) {
    const handle = await openDatabase(kind === 'pg' ? { databaseUrl: dbUrl } : { pgliteDir });
    if (fresh) {
      await handle.migrate();
      await prepare(handle.db);
    }
    cookies[kind] = await benchCookie(handle.db);
    await handle.close();
  }
  return cookies;
}

function serve(mode: 'hello' | 'lookup', env: Record<string, string>): Promise<BenchProcess> {
  return startProcess(resolve(here, 'serve.ts'), repoRoot, {
    BENCH_MODE: mode,
    BENCH_PORT: '0',
    LOOKUP_QUOTA_ANONYMOUS: '1000000000',
    LOOKUP_QUOTA_SIGNED_IN: '1000000000',
    ...env,
  });
}

async function cpuMicros(port: number): Promise<number> {
  const u = (await (await fetch(`http://127.0.0.1:${port}/bench/cpu`)).json()) as { user: number; system: number };
  return u.user + u.system;
}

async function measure(title: string, port: number, path: string, headers: Record<string, string>) {
  const bodies = Array.from({ length: 1000 }, (_, i) =>
    JSON.stringify({
      msisdn: i % 2 ? randomMobile() : String(79000000000 + (1 + Math.floor(Math.random() * PORTED)) * 33),
    }),
  );
  let next = 0;
  const load = (opts: Record<string, unknown>) =>
    autocannon({
      url: `http://127.0.0.1:${port}${path}`,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', ...headers },
      connections: 50,
      pipelining: 1,
      requests: [
        { setupRequest: (req: Record<string, unknown>) => ({ ...req, body: bodies[next++ % bodies.length] }) },
      ],
      ...opts,
    });
  await load({ duration: 2 });
  const figures: string[] = [];
  for (let i = 0; i < RUNS; i++) {
    const before = await cpuMicros(port);
    const run = await load({ duration: SECONDS });
    const used = (await cpuMicros(port)) - before;
    const done = run.requests.total;
    figures.push(`${(used / done).toFixed(1)} µs (${(done / SECONDS).toFixed(0)}/s)`);
  }
  process.stdout.write(`${title}: ${figures.join(', ')}; load ${loadavg()[0]?.toFixed(2)}\n`);
}

async function main() {
  const which = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const setups = which.length > 0 ? which : ['hello', 'redis', 'pglite'];
  const cookies = await databases();
  const logLevel = process.env.LOG_LEVEL ?? 'warn';
  for (const setup of setups) {
    if (setup === 'hello') {
      const hello = await serve('hello', {});
      await measure('hello world', hello.port, '/api/hello', {});
      await stop(hello.child);
      continue;
    }
    const env: Record<string, string> =
      setup === 'redis'
        ? { DATABASE_URL: dbUrl, REDIS_URL: redisUrl, REDIS_PREFIX: `perenos-lookup-cpu-${process.pid}:` }
        : { DATABASE_URL: '', PGLITE_DIR: pgliteDir };
    const site = await serve('lookup', { ...env, BENCH_LOG_LEVEL: logLevel });
    const path = '/api/v1.1/msisdn/info/single';
    await measure(`${setup} anonymous`, site.port, path, {});
    await measure(`${setup} signed in`, site.port, path, { cookie: setup === 'redis' ? cookies.pg : cookies.pglite });
    await stop(site.child);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
});
