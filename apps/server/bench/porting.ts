/**
 * `npm run bench:porting`: the porting figures of issue 8 on PostgreSQL, beside this machine's
 * Fastify hello world measured in the same run.
 * 1. The submit call (step 3) at 50 connections: 10 000 prepared orders submitted once each.
 * 2. The engine: two server processes (the whole site, the central-database stand-in mounted,
 *    PORTING_TIME_SCALE=1000000) drive the 10 000 portations to Done; seconds, jobs/s, and a check
 *    that no step ran twice (one «registered» and one «ported» event per portation); then where the
 *    seconds went: the processes' start, the steps' rate, and their CPU a portation (Linux /proc).
 * Notifications are off here (no gateways): their delivery is a queue of its own.
 * Needs a PostgreSQL server (BENCH_POSTGRES_URL, default postgresql://postgres@127.0.0.1:5432/postgres);
 * it creates and drops its own database. `-- --count N` changes the 10 000; BENCH_CPU_PROF=dir writes each
 * server process's CPU profile there.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { seedDemo, seedReference } from '../src/db/seed/index';
import { deriveKey } from '../src/lib/seal';
import { upsertUser } from '../src/modules/esia/repository';
import { sealPassport } from '../src/modules/esia/service';
import { CONTRACT_VERSION } from '../src/modules/porting/contract-terms';
import { deriveAccessKey, startSession } from '../src/modules/session/tokens';
import { BENCH_SECRET, type BenchProcess, startProcess, stopProcess as stop } from './processes';
import { exitOnFailure, expectAllSucceeded, expectWorkload } from './workload';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  '2xx': number;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const here = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = resolve(here, '../../..');
const countArg = process.argv.indexOf('--count');
const COUNT = countArg > 0 ? Number(process.argv[countArg + 1]) : 10_000;
const SECRET = BENCH_SECRET;
const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const dbName = `perenos_bench_porting_${process.pid}`;
const dbUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

/** CPU seconds a process has used (Linux /proc; null elsewhere). */
function cpuSeconds(pid: number | undefined): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

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

/** The Fastify hello world (bench/serve.ts), or the whole site as `npm start` runs it, in its own process. */
function start(kind: 'hello' | 'site', env: Record<string, string> = {}): Promise<BenchProcess> {
  const script = kind === 'hello' ? resolve(here, 'serve.ts') : resolve(repoRoot, 'apps/server/src/server.ts');
  return startProcess(script, repoRoot, {
    BENCH_MODE: 'hello',
    DATABASE_URL: dbUrl,
    PORT: '0',
    SESSION_SECRET: SECRET,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
    OUTBOX_STANDIN: 'false',
    ...env,
  });
}

async function main() {
  log(
    `Перенос номера: ${COUNT} заявлений, PostgreSQL, нагрузка машины ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  await admin(`CREATE DATABASE ${dbName}`);
  const handle = await openDatabase({ databaseUrl: dbUrl });
  const children: ChildProcess[] = [];
  try {
    await migrateDatabase(handle);
    await seedReference(handle.db);
    await seedDemo(handle, { sessionSecret: SECRET });
    const db = handle.db;
    const rows = (q: unknown) => (q as { rows: Record<string, unknown>[] }).rows;

    // A subscriber with a passport who confirmed every number by code, and COUNT orders ready for step 3:
    // МТС numbers of Moscow that the registry has never seen, going to МегаФон on the earliest day.
    const seal = deriveKey(SECRET, 'personal data seal v1');
    const user = await upsertUser(
      db,
      '3000000001',
      'Бенчмарк Тест Тестович',
      {
        lastName: 'Бенчмарк',
        firstName: 'Тест',
        middleName: 'Тестович',
        birthDate: '1990-01-01',
        passportMasked: '12 34 ****78',
        mobiles: [],
        email: null,
        emailVerified: false,
      },
      sealPassport(seal, [{ type: 'RF_PASSPORT', series: '1234', number: '567878', verified: true }]),
      new Date(),
    );
    const ids = rows(
      await db.execute(sql`
        with ops as (
          select (select id from operators where slug = 'mts') as mts, (select id from operators where slug = 'megafon') as megafon
        ), tariff as (
          select tr.tariff_id, t.name from tariff_regions tr join tariffs t on t.id = tr.tariff_id, ops
          where tr.region_code = 77 and tr.operator_id = ops.megafon and not tr.is_archived order by tr.price limit 1
        ), numbers as (
          select (79857000000 + n)::text as msisdn from generate_series(0, ${COUNT * 2}) n
          where (79857000000 + n) not in (select msisdn from ported_numbers)
          limit ${COUNT}
        )
        insert into portation_orders (user_id, msisdn, status, from_operator_id, to_operator_id, region_code,
          tariff_id, tariff_name, portation_date, msisdn_confirmed_at)
        select ${user.id}, numbers.msisdn, 'Initialized', ops.mts, ops.megafon, 77, tariff.tariff_id, tariff.name,
          (now() at time zone 'Europe/Moscow')::date + 8, now()
        from numbers, ops, tariff
        returning id`),
    ).map((r) => Number(r.id));
    await db.execute(sql`insert into portation_events (order_id, occurred_at, status, kind, description)
      select id, now(), 'Initialized', 'created', 'Заявление создано' from portation_orders where user_id = ${user.id}`);
    const tokens = await startSession(
      db,
      deriveAccessKey(SECRET),
      {
        userId: user.id,
        oid: '3000000001',
        name: user.name,
      },
      new Date(),
    );
    const cookie = `perenos-at=${tokens.accessToken}; perenos-rt=${tokens.refreshToken}`;

    // 1. Hello world and the submit call, each in a process of its own (engine workers off).
    const hello = await start('hello');
    const base = await autocannon({
      url: `http://127.0.0.1:${hello.port}/api/hello`,
      method: 'POST',
      connections: 50,
      duration: 10,
    });
    await stop(hello.child);
    const helloRate = base.requests.average;
    log(`Fastify hello world, POST, 50 соединений: ${helloRate.toFixed(0)} запросов/с, p99 ${base.latency.p99} мс`);

    const site = await start('site', { JOB_WORKERS: 'false' });
    let next = 0;
    const started = performance.now();
    const submit = await autocannon({
      url: `http://127.0.0.1:${site.port}`,
      connections: 50,
      amount: ids.length,
      requests: [
        {
          method: 'PUT',
          headers: { cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
          // What step 3 asks for: consent, the SIM (an eSIM needs no office or address) and the terms read.
          body: JSON.stringify({ consent: true, sim: { kind: 'esim' }, contractVersion: CONTRACT_VERSION }),
          setupRequest: (req: Record<string, unknown>) => ({
            ...req,
            path: `/api/v1/order/portation/${ids[next++ % ids.length]}/submit`,
          }),
        },
      ],
    });
    const submitSeconds = (performance.now() - started) / 1000;
    expectAllSucceeded('отправка заявления', submit);
    expectWorkload(submit['2xx'] === ids.length, `отправлено ${submit['2xx']} заявлений из ${ids.length}`);
    await stop(site.child);
    log(
      `Отправка заявления (PUT …/submit), 50 соединений: ${(submit['2xx'] / submitSeconds).toFixed(0)} запросов/с = ${(submit['2xx'] / submitSeconds / helloRate).toFixed(2)} × hello world, p50 ${submit.latency.p50} мс, p99 ${submit.latency.p99} мс; 2xx ${submit['2xx']}, прочих ${submit.non2xx}, ошибок ${submit.errors}`,
    );

    // 2. Two engine processes drive the submitted portations to Done.
    const pending = Number(
      rows(
        await db.execute(
          sql`select count(*) as n from portations where user_id = ${user.id} and status = 'PendingBDPN'`,
        ),
      )[0]?.n,
    );
    const engineStart = performance.now();
    const engines = await Promise.all(
      [1, 2].map(() => start('site', { JOB_WORKERS: 'true', PORTING_TIME_SCALE: '1000000' })),
    );
    children.push(...engines.map((e) => e.child));
    const startedIn = (performance.now() - engineStart) / 1000;
    let done = 0;
    let firstDone: number | null = null;
    const engineCpu = () => engines.reduce((sum, e) => sum + (cpuSeconds(e.child.pid) ?? Number.NaN), 0);
    let cpuAtFirst = Number.NaN;
    let doneAtFirst = 0;
    for (;;) {
      done = Number(
        rows(
          await db.execute(
            sql`select count(*) as n from portations where user_id = ${user.id} and status <> 'PendingBDPN'`,
          ),
        )[0]?.n,
      );
      if (done > 0 && firstDone === null) {
        firstDone = (performance.now() - engineStart) / 1000;
        cpuAtFirst = engineCpu();
        doneAtFirst = done;
      }
      if (done >= pending || performance.now() - engineStart > 600_000) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const seconds = (performance.now() - engineStart) / 1000;
    const stepCpuMs = ((engineCpu() - cpuAtFirst) * 1000) / Math.max(1, done - doneAtFirst);
    const jobs = Number(
      rows(
        await db.execute(sql`select (select count(*) from pgboss.job where name = 'porting.advance' and state = 'completed')
          + (select count(*) from pgboss.archive where name = 'porting.advance' and state = 'completed') as n`),
      )[0]?.n,
    );
    const twice = rows(
      await db.execute(sql`select count(*) as n from (select portation_id, kind from portation_events
        where kind in ('registered', 'accepted', 'scheduled', 'ported') group by 1, 2 having count(*) > 1) d`),
    )[0]?.n;
    const outcome = rows(
      await db.execute(
        sql`select status, count(*) as n from portations where user_id = ${user.id} group by 1 order by 1`,
      ),
    );
    for (const e of engines) await stop(e.child);
    expectWorkload(pending === ids.length, `к движку пришло ${pending} переносов из ${ids.length}`);
    expectWorkload(done >= pending, `движок довёл до конца ${done} переносов из ${pending} за 600 с`);
    expectWorkload(Number(twice) === 0, `шагов, выполненных дважды: ${twice}`);
    const notDone = outcome.filter((r) => r.status !== 'Done');
    expectWorkload(notDone.length === 0, `не завершены: ${notDone.map((r) => `${r.status} ${r.n}`).join(', ')}`);
    log(
      `Движок: ${pending} переносов до конца за ${seconds.toFixed(1)} с (цель ≤ 60 с, с запуском двух процессов), ${(jobs / seconds).toFixed(0)} заданий/с (${jobs} заданий); шагов, выполненных дважды: ${twice}`,
    );
    // Where those seconds went: the processes' start (both listening), the first step's end, the steps.
    const stepping = seconds - (firstDone ?? seconds);
    log(
      `  из них запуск процессов ${startedIn.toFixed(1)} с, первый перенос завершён на ${(firstDone ?? 0).toFixed(1)} с, далее ${stepping.toFixed(1)} с: ${stepping > 0 ? (pending / stepping).toFixed(0) : '—'} переносов/с, ${Number.isNaN(stepCpuMs) ? '—' : stepCpuMs.toFixed(1)} мс процессора двух процессов на перенос`,
    );
    log(
      `Итог: ${outcome.map((r) => `${r.status} ${r.n}`).join(', ')}; нагрузка ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    for (const c of children) await stop(c).catch(() => undefined);
    await handle.close();
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  }
}

main().then(exitOnFailure, (err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
