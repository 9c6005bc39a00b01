import { sql } from 'drizzle-orm';
import { customType, index, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Raw bytes (`bytea`): PGlite hands back a Uint8Array, node-postgres a Buffer; both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const NEWS_STATUSES = ['draft', 'published'] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];

/**
 * News stories. `html` is sanitised before it is stored; stories written in the back office keep their
 * Markdown source in `markdown` and `html` is made from it. A story is public when it is `published` and
 * its `published_at` has come (a later time is a scheduled publication); a draft's `published_at` is only
 * the date it was started.
 */
export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    html: text('html').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().default(sql`now()`),
    status: text('status', { enum: NEWS_STATUSES }).notNull().default('published'),
    markdown: text('markdown'),
    imageId: uuid('image_id').references(() => newsImages.id, { onDelete: 'set null' }),
    imageAlt: text('image_alt').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  // The list reads newest first, a page at a time.
  (t) => [index('news_published_at_idx').on(t.publishedAt.desc(), t.id.desc())],
);

/** Pictures uploaded for stories, kept in the database so that every node serves them. */
export const newsImages = pgTable('news_images', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
});
