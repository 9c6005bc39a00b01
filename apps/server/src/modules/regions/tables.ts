import { integer, pgTable, text } from 'drizzle-orm/pg-core';

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
