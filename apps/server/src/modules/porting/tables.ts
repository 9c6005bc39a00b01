import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { operators } from '../operators/tables';
import { regions } from '../regions/tables';
import { tariffs } from '../tariffs/tables';
import { users } from '../users/tables';

/** How the recipient's SIM reaches the subscriber. */
export const SIM_KINDS = ['esim', 'office', 'courier'] as const;
export type SimKind = (typeof SIM_KINDS)[number];

/** Order statuses (docs/product.md §6): created, with the central database (БДПН), done, deleted. */
export const ORDER_STATUSES = ['Initialized', 'PendingBDPN', 'Done', 'Deleted'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * An application on this site to move a number to another operator: made at step 1 (possibly
 * anonymously, then it belongs to the browser that made it), filled at steps 2–3, submitted once.
 */
export const portationOrders = pgTable(
  'portation_orders',
  {
    id: serial('id').primaryKey(),
    /** Null while an anonymous order belongs only to the browser that made it. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The maker's browser (the signed owner cookie); lets the maker continue after signing in. */
    browserId: text('browser_id'),
    msisdn: text('msisdn').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('Initialized'),
    fromOperatorId: integer('from_operator_id').references(() => operators.id, { onDelete: 'set null' }),
    toOperatorId: integer('to_operator_id').references(() => operators.id, { onDelete: 'set null' }),
    regionCode: integer('region_code').references(() => regions.code, { onDelete: 'set null' }),
    tariffId: integer('tariff_id').references(() => tariffs.id, { onDelete: 'set null' }),
    /** The tariff's name when it was chosen: the order keeps saying what was asked for. */
    tariffName: text('tariff_name'),
    /** The day (Moscow) the subscriber wants the number moved; the window is that night, 00:00–06:00. */
    portationDate: date('portation_date', { mode: 'string' }),
    email: text('email'),
    /** How the recipient's SIM reaches the subscriber: eSIM, pick-up at an office, or courier. */
    simKind: text('sim_kind', { enum: SIM_KINDS }),
    /** The recipient's office chosen for pick-up (recipient_offices.id). */
    simOfficeId: text('sim_office_id'),
    /** The courier's delivery address, sealed like the passport (AES-256-GCM). */
    simAddressSealed: text('sim_address_sealed'),
    /** The version of the recipient's contract terms the subscriber accepted, and when. */
    contractVersion: text('contract_version'),
    contractAcceptedAt: timestamp('contract_accepted_at', { withTimezone: true }),
    /** The edition of the personal-data consent accepted at submit, and when. */
    consentVersion: text('consent_version'),
    consentAcceptedAt: timestamp('consent_accepted_at', { withTimezone: true }),
    /** When the application's personal data (the courier address) was removed after the porting ended. */
    personalDataRemovedAt: timestamp('personal_data_removed_at', { withTimezone: true }),
    /** Why the order ended as Deleted, in words for the subscriber. */
    reason: text('reason'),
    /** When the number was confirmed by an SMS code (not needed for a verified ESIA mobile). */
    msisdnConfirmedAt: timestamp('msisdn_confirmed_at', { withTimezone: true }),
    /**
     * When a watcher whose proof of the number is weaker than the applicant's answered «Это не я»: the
     * application goes on (they may not stop it), and the desk shows the dispute for support to settle.
     */
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    lastUpdateAt: timestamp('last_update_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('portation_orders_user_msisdn_idx').on(t.userId, t.msisdn, t.lastUpdateAt),
    index('portation_orders_browser_idx').on(t.browserId),
    // One submitted application per number at a time, whoever made it (the central database's rule too).
    uniqueIndex('portation_orders_one_pending_uq').on(t.msisdn).where(sql`status = 'PendingBDPN'`),
    index('portation_orders_drafts_idx').on(t.createdAt).where(sql`status = 'Initialized'`),
    // One open draft per number and owner (a signed-in user, or an anonymous browser): parallel inits
    // of one number make one draft, the database decides.
    uniqueIndex('portation_orders_one_user_draft_uq')
      .on(t.msisdn, t.userId)
      .where(sql`status = 'Initialized' and user_id is not null`),
    uniqueIndex('portation_orders_one_browser_draft_uq')
      .on(t.msisdn, t.browserId)
      .where(sql`status = 'Initialized' and user_id is null`),
  ],
);

/** One transfer of a number between operators, as the central database (БДПН) runs it. */
export const portations = pgTable(
  'portations',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').references(() => portationOrders.id, { onDelete: 'set null' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    msisdn: text('msisdn').notNull(),
    fromOperatorId: integer('from_operator_id').references(() => operators.id, { onDelete: 'set null' }),
    toOperatorId: integer('to_operator_id').references(() => operators.id, { onDelete: 'set null' }),
    regionCode: integer('region_code'),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** When the number moves: the start of the porting window (or moved, once Done); the list sorts by it. */
    portationAt: timestamp('portation_at', { withTimezone: true }),
    lastUpdatedAt: timestamp('last_updated_at', { withTimezone: true }).notNull().default(sql`now()`),
    /**
     * When the engine began filing the application with the central database. Set under the row lock
     * before the call: a withdrawal that finds it unset knows the application was never sent.
     */
    filingStartedAt: timestamp('filing_started_at', { withTimezone: true }),
    /**
     * Set while the application waits for the answer of the number's watcher (someone else who asked to
     * hear of attempts to port it): the engine files nothing until it is cleared by their confirmation,
     * or by the hold job when this moment passes unanswered.
     */
    heldUntil: timestamp('held_until', { withTimezone: true }),
    /** The central database's process id, once it has the application. */
    processId: text('process_id'),
    /** The last message of the process applied here: messages are applied once, in order. */
    processSeq: integer('process_seq').notNull().default(0),
    /** The porting window the central database scheduled. */
    windowStart: timestamp('window_start', { withTimezone: true }),
    windowEnd: timestamp('window_end', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The recipient's SIM: when it was issued, the temporary number until the porting night, the eSIM code. */
    simIssuedAt: timestamp('sim_issued_at', { withTimezone: true }),
    temporaryMsisdn: text('temporary_msisdn'),
    esimActivationCode: text('esim_activation_code'),
    /** The donor's debt notice: the amount (roubles), the moment it must be paid by, and when it was paid. */
    debtAmount: integer('debt_amount'),
    debtPayBy: timestamp('debt_pay_by', { withTimezone: true }),
    debtPaidAt: timestamp('debt_paid_at', { withTimezone: true }),
    /** The notice's numbers, each with its part (roubles) and when it was paid (ISO 8601): they add up to `debtAmount`. */
    debtNumbers: jsonb('debt_numbers').$type<DebtNumber[]>(),
    /** Why it ended as Deleted, in words for the subscriber. */
    reason: text('reason'),
  },
  (t) => [
    index('portations_user_msisdn_idx').on(t.userId, t.msisdn, t.portationAt),
    index('portations_order_idx').on(t.orderId),
    // Whether someone else ported a number since a person confirmed it (history.ts): completed ones only.
    index('portations_done_msisdn_idx').on(t.msisdn).where(sql`status = 'Done'`),
  ],
);

/**
 * The timeline of an order and its portation: every status change and every message of the
 * process, written in the same transaction as the change it describes.
 */
export const portationEvents = pgTable(
  'portation_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').references(() => portationOrders.id, { onDelete: 'cascade' }),
    portationId: integer('portation_id').references(() => portations.id, { onDelete: 'cascade' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** The status the order or portation has after this event. */
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    /** What happened, for code: created, submitted, registered, accepted, donor-check, … (see events.ts). */
    kind: text('kind').notNull().default('status'),
    description: text('description').notNull(),
  },
  (t) => [
    index('portation_events_portation_idx').on(t.portationId, t.occurredAt),
    index('portation_events_order_idx').on(t.orderId, t.occurredAt),
  ],
);

/** One number of a donor's debt notice: its part of the debt and when it was paid. */
export interface DebtNumber {
  msisdn: string;
  amount: number;
  paidAt: string | null;
}

/**
 * A person's SMS code for one of their numbers outside any application: «Получить код» of the number
 * watch (docs/product.md §5). Once the code is typed, `confirmedAt` is a proof of the number like an
 * application's confirmed code: SMS_PROOF_DAYS long, and ended by someone else porting the number.
 */
export const numberCodes = pgTable(
  'number_codes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 11 digits starting with 7. */
    msisdn: text('msisdn').notNull(),
    /** HMAC-SHA256 of the code: the code itself is never stored. */
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attemptsLeft: smallint('attempts_left').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.msisdn] })],
);

/** The SMS code that confirms a number which is not one of the user's verified ESIA mobiles. */
export const confirmationCodes = pgTable('portation_confirmation_codes', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => portationOrders.id, { onDelete: 'cascade' }),
  msisdn: text('msisdn').notNull(),
  /** HMAC-SHA256 of the code: the code itself is never stored. */
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attemptsLeft: smallint('attempts_left').notNull(),
});

/**
 * Confirmation codes sent today per number and per citizen, across all their orders: a deleted order
 * or a new one does not give a fresh allowance. `scope` is `msisdn:7…` or `user:<id>`; one row a day,
 * counted by one atomic upsert each. New applications a day are counted here too, under
 * `new-order:msisdn:7…` and `new-order:user:<id>` (or `new-order:browser:<id>`).
 */
export const codeSendLimits = pgTable(
  'portation_code_send_limits',
  {
    scope: text('scope').notNull(),
    /** The Moscow day the count is for. */
    day: date('day', { mode: 'string' }).notNull(),
    sends: smallint('sends').notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.day] })],
);

/** The recipients' offices where a subscriber picks up the new SIM (demo data per operator and region). */
export const recipientOffices = pgTable(
  'recipient_offices',
  {
    /** `<operator slug>-<region code>-<n>`: stable across re-seeding. */
    id: text('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    regionCode: integer('region_code')
      .notNull()
      .references(() => regions.code, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address').notNull(),
    hours: text('hours').notNull(),
  },
  (t) => [index('recipient_offices_operator_region_idx').on(t.operatorId, t.regionCode)],
);

/**
 * The central database stand-in's own records (demo and test only): one row per application it
 * received. A real central database keeps these on its side; the stand-in keeps them here so every
 * node that mounts it sees the same processes.
 */
export const bdpnStandinProcesses = pgTable(
  'bdpn_standin_processes',
  {
    id: text('id').primaryKey(),
    applicationId: text('application_id').notNull().unique(),
    msisdn: text('msisdn').notNull(),
    record: jsonb('record').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('bdpn_standin_processes_msisdn_idx').on(t.msisdn)],
);

/** The stand-in donors' record of debts paid (demo and test only): a paid number owes nothing any more. */
export const bdpnStandinDebtPayments = pgTable('bdpn_standin_debt_payments', {
  msisdn: text('msisdn').primaryKey(),
  paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
});
