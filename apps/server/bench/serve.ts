/**
 * The server side of the lookup benchmark, run as its own process so its speed and memory are its
 * own: `hello` is the bare Fastify baseline, `lookup` is the whole site over the benchmark database.
 * Prints `READY <port>` when listening.
 */
import Fastify from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { openDatabase } from '../src/db/client';

const mode = process.env.BENCH_MODE ?? 'hello';
// A normal exit on SIGTERM, so a CPU profile (BENCH_CPU_PROF in lookup.ts) is written.
process.once('SIGTERM', () => process.exit(0));

async function main() {
  if (mode === 'hello') {
    const app = Fastify({ logger: false });
    app.post('/api/hello', async () => ({ hello: 'world' }));
    app.get('/bench/rss', async () => ({ rss: process.memoryUsage.rss() }));
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
      LOG_LEVEL: 'warn',
    },
    { webDist: '/nonexistent' },
  );
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  const app = await buildApp({ config, database, ownsDatabase: true });
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  sampler.unref();
  // CPU seconds of this process (user + system, all threads: zlib runs on the libuv pool).
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  };
  app.get('/bench/rss', async () => ({ rss: process.memoryUsage.rss(), peak, cpu: cpu() }));
  app.post('/bench/rss/reset', async () => {
    peak = process.memoryUsage.rss();
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
