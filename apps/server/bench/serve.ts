/**
 * The server side of the lookup benchmark, run as its own process so its speed and memory are its
 * own: `hello` is the bare Fastify baseline, `lookup` is the whole site over the benchmark database.
 * Prints `READY <port>` when listening.
 */
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import Fastify from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { openDatabase } from '../src/db/client';

const mode = process.env.BENCH_MODE ?? 'hello';
// An orderly exit on the benchmark's SIGTERM, so `--cpu-prof` (BENCH_CPU_PROF) can write its profile.
process.once('SIGTERM', () => process.exit(0));

async function main() {
  if (mode === 'hello') {
    const app = Fastify({ logger: false });
    app.post('/api/hello', async () => ({ hello: 'world' }));
    app.get('/bench/rss', async () => ({ rss: process.memoryUsage.rss() }));
    app.get('/bench/cpu', async () => process.cpuUsage());
    const address = await app.listen({ host: '127.0.0.1', port: Number(process.env.BENCH_PORT ?? 0) });
    process.stdout.write(`READY ${new URL(address).port}\n`);
    return;
  }
  const config = loadConfig(
    {
      ...process.env,
      NODE_ENV: 'development',
      SESSION_SECRET: 'benchmark-only-secret-0123456789abcdef',
      SEED_DEMO: 'false',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    },
    { webDist: '/nonexistent' },
  );
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  const app = await buildApp({ config, database, ownsDatabase: true });
  // Peak RSS is sampled only between a reset and the next read (the batch uploads): reading it 50 times a
  // second costs the single lookups a measurable share of their CPU.
  let peak = 0;
  let sampler: NodeJS.Timeout | null = null;
  app.get('/bench/rss', async () => {
    if (sampler) clearInterval(sampler);
    sampler = null;
    return { rss: process.memoryUsage.rss(), peak };
  });
  app.get('/bench/cpu', async () => process.cpuUsage());
  // The event loop's delay between a reset and the next read (what /api/health waits for, without the network).
  const loop = monitorEventLoopDelay({ resolution: 5 });
  // Garbage collection pauses over the same time: how much of the loop's delay they are.
  const gc = { count: 0, major: 0, max: 0, total: 0 };
  const gcObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count++;
      // NODE_PERFORMANCE_GC_MAJOR: a mark-compact of the whole heap.
      const { kind } = ((entry as { detail?: { kind?: number } }).detail ?? {}) as { kind?: number };
      if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) gc.major++;
      gc.max = Math.max(gc.max, entry.duration);
      gc.total += entry.duration;
    }
  });
  app.get('/bench/loop', async () => {
    const delay = { max: loop.max / 1e6, p99: loop.percentile(99) / 1e6, gc: { ...gc } };
    loop.disable();
    gcObserver.disconnect();
    return delay;
  });
  app.post('/bench/rss/reset', async () => {
    loop.reset();
    loop.enable();
    Object.assign(gc, { count: 0, major: 0, max: 0, total: 0 });
    gcObserver.observe({ entryTypes: ['gc'] });
    peak = process.memoryUsage.rss();
    sampler ??= setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 20);
    return { peak };
  });
  const address = await app.listen({ host: '127.0.0.1', port: Number(process.env.BENCH_PORT ?? 0) });
  // Measure the warm node: wait until its index of ported numbers is built.
  for (;;) {
    const info = (await app.inject({ method: 'GET', url: '/api/v1.1/msisdn/info/plan' })).json() as {
      indexReady: boolean;
    };
    if (info.indexReady) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  process.stdout.write(`READY ${new URL(address).port}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
