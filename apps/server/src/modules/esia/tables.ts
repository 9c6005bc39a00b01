import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One pending ESIA sign-in: the `state` is single use and remembers where to return. */
export const esiaLoginStates = pgTable('esia_login_states', {
  state: text('state').primaryKey(),
  returnUrl: text('return_url').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
