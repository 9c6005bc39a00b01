import type { Database } from '../../db/client';
import { STORIES } from './demo';
import { insertNews } from './repository';

const DAY = 24 * 60 * 60 * 1000;

/** Demo stories, one every 9 days back from 20 November 2026. */
export async function seedNewsDemo(db: Database): Promise<void> {
  const newest = Date.UTC(2026, 10, 20, 9, 0);
  await insertNews(
    db,
    STORIES.map((story, i) => ({ ...story, publishedAt: new Date(newest - i * 9 * DAY) })),
  );
}
