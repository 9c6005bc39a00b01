import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Shared tables live in db/schema.ts; each domain keeps its own in modules/<domain>/tables.ts, and a part
  // of a domain in its own folder (modules/porting/signature/tables.ts).
  schema: ['./src/db/schema.ts', './src/modules/*/tables.ts', './src/modules/*/*/tables.ts'],
  out: './src/db/migrations',
});
