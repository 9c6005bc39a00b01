import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { operators } from '../operators/tables';
import { regions } from '../regions/tables';

/**
 * An unlimited allowance inside the database: larger than any real allowance, so `>= min` and
 * `ORDER BY` treat it as "more than any number" without an OR or NULLS FIRST. It never leaves
 * the server: responses carry `null` and `xxxUnlim: true` instead (decision 005).
 */
export const UNLIMITED = 2_147_483_647;

/** A tariff line of an operator: what is included and what extra use costs; sold in regions (tariff_regions). */
export const tariffs = pgTable(
  'tariffs',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** Package (monthly fee with allowances) or NonPackage (pay per use). */
    kind: text('kind').notNull(),
    description: text('description').notNull().default(''),
    /** Included per month; UNLIMITED for unlimited; 0 for pay-per-use. */
    minutes: integer('minutes').notNull(),
    sms: integer('sms').notNull(),
    /** Gigabytes per month. */
    trafficGb: integer('traffic_gb').notNull(),
    /** Roubles per unit: every unit for NonPackage, beyond the allowance for Package; null = not sold. */
    minutePrice: numeric('minute_price', { precision: 10, scale: 4 }),
    smsPrice: numeric('sms_price', { precision: 10, scale: 4 }),
    mbPrice: numeric('mb_price', { precision: 10, scale: 4 }),
    url: text('url'),
    mediaServiceIds: integer('media_service_ids').array().notNull().default(sql`'{}'::integer[]`),
    convergenceServiceIds: integer('convergence_service_ids').array().notNull().default(sql`'{}'::integer[]`),
    isArchived: boolean('is_archived').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('tariffs_operator_slug_uq').on(t.operatorId, t.slug)],
);

/**
 * Where a tariff is sold and for how much, plus a copy of the tariff's searchable columns so a
 * region's search reads one table through one index and joins `tariffs` only for the page it
 * returns. The copies are written in the same transaction as the tariff (repository.ts).
 */
export const tariffRegions = pgTable(
  'tariff_regions',
  {
    regionCode: integer('region_code')
      .notNull()
      .references(() => regions.code, { onDelete: 'cascade' }),
    tariffId: integer('tariff_id')
      .notNull()
      .references(() => tariffs.id, { onDelete: 'cascade' }),
    /** Roubles per month in this region (the fee; 0 for pay-per-use without a fee). */
    price: integer('price').notNull(),
    operatorId: integer('operator_id').notNull(),
    kind: text('kind').notNull(),
    minutes: integer('minutes').notNull(),
    sms: integer('sms').notNull(),
    trafficGb: integer('traffic_gb').notNull(),
    /** Lower-cased name with ё → е: the same substring match on PGlite and any server locale. */
    searchName: text('search_name').notNull(),
    name: text('name').notNull(),
    isArchived: boolean('is_archived').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.regionCode, t.tariffId] }),
    // The list's main path: one region, one kind, in price order (the default sort).
    index('tariff_regions_region_kind_price_idx').on(t.regionCode, t.kind, t.price, t.tariffId),
    // v1.4 has no kind; price order within a region.
    index('tariff_regions_region_price_idx').on(t.regionCode, t.price, t.tariffId),
    // Operator filters and BestByOperator: an operator's tariffs in a region, cheapest first.
    index('tariff_regions_region_operator_price_idx').on(t.regionCode, t.operatorId, t.price),
    index('tariff_regions_tariff_idx').on(t.tariffId),
  ],
);

export const UPLOAD_STATUSES = ['pending', 'applied', 'cancelled'] as const;

/**
 * A catalogue file uploaded in the back office and waiting for a decision: the tariffs read from it
 * (in the exchange format), the rows refused with their reasons, and the preview of what applying it
 * would change. Applying checks that the catalogue has not changed since the preview was made.
 */
export const catalogueUploads = pgTable('catalogue_uploads', {
  id: serial('id').primaryKey(),
  createdBy: text('created_by').notNull(),
  fileName: text('file_name').notNull(),
  /** Archive every tariff the file does not hold (the file is the whole catalogue). */
  replace: boolean('replace').notNull(),
  tariffs: jsonb('tariffs').notNull(),
  refused: jsonb('refused').notNull(),
  preview: jsonb('preview').notNull(),
  /** `tariff_catalogue_version` when the preview was made. */
  baseVersion: text('base_version').notNull(),
  status: text('status', { enum: UPLOAD_STATUSES }).notNull().default('pending'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
});
