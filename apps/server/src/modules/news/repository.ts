import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sanitizeStoryHtml } from './sanitize';
import { news } from './tables';

const listColumns = {
  id: news.id,
  slug: news.slug,
  title: news.title,
  summary: news.summary,
  publishedAt: news.publishedAt,
};

/** One page of stories, newest first, with the total for the pager. */
export async function listNews(db: Database, page: number, pageSize: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns)
      .from(news)
      .orderBy(desc(news.publishedAt), desc(news.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(news),
  ]);
  return { rows, totalRows: total?.n ?? 0 };
}

export async function findNewsBySlug(db: Database, slug: string) {
  const [row] = await db.select().from(news).where(eq(news.slug, slug));
  return row;
}

export interface NewNewsItem {
  slug: string;
  title: string;
  summary: string;
  html: string;
  publishedAt: Date;
}

/** Stores stories (sanitising their HTML on the way in); an existing slug is left as it is. */
export async function insertNews(db: Database, items: NewNewsItem[]) {
  if (items.length === 0) return;
  await db
    .insert(news)
    .values(items.map((item) => ({ ...item, html: sanitizeStoryHtml(item.html) })))
    .onConflictDoNothing({ target: news.slug });
}
