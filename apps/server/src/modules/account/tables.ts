import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from '../users/tables';

/**
 * A phone number of a user: a verified ESIA mobile (kept when it is no longer verified, without
 * the mark). Its operator and region are not stored: they come from the lookup index, so the account
 * and /check always say the same.
 */
export const userNumbers = pgTable(
  'user_numbers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 11 digits starting with 7. */
    msisdn: text('msisdn').notNull(),
    isEsiaMsisdn: boolean('is_esia_msisdn').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [unique('user_numbers_user_msisdn_uq').on(t.userId, t.msisdn)],
);
