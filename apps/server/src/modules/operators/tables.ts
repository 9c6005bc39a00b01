import { boolean, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { regions } from '../regions/tables';

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
