import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each module keeps its tables in modules/<module>/tables.ts, and a part of a module in its own folder
  // (modules/porting/signature/tables.ts); db/schema.ts holds only the database's own (seed_runs).
  schema: ['./src/db/schema.ts', './src/modules/*/tables.ts', './src/modules/*/*/tables.ts'],
  out: './src/db/migrations',
});
