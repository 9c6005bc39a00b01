import { sql } from 'drizzle-orm';
import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Messages sent through the contacts page; stored first, so none is lost if a later step fails. */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    topic: text('topic').notNull(),
    message: text('message').notNull(),
    status: text('status').notNull().default('new'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('feedback_created_at_idx').on(t.createdAt)],
);

/** Captcha challenges already redeemed: a solved challenge is good for one message only. */
export const captchaRedemptions = pgTable('captcha_redemptions', {
  challengeId: text('challenge_id').primaryKey(),
  redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull().default(sql`now()`),
});
