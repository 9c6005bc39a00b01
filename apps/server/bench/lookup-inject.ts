/**
 * `npx tsx apps/server/bench/lookup-inject.ts [pglite|redis] [--runs=7] [--requests=20000]`: the app's own
 * CPU per single lookup, through `app.inject` in one process: no socket, no load generator competing for
 * the cores, so A/B comparisons of per-request work (hooks, logging, serialization) are steadier than
 * over HTTP, where a server that is not saturated pays more per request (fewer requests per event-loop
 * turn). Uses the databases bench/lookup-cpu.ts prepares (run it once first). Prints each run's µs per
 * request, the median and the minimum; LOG_LEVEL defaults to warn, as in bench:lookup.
 */
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { openDatabase } from '../src/db/client';

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const RUNS = arg('runs', 7);
const REQUESTS = arg('requests', 20_000);
const CONCURRENCY = 50;
const setup = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'pglite';
const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const dbUrl = Object.assign(new URL(adminUrl), { pathname: '/perenos_lookup_cpu' }).toString();

async function main() {
  const config = loadConfig(
    {
      ...process.env,
      NODE_ENV: 'development',
      SESSION_SECRET: 'benchmark-only-secret-0123456789abcdef',
      SEED_DEMO: 'false',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      LOOKUP_QUOTA_ANONYMOUS: '1000000000',
      ...(setup === 'redis'
        ? { DATABASE_URL: dbUrl, REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379' }
        : { DATABASE_URL: '', PGLITE_DIR: resolve(tmpdir(), 'perenos-lookup-cpu') }),
      REDIS_PREFIX: `perenos-lookup-inject-${process.pid}:`,
    },
    { webDist: '/nonexistent' },
  );
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  const app = await buildApp({ config, database, ownsDatabase: true });
  await app.ready();
  while (!app.lookup.isReady) await new Promise((r) => setTimeout(r, 100));
  const bodies = Array.from({ length: 1000 }, (_, i) =>
    JSON.stringify({
      msisdn: i % 2 ? `79${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}` : String(79000000000 + i * 33),
    }),
  );
  let next = 0;
  const one = () =>
    app.inject({
      method: 'POST',
      url: '/api/v1.1/msisdn/info/single',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      payload: bodies[next++ % bodies.length],
    });
  const run = async (count: number) => {
    let left = count;
    const worker = async () => {
      while (left-- > 0) {
        const res = await one();
        if (res.statusCode !== 200 && res.statusCode !== 404) throw new Error(`answered ${res.statusCode}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  };
  await run(REQUESTS); // warm-up
  const figures: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const before = process.cpuUsage();
    await run(REQUESTS);
    const used = process.cpuUsage(before);
    figures.push((used.user + used.system) / REQUESTS);
  }
  const sorted = [...figures].sort((a, b) => a - b);
  process.stdout.write(
    `${setup} inject: ${figures.map((f) => f.toFixed(1)).join(', ')} µs; median ${sorted[Math.floor(RUNS / 2)]?.toFixed(1)}, min ${sorted[0]?.toFixed(1)}\n`,
  );
  await app.close();
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
});
