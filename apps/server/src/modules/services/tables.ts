import { integer, pgTable, text } from 'drizzle-orm/pg-core';

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
