import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The database's own tables, which belong to no module: every module's tables are in its tables.ts
// (docs/architecture.md lists each table with its owner).

/** Which seed sets have been loaded, so a second start changes nothing. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  version: integer('version').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().default(sql`now()`),
});
