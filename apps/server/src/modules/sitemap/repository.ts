import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

interface Dated {
  slug: string;
  /** The last change of what the page shows, where the data knows it. */
  lastmod: Date | string | null;
}

const rowsOf = async <T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Published stories whose time has come, newest first. */
export const publicStories = (db: Database) =>
  rowsOf<Dated>(
    db,
    sql`select slug, greatest(published_at, updated_at) as lastmod from news
        where status = 'published' and published_at <= now() order by published_at desc, id desc`,
  );

/** Operators with a page of their own. */
export const listedOperators = (db: Database) =>
  rowsOf<Dated>(db, sql`select slug, null as lastmod from operators where is_listed order by slug`);

/** Every region, with its tariffs' last change. */
export const regionsWithTariffDates = (db: Database) =>
  rowsOf<Dated>(
    db,
    sql`select r.slug, max(t.updated_at) as lastmod from regions r
        left join tariff_regions tr on tr.region_code = r.code
        left join tariffs t on t.id = tr.tariff_id
        group by r.slug order by r.slug`,
  );
