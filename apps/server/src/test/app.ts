import type { FastifyInstance } from 'fastify';
import { type BuildAppOptions, buildApp } from '../app';
import { type AppConfig, loadConfig } from '../config/env';
import { openDatabase } from '../db/client';
import type { Clock } from '../lib/clock';
import { createTestDatabase, type TestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: AppConfig;
  close(): Promise<void>;
}

/** The whole app over a fresh test database, driven through `app.inject`. */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  seed: 'none' | 'reference' | 'demo' = 'demo',
  logStream?: BuildAppOptions['logStream'],
  clock?: Clock,
): Promise<TestApp> {
  const database = await createTestDatabase({ seed });
  const config = loadConfig({ NODE_ENV: 'test' }, { webDist: '/nonexistent', ...overrides });
  const app = await buildApp({
    config,
    database: database.handle,
    ...(logStream ? { logStream } : {}),
    ...(clock ? { clock } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/**
 * A second server node over the same database as `t` (another app with its own caches and
 * counters): on PostgreSQL with its own connection pool, on PGlite over the same in-process database.
 */
export async function createSecondNode(t: TestApp, overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const handle = t.database.url ? await openDatabase({ databaseUrl: t.database.url }) : t.database.handle;
  const config = { ...t.config, ...overrides };
  const app = await buildApp({ config, database: handle, clock: t.app.clock });
  await app.ready();
  return {
    app,
    database: { handle, url: t.database.url, drop: async () => {} },
    config,
    async close() {
      await app.close();
      if (handle !== t.database.handle) await handle.close();
    },
  };
}

/** The test Redis (CI starts one); every test uses its own key prefix. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A Redis key prefix no other test run or file shares. */
export function uniqueRedisPrefix(): string {
  return `perenos-test:${process.pid}:${Math.random().toString(36).slice(2)}:`;
}
