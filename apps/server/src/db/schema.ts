import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Federal subjects of Russia, keyed by their FNS code (77 Москва, 78 Санкт-Петербург …). */
export const regions = pgTable('regions', {
  code: integer('code').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  shortName: text('short_name').notNull(),
  federalDistrict: text('federal_district').notNull(),
  gridX: integer('grid_x').notNull(),
  gridY: integer('grid_y').notNull(),
});

export const operators = pgTable('operators', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  inn: text('inn'),
  site: text('site'),
  color: text('color').notNull(),
  kind: text('kind').notNull(),
  description: text('description').notNull().default(''),
  /** Operators first met in a registry import have no page of their own. */
  isListed: boolean('is_listed').notNull().default(true),
});

/** Every spelling of an operator's legal name seen in the numbering registry, normalised for matching. */
export const operatorLegalNames = pgTable('operator_legal_names', {
  normalised: text('normalised').primaryKey(),
  legalName: text('legal_name').notNull(),
  operatorId: integer('operator_id')
    .notNull()
    .references(() => operators.id, { onDelete: 'cascade' }),
});

export const regionOperators = pgTable(
  'region_operators',
  {
    regionCode: integer('region_code')
      .notNull()
      .references(() => regions.code, { onDelete: 'cascade' }),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.regionCode, t.operatorId] })],
);

export const featureFlags = pgTable('feature_flags', {
  feature: text('feature').primaryKey(),
  isEnabled: boolean('is_enabled').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  /** Only public settings are readable through the API. */
  isPublic: boolean('is_public').notNull().default(false),
});

export const mediaServices = pgTable('media_services', {
  id: integer('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
});

export const convergenceServices = pgTable('convergence_services', {
  id: integer('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
});

/** Which seed sets have been loaded, so a second start changes nothing. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  version: integer('version').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().default(sql`now()`),
});
