/**
 * Prints PostgreSQL's plans for the tariff list queries over the benchmark catalogue (decision 005):
 * `npx tsx apps/server/bench/explain-tariffs.ts`. Loads the catalogue into a database
 * `tariffs_explain` beside BENCH_POSTGRES_URL once, and keeps it for repeated runs.
 */
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { seedReference } from '../src/db/seed/index';
import { resolveSearch, searchPageSql, type TariffSearch } from '../src/modules/tariffs/repository';
import { searchFromV2, searchFromV14 } from '../src/modules/tariffs/service';
import { benchCatalogue } from './catalogue';

const base = process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const url = new URL(base);
url.pathname = '/tariffs_explain';

const admin = new pg.Client({ connectionString: base });
await admin.connect();
const exists = await admin.query(`select 1 from pg_database where datname = 'tariffs_explain'`);
if (exists.rowCount === 0) await admin.query('CREATE DATABASE tariffs_explain');
await admin.end();

const handle = await openDatabase({ databaseUrl: url.toString() });
await handle.migrate();
await seedReference(handle.db);
const client = new pg.Client({ connectionString: url.toString() });
await client.connect();
const count = await client.query('select count(*)::int as n from tariffs');
if (count.rows[0].n === 0) {
  const { importCatalogue } = await import('../src/modules/tariffs/service');
  await importCatalogue(handle.db, benchCatalogue(50_000));
  await client.query('analyze');
}

const v14 = (q: Record<string, unknown>): TariffSearch =>
  searchFromV14({ Skip: 0, Take: 10, SortBy: 'price', SortDesc: false, BestByOperator: false, ...q } as never);

const cases: [string, TariffSearch][] = [
  ['Москва, по цене', v14({ RegionCode: 77 })],
  ['Москва, интернет от 20 ГБ, до 1000 ₽', v14({ RegionCode: 77, TrafficMin: 20, PriceMax: 1000 })],
  [
    'Свердловская, безлимитные SMS, по минутам ↓',
    v14({ RegionCode: 66, SmsUnlim: true, SortBy: 'minutes', SortDesc: true }),
  ],
  ['Московская обл., три оператора', v14({ RegionCode: 50, OperatorId: [1, 2, 3] })],
  ['Краснодарский край, BestByOperator', v14({ RegionCode: 23, BestByOperator: true })],
  [
    'v2: Москва, пакеты, минут от 500, по цене',
    searchFromV2({
      QueryType: 'Package',
      RegionSlug: 'moskva',
      Skip: 0,
      Take: 10,
      SortBy: 'price',
      SortDesc: false,
      BestByOperator: false,
      'Package.MinutesMin': 500,
    } as never),
  ],
];

const dialect = new PgDialect();
for (const [title, search] of cases) {
  const { sql, params } = dialect.sqlToQuery(searchPageSql(await resolveSearch(handle.db, search)));
  const plan = await client.query(`explain (analyze, buffers, costs off, timing on) ${sql}`, params);
  process.stdout.write(`\n### ${title}\n\n\`\`\`\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}\n\`\`\`\n`);
}
await client.end();
await handle.close();
