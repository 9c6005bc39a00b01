import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/tables';

export const CHANNELS = ['email', 'sms'] as const;
export type Channel = (typeof CHANNELS)[number];

/**
 * Every message the site sends a person (porting stages, confirmation codes): written in the same
 * transaction as the change it tells about, then sent by a background job with retries.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    orderId: integer('order_id'),
    channel: text('channel', { enum: CHANNELS }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    /** What was told; a secret in it (an SMS code) only as `SECRET_MASK`, never in plain text. */
    body: text('body').notNull(),
    /** The message carries a secret (a confirmation code): it is never sent again from here. */
    carriesSecret: boolean('carries_secret').notNull().default(false),
    /**
     * The secret sealed for the sending job (AES-256-GCM, with its expiry), put in place of the mask only
     * on its way to the gateway; cleared once the message is sent, failed or skipped.
     */
    secretSealed: text('secret_sealed'),
    /** pending → sent, or failed once the retries are spent; skipped when no sender is configured. */
    status: text('status').notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('notifications_order_idx').on(t.orderId)],
);

/** What the outbox stand-in (demo and test only) received in place of an SMS or e-mail gateway. */
export const outboxMessages = pgTable('outbox_standin_messages', {
  id: serial('id').primaryKey(),
  channel: text('channel', { enum: CHANNELS }).notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull().default(''),
  body: text('body').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().default(sql`now()`),
});
