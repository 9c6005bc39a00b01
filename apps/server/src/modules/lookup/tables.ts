import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { operators } from '../operators/tables';

/**
 * The current numbering plan: one row per range of the registry (Минцифры open data). An import
 * replaces all rows in one transaction, so readers see the old plan or the new one, never a mix.
 */
export const numberingRanges = pgTable(
  'numbering_ranges',
  {
    id: integer('id').primaryKey(),
    /** First and last number of the range as 11-digit integers (7XXXXXXXXXX). */
    fromMsisdn: bigint('from_msisdn', { mode: 'number' }).notNull(),
    toMsisdn: bigint('to_msisdn', { mode: 'number' }).notNull(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    /** The holder's legal name exactly as the registry spells it. */
    legalName: text('legal_name').notNull(),
    inn: text('inn'),
    /** The registry's `Регион` text, kept for people reading the data. */
    regionText: text('region_text').notNull(),
    /** Site regions (FNS codes) the registry text maps to; empty for «Российская Федерация» or «-». */
    regionCodes: integer('region_codes').array().notNull(),
  },
  (t) => [index('numbering_ranges_from_idx').on(t.fromMsisdn)],
);

/** Orders changes to the ported-number registry, so every node can pick up what it has not seen yet. */
export const portedChangeSeq = pgSequence('ported_change_seq');

/**
 * The ported-number registry: numbers served by an operator other than the range holder. A number
 * returned to its range holder keeps its row with `operator_id` null, so nodes polling by
 * `change_seq` see the return.
 */
export const portedNumbers = pgTable(
  'ported_numbers',
  {
    msisdn: bigint('msisdn', { mode: 'number' }).primaryKey(),
    /** Null once the number went back to the range holder (Return_Increment). */
    operatorId: integer('operator_id').references(() => operators.id),
    /** Region as the central database states it (FNS code), when it is a known one. */
    regionCode: integer('region_code'),
    /** Day of the last completed porting. */
    portedOn: date('ported_on', { mode: 'string' }),
    mnc: text('mnc'),
    route: text('route'),
    changeSeq: bigint('change_seq', { mode: 'number' }).notNull().default(sql`nextval('ported_change_seq')`),
  },
  (t) => [index('ported_numbers_change_seq_idx').on(t.changeSeq)],
);

/**
 * Registry writes waiting for their sequence number (decision 146): the porting engine queues a
 * completion here in the transaction that writes Done, without the registry's lock, and a flush moves
 * the waiting rows into `ported_numbers` under that lock once for all of them.
 */
export const portedWrites = pgTable('ported_writes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  msisdn: bigint('msisdn', { mode: 'number' }).notNull(),
  /** Checked against `operators` when the row reaches `ported_numbers` (a key here would lock the operator's row for each). */
  operatorId: integer('operator_id'),
  regionCode: integer('region_code'),
  portedOn: date('ported_on', { mode: 'string' }),
  mnc: text('mnc'),
  route: text('route'),
  /** The registry's newest change when this was queued: a later change of the number is not overwritten. */
  seenSeq: bigint('seen_seq', { mode: 'number' }).notNull(),
  queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row (id 1): versions that tell every node when to rebuild its in-memory index, and what the
 * current plan is (source, demo or real, import summary).
 */
export const lookupState = pgTable('lookup_state', {
  id: integer('id').primaryKey(),
  /** Bumped by every plan import. */
  planVersion: integer('plan_version').notNull().default(0),
  /** Bumped by every full ported-number dump (Port_All), which replaces the registry. */
  portedGeneration: integer('ported_generation').notNull().default(0),
  planSource: text('plan_source'),
  planIsDemo: boolean('plan_is_demo').notNull().default(false),
  planImportedAt: timestamp('plan_imported_at', { withTimezone: true }),
  planSummary: jsonb('plan_summary'),
  portedSummary: jsonb('ported_summary'),
  /** The node that last claimed the scheduled refresh, and when: a conditional update is the claim. */
  refreshClaimedAt: timestamp('refresh_claimed_at', { withTimezone: true }),
});

/** Lookups made per client per Moscow day; the atomic upsert on this row is the quota check. */
export const lookupQuotaUsage = pgTable(
  'lookup_quota_usage',
  {
    /** `ip:<address>` for anonymous clients, `user:<id>` for signed-in ones. */
    clientKey: text('client_key').notNull(),
    /** The Moscow calendar day the count belongs to. */
    day: date('day', { mode: 'string' }).notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.clientKey, t.day] })],
);
