import { defineConfig } from 'vitest/config';

// The server suite runs twice: on PGlite and on the PostgreSQL server (scripts/test.mjs drops
// the PostgreSQL project, loudly, when no server answers).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server-pglite',
          include: ['apps/server/src/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
          globalSetup: ['apps/server/src/test/global-setup-pglite.ts'],
          // Every file builds its own app and database; sharing the worker's module cache spares each
          // file PGlite's WebAssembly start-up (seconds), which is most of a file's cost otherwise.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-postgres',
          // *.pg-test.ts need a PostgreSQL server (several processes on one database).
          include: ['apps/server/src/**/*.test.ts', 'apps/server/src/**/*.pg-test.ts'],
          env: { TEST_DB: 'postgres' },
          globalSetup: ['apps/server/src/test/global-setup-postgres.ts'],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: { name: 'packages', include: ['packages/*/src/**/*.test.ts'] },
      },
      {
        test: { name: 'web-unit', include: ['apps/web/src/**/*.test.ts'], environment: 'node' },
      },
    ],
  },
});
