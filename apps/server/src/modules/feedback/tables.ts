import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** new → read → handled; support may move a message back to read. */
export const FEEDBACK_STATUSES = ['new', 'read', 'handled'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** Messages sent through the contacts page; stored first, so none is lost if a later step fails. */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    topic: text('topic').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: FEEDBACK_STATUSES }).notNull().default('new'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('feedback_created_at_idx').on(t.createdAt),
    index('feedback_status_idx').on(t.status, t.createdAt.desc()),
  ],
);

/** Replies staff sent by e-mail, kept with the message they answer. */
export const feedbackReplies = pgTable(
  'feedback_replies',
  {
    id: serial('id').primaryKey(),
    feedbackId: integer('feedback_id')
      .notNull()
      .references(() => feedback.id, { onDelete: 'cascade' }),
    staffOid: text('staff_oid').notNull(),
    staffName: text('staff_name').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The e-mail in the notifications table (its sending status is read from there). */
    notificationId: integer('notification_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('feedback_replies_feedback_idx').on(t.feedbackId, t.createdAt)],
);

/** Captcha challenges already redeemed: a solved challenge is good for one message only. */
export const captchaRedemptions = pgTable('captcha_redemptions', {
  challengeId: text('challenge_id').primaryKey(),
  redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull().default(sql`now()`),
});
