import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type AppConfig, loadConfig } from '../config/env';
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
): Promise<TestApp> {
  const database = await createTestDatabase({ seed });
  const config = loadConfig({ NODE_ENV: 'test' }, { webDist: '/nonexistent', ...overrides });
  const app = await buildApp({ config, database: database.handle });
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
