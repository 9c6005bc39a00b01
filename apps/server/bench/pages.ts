/**
 * `npm run bench:pages [-- --quick] [-- --fresh]`: the site's pages under load (issue 21), on PGlite and on PostgreSQL
 * with Redis (skipped, loudly, when either does not answer), each beside a Fastify hello world answering a
 * small HTML page measured in the same rounds: per round the hello world, then every page, 20 connections,
 * each page's ratio against its round's hello world; the median of the rounds is printed with each
 * round's. Beside it, the same hello world answering as many bytes as the page's brotli form
 * (incompressible): on loopback a kept page's rate is mostly its bytes', and this says how much of the
 * difference is the site's own. Anonymous pages come from each node's page cache after their first
 * view; the signed-in ones (issue 38) are seven demo citizens' own, 21 connections going round the seven
 * (each connection asks for each citizen's page in turn), kept for each person (decision 149). Then every page drawn afresh (PAGE_CACHE_MB=0):
 * requests a second at 20 connections, and the server's CPU per page: its user + system time over 100
 * views one at a time, and over the 20-connection run by the pages it drew (as traffic arrives), with
 * the median of the pages. `--fresh` measures only the pages drawn afresh. Before the rounds, the PDF row
 * (bench/documents.ts): ten application PDFs of distinct orders at once, drawn then kept, with
 * `/api/health`'s p99 meanwhile, beside a hello world measured just before it. `--signed-in` measures only
 * the signed-in pages, `--documents` only the PDF row.
 *
 * The site runs as `npm start` runs it (demo data, built web app: run `npm run build` first), in its own
 * process. Environment: BENCH_POSTGRES_URL (default postgresql://postgres@127.0.0.1:5432/test; a database
 * of its own is made beside it and dropped), BENCH_REDIS_URL (default redis://127.0.0.1:6379).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { userNumbersOf } from '../src/modules/account/repository';
import { deriveAccessKey, startSession } from '../src/modules/session/tokens';
import { users } from '../src/modules/users/tables';
import { DOCUMENT_HEADER, type DocumentRow, documentLine, documentOrders, measureDocuments } from './documents';
import { BENCH_SECRET } from './processes';
import { exitOnFailure, expectAllSucceeded, expectWorkload } from './workload';

interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  statusCodeStats?: Record<string, { count: number }>;
}
type Cannon = (opts: Record<string, unknown>) => Promise<CannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Cannon;

const root = resolve(fileURLToPath(new URL('../../../', import.meta.url)));
const quick = process.argv.includes('--quick');
/** Only the pages drawn afresh (the second table): the quick loop while working on rendering. */
const freshOnly = process.argv.includes('--fresh');
/** Only the signed-in pages (issue 38), both tables, no PDF row: the quick loop while working on them. */
const signedInOnly = process.argv.includes('--signed-in');
/** Only the PDF row, on both engines: the quick loop while working on the documents. */
const documentsOnly = process.argv.includes('--documents');
const ROUNDS = quick ? 2 : 3;
const SECONDS = quick ? 3 : 5;
const CONNECTIONS = 20;
/** Signed-in pages: seven citizens, three connections each (issue 38). */
const SIGNED_IN_CONNECTIONS = 21;
/** The demo citizens (the ESIA stand-in's); the first seven with a number in their account are measured. */
const CITIZEN_OIDS = Array.from({ length: 9 }, (_, i) => String(1000000001 + i));
const CITIZENS = 7;
const CPU_VIEWS = 100;
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CLOCK_TICKS = 100;

const ANONYMOUS = [
  '/',
  '/check',
  '/tariffs/moskva',
  '/tariffs/moskva?kind=Package&priceMax=800&traffic=20&sort=price',
  '/faq',
  '/about',
  '/operators',
  '/operator/mts',
  '/news',
  '/story/kak-vybrat-datu-perenosa',
  '/coverage',
];
/** A signed-in person as the bench signs them in: their cookie, one of their numbers and a word of their name. */
interface Citizen {
  cookie: string;
  msisdn: string;
  surname: string;
}
/** A page for each citizen: `/account`, or a number's portings. */
type SignedInPage = { label: string; path: (c: Citizen) => string };
const SIGNED_IN: SignedInPage[] = [
  { label: '/account', path: () => '/account' },
  { label: '/account/{msisdn}/portations', path: (c) => `/account/${c.msisdn}/portations` },
];

const HELLO = `
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
const page = '<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>Привет</title></head><body><h1>Привет, мир</h1><p>' + 'Небольшая страница. '.repeat(20) + '</p></body></html>';
const app = Fastify({ logger: false });
app.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').send(page));
// The same answer as many bytes as a page's (incompressible, sent as brotli): what the bytes alone cost.
const bodies = new Map();
app.get('/bytes/:n', async (request, reply) => {
  const n = Math.min(Number(request.params.n) || 0, 1 << 20);
  if (!bodies.has(n)) bodies.set(n, randomBytes(n));
  return reply.type('text/html; charset=utf-8').header('content-encoding', 'br').send(bodies.get(n));
});
const address = await app.listen({ host: '127.0.0.1', port: 0 });
console.log('HELLO ' + address);
`;

const machineLoad = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

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
    const timer = setTimeout(() => fail(new Error(`не запустился за 300 с:\n${log}`)), 300_000);
    const onData = (chunk: Buffer) => {
      if (log === undefined) return;
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

function site(env: Record<string, string>) {
  return startProcess(
    ['--import', 'tsx', join(root, 'apps/server/src/server.ts')],
    {
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      SESSION_SECRET: BENCH_SECRET,
      JOB_WORKERS: 'false',
      // Every view comes from this one address: the per-client bound of pages drawn would measure itself.
      PAGE_DRAWS_PER_MINUTE: '0',
      ...env,
    },
    /Сайт работает: (http:\/\/\S+)/,
  );
}

async function cannon(url: string, path: string, cookie?: string, seconds = SECONDS): Promise<CannonResult> {
  const headers = { 'accept-encoding': 'br, gzip', ...(cookie ? { cookie } : {}) };
  const result = await autocannon({ url: url + path, connections: CONNECTIONS, duration: seconds, headers });
  expectAllSucceeded(`${path}${cookie ? ' (со входом)' : ''}`, result);
  return result;
}

/** A signed-in page of every citizen, SIGNED_IN_CONNECTIONS connections each asking for each citizen's in turn. */
async function cannonSignedIn(url: string, page: SignedInPage, citizens: Citizen[], seconds = SECONDS) {
  const requests = citizens.map((c) => ({
    method: 'GET',
    path: page.path(c),
    headers: { 'accept-encoding': 'br, gzip', cookie: c.cookie },
  }));
  const result = await autocannon({ url, connections: SIGNED_IN_CONNECTIONS, duration: seconds, requests });
  expectAllSucceeded(`${page.label} (со входом, ${citizens.length} чел.)`, result);
  return result;
}

/** The server's CPU seconds so far (user + system), from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2
    ? (s[(s.length - 1) / 2] as number)
    : ((s[s.length / 2 - 1] as number) + (s[s.length / 2] as number)) / 2;
};

/**
 * Sessions for the seven demo citizens, signed with the benchmark's secret, each with one of their numbers
 * (as their account lists it: a number of their profile, else of an application of theirs).
 */
async function citizenCookies(open: () => ReturnType<typeof openDatabase>): Promise<Citizen[]> {
  const handle = await open();
  try {
    const citizens: Citizen[] = [];
    for (const oid of CITIZEN_OIDS) {
      if (citizens.length === CITIZENS) break;
      const [user] = await handle.db.select().from(users).where(eq(users.oid, oid));
      if (!user) throw new Error(`нет демо-гражданина ${oid}: демо-данные не загружены`);
      const numbers = await userNumbersOf(handle.db, user.id, new Date());
      const msisdn = numbers[0]?.msisdn;
      if (!msisdn) continue;
      const tokens = await startSession(
        handle.db,
        deriveAccessKey(BENCH_SECRET),
        { userId: user.id, oid: user.oid, name: user.name },
        new Date(),
      );
      citizens.push({ cookie: `perenos-at=${tokens.accessToken}`, msisdn, surname: user.name.split(' ')[0] ?? '' });
    }
    if (citizens.length < CITIZENS) throw new Error(`в демо-данных меньше ${CITIZENS} граждан с номером`);
    return citizens;
  } finally {
    await handle.close();
  }
}

interface Row {
  engine: string;
  page: string;
  rates: number[];
  p99s: number[];
  hellos: number[];
  /** The hello world answering as many bytes as the page (brotli): the page's own cost beside its bytes'. */
  sameSize: number[];
  bytes: number;
  bad: number;
}

/** A page measured: an anonymous address, or a signed-in page of every citizen. */
type Measured = { label: string; anonymous: string } | { label: string; signedIn: SignedInPage };

async function measureEngine(
  engine: string,
  env: Record<string, string>,
  open: () => ReturnType<typeof openDatabase>,
): Promise<{
  engine: string;
  rows: Row[];
  fresh: { page: string; rate: number; p99: number; cpuMs: number; cpuLoadedMs: number }[];
  documents?: { row: DocumentRow; hello: number };
}> {
  // The first start migrates and loads the demo data; the citizens' sessions are made between the starts
  // (PGlite is one process's database).
  process.stdout.write(`${engine}: загрузка демо-данных…\n`);
  const first = await site({ ...env, SEED_DEMO: 'true' });
  await stop(first.child);
  const citizens = await citizenCookies(open);
  const orders = freshOnly || signedInOnly ? [] : await documentOrders(open);
  const pages: Measured[] = [
    ...(signedInOnly || documentsOnly ? [] : ANONYMOUS.map((p) => ({ label: p, anonymous: p }))),
    ...(documentsOnly ? [] : SIGNED_IN).map((p) => ({
      label: `${p.label} (со входом, ${citizens.length} чел.)`,
      signedIn: p,
    })),
  ];
  /** The page under load: 20 connections, or 21 going round the citizens. */
  const load = (url: string, page: Measured, seconds = SECONDS) =>
    'anonymous' in page ? cannon(url, page.anonymous) : cannonSignedIn(url, page.signedIn, citizens, seconds);

  const hello = await startProcess(['--input-type=module', '-e', HELLO], {}, /HELLO (http:\/\/\S+)/);
  const server = await site({ ...env, SEED_DEMO: 'true' });
  const rows: Row[] = pages.map((page) => ({
    engine,
    page: page.label,
    rates: [],
    p99s: [],
    hellos: [],
    sameSize: [],
    bytes: 0,
    bad: 0,
  }));
  let documents: { row: DocumentRow; hello: number } | undefined;
  try {
    if (orders.length > 0) {
      const h = await cannon(hello.url, '/');
      documents = { row: await measureDocuments(server.url, orders), hello: h.requests.average };
      process.stdout.write(`  заявления в PDF: нагрузка ${machineLoad()}\n`);
    }
    for (const [i, page] of pages.entries()) {
      if (!('anonymous' in page)) {
        // Each citizen's page is theirs: their name on it, and nobody else's.
        for (const c of citizens) {
          const res = await fetch(server.url + page.signedIn.path(c), { headers: { cookie: c.cookie } });
          const body = await res.text();
          if (res.status !== 200) throw new Error(`${page.signedIn.path(c)} ответила ${res.status}`);
          const others = citizens.filter((o) => o.surname !== c.surname && body.includes(`>${o.surname} `));
          if (!body.includes(c.surname) || others.length > 0) {
            throw new Error(`${page.signedIn.path(c)}: страница не того человека (${c.surname})`);
          }
        }
        continue;
      }
      const res = await fetch(server.url + page.anonymous);
      if (res.status !== 200) throw new Error(`${page.anonymous} ответила ${res.status}`);
      await res.arrayBuffer();
      // The bytes a visitor's browser receives (brotli), read without decoding.
      const raw = await new Promise<number>((done, fail) => {
        const req = http.get(
          new URL(server.url + page.anonymous),
          { headers: { 'accept-encoding': 'br, gzip' } },
          (r) => {
            let n = 0;
            r.on('data', (chunk: Buffer) => {
              n += chunk.length;
            });
            r.on('end', () => done(n));
          },
        );
        req.on('error', fail);
      });
      (rows[i] as Row).bytes = raw;
    }
    for (let round = 0; round < (freshOnly ? 0 : ROUNDS); round++) {
      const h = await cannon(hello.url, '/');
      process.stdout.write(
        `  раунд ${round + 1}: hello world ${Math.round(h.requests.average)} зап/с; нагрузка ${machineLoad()}\n`,
      );
      for (const [i, page] of pages.entries()) {
        const r = await load(server.url, page);
        const row = rows[i] as Row;
        row.rates.push(r.requests.average);
        row.p99s.push(r.latency.p99);
        row.hellos.push(h.requests.average);
        row.bad += r.non2xx + r.errors;
        if ('anonymous' in page) row.sameSize.push((await cannon(hello.url, `/bytes/${row.bytes}`)).requests.average);
      }
    }
  } finally {
    await stop(server.child);
  }
  if (documentsOnly) {
    await stop(hello.child);
    return { engine, rows, fresh: [], ...(documents ? { documents } : {}) };
  }

  // Every view drawn afresh: the page cache off (a person's pages with it).
  const fresh: { page: string; rate: number; p99: number; cpuMs: number; cpuLoadedMs: number }[] = [];
  const cold = await site({ ...env, SEED_DEMO: 'true', PAGE_CACHE_MB: '0' });
  try {
    for (const page of pages) {
      const pid = cold.child.pid as number;
      // CPU per page as traffic arrives: the server's CPU over the loaded run, by the pages it drew.
      const loadedFrom = cpuSeconds(pid);
      const r = await load(cold.url, page);
      const cpuLoadedMs = ((cpuSeconds(pid) - loadedFrom) / Math.max(1, r.requests.total)) * 1000;
      const before = cpuSeconds(pid);
      for (let i = 0; i < CPU_VIEWS; i++) {
        const c = citizens[i % citizens.length] as Citizen;
        const path = 'anonymous' in page ? page.anonymous : page.signedIn.path(c);
        const res = await fetch(cold.url + path, {
          headers: { 'accept-encoding': 'br, gzip', ...('anonymous' in page ? {} : { cookie: c.cookie }) },
        });
        await res.arrayBuffer();
        expectWorkload(res.ok, `${path}: ответ ${res.status} при замере ЦП`);
      }
      const cpuMs = ((cpuSeconds(pid) - before) / CPU_VIEWS) * 1000;
      fresh.push({ page: page.label, rate: r.requests.average, p99: r.latency.p99, cpuMs, cpuLoadedMs });
    }
  } finally {
    await stop(cold.child);
    await stop(hello.child);
  }
  return { engine, rows, fresh, ...(documents ? { documents } : {}) };
}

async function main() {
  if (!existsSync(join(root, 'apps/web/dist-server/entry-server.js'))) {
    throw new Error('Нет сборки веб-приложения: выполните npm run build');
  }
  process.stdout.write(
    `Страницы: ${CONNECTIONS} соединений, ${SECONDS} с на страницу, ${ROUNDS} раунда; нагрузка машины ${machineLoad()}\n`,
  );
  const results: Awaited<ReturnType<typeof measureEngine>>[] = [];

  const dir = mkdtempSync(join(tmpdir(), 'bench-pages-'));
  try {
    results.push(
      await measureEngine('PGlite', { PGLITE_DIR: dir, DATABASE_URL: '' }, () => openDatabase({ pgliteDir: dir })),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const dbName = `bench_pages_${process.pid}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  let available = true;
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
  } catch (error) {
    available = false;
    process.stdout.write(`PostgreSQL недоступен (${String(error)}): пропускаю.\n`);
  }
  if (available) {
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${dbName}`;
    try {
      results.push(
        await measureEngine(
          'PostgreSQL + Redis',
          { DATABASE_URL: url.toString(), REDIS_URL, REDIS_PREFIX: `bench-pages-${process.pid}:` },
          () => openDatabase({ databaseUrl: url.toString() }),
        ),
      );
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  }

  process.stdout.write(`\nНагрузка машины в конце: ${machineLoad()}\n`);
  if (!freshOnly)
    process.stdout.write(
      '\n| база | страница | зап/с | p99 | hello world | доля | по раундам | байт (br) | hello world тех же байт | доля от него |\n|---|---|---|---|---|---|---|---|---|---|\n',
    );
  for (const { rows } of freshOnly ? [] : results) {
    for (const row of rows) {
      const ratios = row.rates.map((r, i) => r / (row.hellos[i] as number));
      const sameSize = row.sameSize.length > 0 ? median(row.sameSize) : undefined;
      const bytes =
        sameSize === undefined
          ? '— | — | —'
          : `${row.bytes} | ${Math.round(sameSize)} | ${(median(row.rates) / sameSize).toFixed(2)}×`;
      process.stdout.write(
        `| ${row.engine} | ${row.page} | ${Math.round(median(row.rates))} | ${median(row.p99s)} мс | ${Math.round(median(row.hellos))} | ${median(ratios).toFixed(2)}× | ${ratios.map((x) => x.toFixed(2)).join(' / ')}${row.bad ? ` (ошибок: ${row.bad})` : ''} | ${bytes} |\n`,
      );
    }
  }
  if (!freshOnly) {
    process.stdout.write(DOCUMENT_HEADER);
    for (const { engine, documents } of results) {
      if (documents) process.stdout.write(documentLine(engine, documents.row, documents.hello));
    }
  }
  process.stdout.write(
    '\nЗаново нарисованная страница (кэш страниц выключен):\n\n| база | страница | зап/с | p99 | ЦП сервера на страницу, по одной | ЦП на страницу под нагрузкой |\n|---|---|---|---|---|---|\n',
  );
  for (const { rows, fresh } of results) {
    const engine = rows[0]?.engine ?? '';
    for (const f of fresh) {
      process.stdout.write(
        `| ${engine} | ${f.page} | ${Math.round(f.rate)} | ${f.p99} мс | ${f.cpuMs.toFixed(1)} мс | ${f.cpuLoadedMs.toFixed(1)} мс |\n`,
      );
    }
    process.stdout.write(
      `| ${engine} | **медиана страниц** | ${Math.round(median(fresh.map((f) => f.rate)))} | ${median(fresh.map((f) => f.p99))} мс | ${median(fresh.map((f) => f.cpuMs)).toFixed(1)} мс | ${median(fresh.map((f) => f.cpuLoadedMs)).toFixed(1)} мс |\n`,
    );
  }
  process.stdout.write(
    '\nЦели (issue 21): анонимные страницы ≥ 0,3 × hello world и p99 ≤ 20 мс; заново нарисованная ≤ 5 мс ЦП, ≥ 150 зап/с.\n' +
      'Цели (issue 38): страницы со входом ≥ 0,01 × hello world, p99 ≤ 100 мс на PostgreSQL и ≤ 200 мс на PGlite;\n' +
      '  /api/health p99 ≤ 50 мс, пока рисуются заявления в PDF; сохранённое заявление ≤ 10 мс.\n',
  );
}

await main();
exitOnFailure();
