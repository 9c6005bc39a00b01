import { sql } from 'drizzle-orm';
import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** News stories; `html` is sanitised before it is stored. */
export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    html: text('html').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  // The list reads newest first, a page at a time.
  (t) => [index('news_published_at_idx').on(t.publishedAt.desc(), t.id.desc())],
);
