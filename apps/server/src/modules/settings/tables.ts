import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const featureFlags = pgTable('feature_flags', {
  feature: text('feature').primaryKey(),
  isEnabled: boolean('is_enabled').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  /** Only public settings are readable through the API. */
  isPublic: boolean('is_public').notNull().default(false),
});
