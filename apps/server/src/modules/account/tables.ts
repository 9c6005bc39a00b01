import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { operators, regions } from '../../db/schema';
import { users } from '../esia/tables';

/** Order statuses of spec §5: created, sent to the number-portability database, done, deleted. */
export const ORDER_STATUSES = ['Initialized', 'PendingBDPN', 'Done', 'Deleted'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A phone number of a user: a verified ESIA mobile or a number the user ordered a transfer for. */
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
    /** Operator and region known without a lookup (demo rows); a Done portation overrides the operator. */
    operatorId: integer('operator_id').references(() => operators.id, { onDelete: 'set null' }),
    regionCode: integer('region_code').references(() => regions.code, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [unique('user_numbers_user_msisdn_uq').on(t.userId, t.msisdn)],
);

/** A request to move a number to another operator (filled by the porting wizard). */
export const portationOrders = pgTable(
  'portation_orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    msisdn: text('msisdn').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('Initialized'),
    fromOperatorId: integer('from_operator_id').references(() => operators.id, { onDelete: 'set null' }),
    toOperatorId: integer('to_operator_id').references(() => operators.id, { onDelete: 'set null' }),
    regionCode: integer('region_code').references(() => regions.code, { onDelete: 'set null' }),
    tariffName: text('tariff_name'),
    /** The day the customer wants the number moved. */
    portationDate: timestamp('portation_date', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    lastUpdateAt: timestamp('last_update_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('portation_orders_user_msisdn_idx').on(t.userId, t.msisdn, t.lastUpdateAt)],
);

/** One transfer of a number between operators, as tracked by the number-portability database. */
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
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** When the number moved (or is planned to move); the list is sorted by it («transfered»). */
    portationAt: timestamp('portation_at', { withTimezone: true }),
    lastUpdatedAt: timestamp('last_updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('portations_user_msisdn_idx').on(t.userId, t.msisdn, t.portationAt)],
);

/** The timeline of one portation: each status change with its moment and a note. */
export const portationEvents = pgTable(
  'portation_events',
  {
    id: serial('id').primaryKey(),
    portationId: integer('portation_id')
      .notNull()
      .references(() => portations.id, { onDelete: 'cascade' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    description: text('description').notNull(),
  },
  (t) => [index('portation_events_portation_idx').on(t.portationId, t.occurredAt)],
);
