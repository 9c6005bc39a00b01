import { and, count, desc, eq, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { bumpCounterSetting, settingValue } from '../settings';
import { sanitizeStoryHtml } from './sanitize';
import { type NewsStatus, news, newsImages } from './tables';

/** The settings row that grows with every change of what the public sees of the news (the page cache's key). */
export const NEWS_VERSION_KEY = 'news_version';

/** A story anyone may read: published, and its time has come. */
const isPublic: SQL = and(eq(news.status, 'published'), lte(news.publishedAt, sql`now()`)) as SQL;

const listColumns = {
  id: news.id,
  slug: news.slug,
  title: news.title,
  summary: news.summary,
  publishedAt: news.publishedAt,
};

/** One page of public stories, newest first, with the total for the pager. */
export async function listNews(db: Database, page: number, pageSize: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns)
      .from(news)
      .where(isPublic)
      .orderBy(desc(news.publishedAt), desc(news.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(news).where(isPublic),
  ]);
  return { rows, totalRows: total?.n ?? 0 };
}

/** A public story by its address. */
export async function findNewsBySlug(db: Database, slug: string) {
  const [row] = await db
    .select()
    .from(news)
    .where(and(eq(news.slug, slug), isPublic));
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

/** Every story for the back office, drafts and scheduled ones included, newest first. */
export async function listAllNews(db: Database, skip: number, take: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...listColumns, status: news.status, updatedAt: news.updatedAt })
      .from(news)
      // Newest first by the story's own date (a draft's is the day it was started), as the public list reads.
      .orderBy(desc(news.publishedAt), desc(news.id))
      .limit(take)
      .offset(skip),
    db.select({ n: count() }).from(news),
  ]);
  return { rows, totalRows: total?.n ?? 0 };
}

export async function findNewsById(db: Database, id: number) {
  const [row] = await db.select().from(news).where(eq(news.id, id));
  return row;
}

/** Locks a story for a change made in `tx`. */
export async function lockNews(tx: Database, id: number) {
  const [row] = await tx.select().from(news).where(eq(news.id, id)).for('update');
  return row;
}

export interface StoryContent {
  slug: string;
  title: string;
  summary: string;
  /** Null for a story written as HTML (the demo's, an import's): its HTML is kept as it is. */
  markdown: string | null;
  html: string;
  imageId: string | null;
  imageAlt: string;
}

export async function insertStory(tx: Database, content: StoryContent) {
  const [row] = await tx
    .insert(news)
    .values({ ...content, status: 'draft', publishedAt: sql`now()` })
    .returning();
  if (!row) throw new Error('news insert returned no row');
  return row;
}

export async function updateStory(
  tx: Database,
  id: number,
  change: Partial<StoryContent> & { status?: NewsStatus; publishedAt?: Date },
) {
  const [row] = await tx
    .update(news)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(news.id, id))
    .returning();
  return row;
}

/** Tells every node's page cache that the public news changed (read by polling, like the tariff catalogue's). */
export async function bumpNewsVersion(tx: Database): Promise<void> {
  await bumpCounterSetting(tx, NEWS_VERSION_KEY);
}

/** The stored news version ('0' before the first change). */
export async function newsVersion(db: Database): Promise<string> {
  return (await settingValue(db, NEWS_VERSION_KEY)) ?? '0';
}

export async function insertImage(db: Database, contentType: string, bytes: Buffer): Promise<string> {
  const [row] = await db.insert(newsImages).values({ contentType, bytes }).returning({ id: newsImages.id });
  if (!row) throw new Error('image insert returned no row');
  return row.id;
}

export async function findImage(db: Database, id: string) {
  const [row] = await db.select().from(newsImages).where(eq(newsImages.id, id));
  return row;
}

/** The addresses of other stories that are `base` or start with `base-` (for a free one made from a title). */
export async function slugsLike(db: Database, base: string, exceptId: number | undefined): Promise<string[]> {
  const rows = await db
    .select({ slug: news.slug })
    .from(news)
    .where(
      and(
        or(eq(news.slug, base), sql`starts_with(${news.slug}, ${`${base}-`})`),
        exceptId === undefined ? undefined : ne(news.id, exceptId),
      ),
    );
  return rows.map((r) => r.slug);
}

/** Published stories whose time has come, newest first, with their last change (the sitemap). */
export function publicStoryDates(db: Database): Promise<{ slug: string; lastmod: Date | string | null }[]> {
  return rowsOf(
    db,
    sql`select slug, greatest(published_at, updated_at) as lastmod from ${news}
        where status = 'published' and published_at <= now() order by published_at desc, id desc`,
  );
}
