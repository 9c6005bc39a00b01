/**
 * The PDF row of `npm run bench:pages` (issue 38): ten signed-in people download the application PDF
 * of ten distinct orders at once (drawn in the server's worker threads), then again (kept for their
 * version), while `/api/health` is polled one request after another as a balancer would; its p99
 * while the ten are drawn is the figure that says whether drawing holds up the event loop.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { openDatabase } from '../src/db/client';
import { upsertUser } from '../src/modules/esia/repository';
import { deriveAccessKey, startSession } from '../src/modules/session/tokens';
import { BENCH_SECRET } from './processes';
import { expectWorkload } from './workload';

/** People downloading at once, one order each. */
const PEOPLE = 10;
/** Repeat downloads each, of the version already drawn (under the limit of 30 a minute). */
const KEPT_ROUNDS = 20;

export interface DocumentOrder {
  cookie: string;
  id: number;
}

export interface DocumentRow {
  /** PDFs drawn a second, ten at once, and their latencies. */
  drawnRate: number;
  drawnP50: number;
  drawnMax: number;
  /** A kept PDF's latency. */
  keptP50: number;
  keptP99: number;
  /** `/api/health` while the ten were drawn, and with nothing else going on just before. */
  healthP99: number;
  healthMax: number;
  healthCount: number;
  idleHealthP99: number;
}

/**
 * PEOPLE + 1 bench citizens with a draft order each, ready to download (the extra one starts the
 * worker threads before the measure) and their sessions. Made between the server's starts: PGlite is
 * one process's database. A session lives 15 minutes: measure soon after.
 */
export async function documentOrders(open: () => ReturnType<typeof openDatabase>): Promise<DocumentOrder[]> {
  const handle = await open();
  try {
    const orders: DocumentOrder[] = [];
    for (let i = 0; i <= PEOPLE; i++) {
      const oid = String(3100000000 + i);
      const profile = {
        lastName: 'Бенчмарк',
        firstName: `Документ ${i}`,
        middleName: '',
        birthDate: null,
        passportMasked: null,
        mobiles: [],
        email: null,
        emailVerified: false,
      };
      const user = await upsertUser(handle.db, oid, `Бенчмарк Документ ${i}`, profile, null, new Date());
      // A draft to МегаФон from МТС in Moscow, on a number of its own, with a tariff and an eSIM.
      const result = await handle.db.execute(sql`
        insert into portation_orders (user_id, msisdn, status, from_operator_id, to_operator_id, region_code,
          tariff_id, tariff_name, portation_date, sim_kind)
        select ${user.id}, ${String(79857100000 + i)}, 'Initialized',
          (select id from operators where slug = 'mts'), (select id from operators where slug = 'megafon'), 77,
          null, ${`Бенчмарк ${i}`}, (now() at time zone 'Europe/Moscow')::date + 8, 'esim'
        returning id`);
      const id = Number((result as unknown as { rows: { id: number }[] }).rows[0]?.id);
      await handle.db.execute(sql`insert into portation_events (order_id, occurred_at, status, kind, description)
        values (${id}, now(), 'Initialized', 'created', 'Заявление создано')`);
      const tokens = await startSession(
        handle.db,
        deriveAccessKey(BENCH_SECRET),
        {
          userId: user.id,
          oid,
          name: user.name,
        },
        new Date(),
      );
      orders.push({ cookie: `perenos-at=${tokens.accessToken}`, id });
    }
    return orders;
  } finally {
    await handle.close();
  }
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : (s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] as number);
};

/** One PDF download: its latency, checked to be a PDF. */
async function download(url: string, order: DocumentOrder): Promise<number> {
  const start = performance.now();
  const res = await fetch(`${url}/api/v1/order/portation/${order.id}/application.pdf`, {
    headers: { cookie: order.cookie },
  });
  const body = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - start;
  expectWorkload(
    res.status === 200 && body.subarray(0, 5).toString() === '%PDF-',
    `заявление ${order.id} в PDF: ответ ${res.status}`,
  );
  return ms;
}

/** `/api/health` one request after another until `stop` says so: each one's latency. */
async function pollHealth(url: string, stop: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  while (!stop()) {
    const start = performance.now();
    const res = await fetch(`${url}/api/health`);
    await res.arrayBuffer();
    latencies.push(performance.now() - start);
    expectWorkload(res.status === 200, `/api/health: ответ ${res.status}`);
  }
  return latencies;
}

export async function measureDocuments(url: string, orders: DocumentOrder[]): Promise<DocumentRow> {
  const [warm, ...people] = orders;
  if (!warm || people.length === 0) throw new Error('нет заявлений для замера');
  // The worker threads start with the first document; the measure is of a node already running them.
  await download(url, warm);
  const idleUntil = performance.now() + 1000;
  const idle = await pollHealth(url, () => performance.now() > idleUntil);

  let drawing = true;
  const health = pollHealth(url, () => !drawing);
  const start = performance.now();
  const drawn = await Promise.all(people.map((order) => download(url, order)));
  const elapsed = (performance.now() - start) / 1000;
  drawing = false;
  const healthDuring = await health;

  const kept: number[] = [];
  for (let round = 0; round < KEPT_ROUNDS; round++) {
    kept.push(...(await Promise.all(people.map((order) => download(url, order)))));
  }
  return {
    drawnRate: people.length / elapsed,
    drawnP50: quantile(drawn, 0.5),
    drawnMax: Math.max(...drawn),
    keptP50: quantile(kept, 0.5),
    keptP99: quantile(kept, 0.99),
    healthP99: quantile(healthDuring, 0.99),
    healthMax: Math.max(0, ...healthDuring),
    healthCount: healthDuring.length,
    idleHealthP99: quantile(idle, 0.99),
  };
}

/** The row as printed beside the hello world of the same run. */
export function documentLine(engine: string, row: DocumentRow, hello: number): string {
  const ms = (x: number) => `${x.toFixed(1)} мс`;
  return `| ${engine} | ${row.drawnRate.toFixed(1)} | ${ms(row.drawnP50)} / ${ms(row.drawnMax)} | ${ms(row.keptP50)} / ${ms(row.keptP99)} | ${ms(row.healthP99)} / ${ms(row.healthMax)} (${row.healthCount} запросов) | ${ms(row.idleHealthP99)} | ${Math.round(hello)} |\n`;
}

export const DOCUMENT_HEADER = `\nЗаявление в PDF: ${PEOPLE} человек скачивают ${PEOPLE} разных заявлений одновременно (рисуются), затем ${KEPT_ROUNDS} раз снова (сохранённые); /api/health опрашивается подряд, пока они рисуются:\n\n| база | PDF в секунду (рисуются) | рисуются: p50 / max | сохранённые: p50 / p99 | /api/health, пока рисуются: p99 / max | /api/health до того: p99 | hello world, зап/с |\n|---|---|---|---|---|---|---|\n`;
