import type { Database } from '../../db/client';
import { notFound } from '../../lib/problem';
import { findNewsBySlug, listNews } from './repository';
import { sanitizeStoryHtml } from './sanitize';
import { imageUrl } from './staff-service';

/** A page of stories, newest first. */
export async function newsPage(db: Database, page: number, pageSize: number) {
  const { rows, totalRows } = await listNews(db, page, pageSize);
  return {
    data: rows.map((r) => ({ ...r, publishedAt: r.publishedAt.toISOString() })),
    page,
    pageSize,
    totalRows,
  };
}

/** One story by its address, or 404. */
export async function newsStory(db: Database, slug: string) {
  const story = await findNewsBySlug(db, slug);
  if (!story) throw notFound();
  // Sanitised on the way out too: a row written by another tool (SQL, an import) never reached the
  // sanitiser on write.
  return {
    ...story,
    html: sanitizeStoryHtml(story.html),
    publishedAt: story.publishedAt.toISOString(),
    imageUrl: imageUrl(story.imageId),
  };
}
