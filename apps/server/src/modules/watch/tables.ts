import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, serial, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { operators } from '../operators/tables';
import { users } from '../users/tables';

/** How a person showed a number is theirs, weakest first: an SMS code, then their ESIA profile. */
export const PROOFS = ['sms', 'esia'] as const;
export type Proof = (typeof PROOFS)[number];

/**
 * «Сообщать о попытках перенести номер»: a person's switch for one of their numbers. A row exists once
 * the switch was first touched; no row is «off». The day's count of alerts about the number is kept
 * here, counted by one atomic update, so a stranger starting application after application cannot
 * flood the owner's phone (five a day, then one summary).
 */
export const numberWatches = pgTable(
  'number_watches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 11 digits starting with 7. */
    msisdn: text('msisdn').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
    /** The Moscow day `alertSends` counts for. */
    alertDay: date('alert_day', { mode: 'string' }),
    alertSends: smallint('alert_sends').notNull().default(0),
    /**
     * Why the number is the watcher's, as the account last found it (docs/product.md §5): `esia` while
     * their ESIA profile lists it, `sms` until `proofUntil` (30 days after their SMS code). A watch past
     * its proof has lapsed: it neither alerts nor holds. Null: no proof (a legacy row), lapsed.
     */
    proof: text('proof', { enum: PROOFS }),
    proofUntil: timestamp('proof_until', { withTimezone: true }),
  },
  (t) => [
    unique('number_watches_user_msisdn_uq').on(t.userId, t.msisdn),
    // Every porting step asks who watches its number: an index of the switched-on rows only.
    index('number_watches_msisdn_idx').on(t.msisdn).where(sql`enabled`),
  ],
);

/** What an alert says happened to the watched number. */
export const ALERT_KINDS = [
  /** Someone started an application for the number on this site (step 1). */
  'started',
  /** Someone asked for a confirmation code for it. */
  'code',
  /** Someone submitted an application for it: held for the watcher's answer. */
  'held',
  /** A porting on this site moved it. */
  'ported',
  /** An imported ported-number registry extract moved it. */
  'registry',
  /** The day's alerts about the number reached their cap: one alert counts the rest of the day's events. */
  'summary',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** Where a held application stands, as the watcher sees it. */
export const HOLD_STATES = [
  'pending',
  'confirmed',
  'refused',
  'lapsed',
  'withdrawn',
  /** The applicant's proof of the number is stronger than the watcher's: the watcher cannot hold or end it. */
  'outranked',
  /** The watcher answered «Это не я» without the proof to end it: the dispute is on the support desk. */
  'disputed',
] as const;
export type HoldState = (typeof HOLD_STATES)[number];

/**
 * An alert to a person about their watched number, written in the same transaction as the change that
 * caused it (with its e-mail and SMS). `orderId` names the porting order it is about, when there is one:
 * it is not a foreign key, because the porting module owns that table and this module stays beneath it.
 */
export const watchAlerts = pgTable(
  'watch_alerts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    msisdn: text('msisdn').notNull(),
    kind: text('kind', { enum: ALERT_KINDS }).notNull(),
    orderId: integer('order_id'),
    /** The operator the number moved to (ported, registry). */
    toOperatorId: integer('to_operator_id').references(() => operators.id, { onDelete: 'set null' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** A held application: the porting night it asks for (Moscow day), which the alert names. */
    night: date('night', { mode: 'string' }),
    /** A held application: where it stands, until when it waits, when the watcher answered. */
    hold: text('hold', { enum: HOLD_STATES }),
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** Whether the e-mail and SMS went out (past the day's cap no alert is written: the summary counts it). */
    notified: boolean('notified').notNull(),
    /** A summary: how many of the day's events about the number came after the cap (each counted here). */
    repeats: smallint('repeats').notNull().default(0),
  },
  (t) => [
    index('watch_alerts_user_idx').on(t.userId, t.occurredAt, t.id),
    index('watch_alerts_order_idx').on(t.orderId),
  ],
);
