import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import type { JobQueue } from '../../lib/jobs';
import { conflict, notFound, validationProblem } from '../../lib/problem';
import { audit, type StaffActor } from '../staff';
import { storyHtmlOf } from './markdown';
import {
  bumpNewsVersion,
  findImage,
  findNewsById,
  insertImage,
  insertStory,
  listAllNews,
  lockNews,
  type StoryContent,
  slugsLike,
  updateStory,
} from './repository';
import { firstFree, SLUG_RE, slugFromTitle } from './slug';
import type { news } from './tables';

/** The job that tells every node a scheduled story has just become public. */
export const NEWS_DUE_QUEUE = 'news.due';
export const NEWS_QUEUES = [{ name: NEWS_DUE_QUEUE }] as const;

export interface StoryInput {
  slug: string;
  title: string;
  summary: string;
  markdown: string;
  imageId?: string | null | undefined;
  imageAlt?: string | undefined;
}

type Row = typeof news.$inferSelect;

/** Where a story stands, as the back office names it. */
function stateOf(row: Pick<Row, 'status' | 'publishedAt'>, now: Date): 'draft' | 'scheduled' | 'published' {
  if (row.status === 'draft') return 'draft';
  return row.publishedAt > now ? 'scheduled' : 'published';
}

/** The picture's address on this site. */
export const imageUrl = (id: string | null) => (id ? `/api/v1/news/image/${id}` : null);

function present(row: Row, now: Date) {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    markdown: row.markdown ?? '',
    html: row.html,
    imageId: row.imageId,
    imageUrl: imageUrl(row.imageId),
    imageAlt: row.imageAlt,
    state: stateOf(row, now),
    publishedAt: row.publishedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function slugTaken(err: unknown): never {
  if (isUniqueViolation(err)) throw validationProblem({ slug: ['Этот адрес уже занят другой новостью.'] });
  throw err;
}

/**
 * The story's address: the editor's, or when left empty one made from the title (transliterated) that no
 * other story has (`-2`, `-3`… after it). An address typed in is checked here, to say what it may be.
 */
async function slugOf(db: Database, input: StoryInput, id: number | undefined): Promise<string> {
  const typed = input.slug.trim();
  if (typed !== '') {
    if (!SLUG_RE.test(typed)) {
      throw validationProblem({
        slug: [
          'Адрес новости — латинские строчные буквы, цифры и дефисы между ними, например kak-vybrat-datu. Или оставьте поле пустым: адрес составится из заголовка.',
        ],
      });
    }
    return typed;
  }
  const base = slugFromTitle(input.title);
  return firstFree(base, new Set(await slugsLike(db, base, id)));
}

async function content(db: Database, input: StoryInput, id?: number): Promise<StoryContent> {
  if (input.imageId && !(await findImage(db, input.imageId))) {
    throw validationProblem({ imageId: ['Такой картинки нет: загрузите её снова.'] });
  }
  return {
    slug: await slugOf(db, input, id),
    title: input.title,
    summary: input.summary,
    markdown: input.markdown,
    html: storyHtmlOf(input.markdown),
    imageId: input.imageId ?? null,
    imageAlt: input.imageAlt ?? '',
  };
}

/** Every story, drafts included, for the back office. */
export async function staffNewsList(db: Database, skip: number, take: number, now: Date) {
  const { rows, totalRows } = await listAllNews(db, skip, take);
  return {
    data: rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      title: r.title,
      state: stateOf(r, now),
      publishedAt: r.publishedAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
    offset: skip,
    pageSize: take,
    totalRows,
  };
}

export async function staffStory(db: Database, id: number, now: Date) {
  const row = await findNewsById(db, id);
  if (!row) throw notFound();
  return present(row, now);
}

/** A new story, saved as a draft. */
export async function createStory(db: Database, actor: StaffActor, input: StoryInput, now: Date) {
  const values = await content(db, input);
  const row = await db
    .transaction(async (tx) => {
      const created = await insertStory(tx, values);
      await audit(tx, actor, 'news.create', `news:${created.id}`, { slug: created.slug, title: created.title });
      return created;
    })
    .catch(slugTaken);
  return present(row, now);
}

/** Saves a story's text; a public story changes on the site at once. */
export async function saveStory(db: Database, actor: StaffActor, id: number, input: StoryInput, now: Date) {
  const values = await content(db, input, id);
  const row = await db
    .transaction(async (tx) => {
      const before = await lockNews(tx, id);
      if (!before) throw notFound();
      // A story written as HTML (the demo's) and saved with its text left empty keeps its text.
      if (before.markdown === null && values.markdown?.trim() === '') {
        values.markdown = null;
        values.html = before.html;
      }
      const after = await updateStory(tx, id, values);
      const changed = (Object.keys(values) as (keyof StoryContent)[]).filter((k) => before[k] !== values[k]);
      await audit(tx, actor, 'news.update', `news:${id}`, { changed });
      if (before.status === 'published') await bumpNewsVersion(tx);
      return after as Row;
    })
    .catch(slugTaken);
  return present(row, now);
}

/**
 * Publishes now, or at `at` (a scheduled publication: the story stays off the site until then, and a
 * job at that moment tells every node's page cache). A time in the past is refused.
 */
export async function publishStory(
  db: Database,
  jobs: JobQueue,
  actor: StaffActor,
  id: number,
  at: Date | undefined,
  now: Date,
) {
  if (at && at.getTime() <= now.getTime()) {
    throw validationProblem({ at: ['Время публикации уже прошло: выберите время в будущем или опубликуйте сейчас.'] });
  }
  const row = await db.transaction(async (tx) => {
    const before = await lockNews(tx, id);
    if (!before) throw notFound();
    if (before.html.trim() === '') {
      throw conflict('Новость пуста', 'Напишите текст новости перед публикацией.');
    }
    const after = await updateStory(tx, id, { status: 'published', publishedAt: at ?? now });
    await audit(tx, actor, at ? 'news.schedule' : 'news.publish', `news:${id}`, {
      from: stateOf(before, now),
      publishedAt: (at ?? now).toISOString(),
    });
    await bumpNewsVersion(tx);
    if (at) await jobs.send(NEWS_DUE_QUEUE, { newsId: id }, { startAfter: at }, tx);
    return after as Row;
  });
  return present(row, now);
}

/** Takes a story off the site; it becomes a draft again. */
export async function unpublishStory(db: Database, actor: StaffActor, id: number, now: Date) {
  const row = await db.transaction(async (tx) => {
    const before = await lockNews(tx, id);
    if (!before) throw notFound();
    const after = await updateStory(tx, id, { status: 'draft' });
    await audit(tx, actor, 'news.unpublish', `news:${id}`, { from: stateOf(before, now) });
    await bumpNewsVersion(tx);
    return after as Row;
  });
  return present(row, now);
}

/** The job at a scheduled story's time: the public news changed now. */
export async function storyDue(db: Database): Promise<void> {
  await db.transaction((tx) => bumpNewsVersion(tx));
}

const IMAGE_TYPES: { type: string; magic: (b: Buffer) => boolean }[] = [
  {
    type: 'image/png',
    magic: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: 'image/jpeg', magic: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: 'image/webp',
    magic: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** Stores a picture for stories: PNG, JPEG or WebP by its bytes (never by its name), audited. */
export async function uploadImage(db: Database, actor: StaffActor, bytes: Buffer) {
  const kind = IMAGE_TYPES.find((t) => t.magic(bytes));
  if (!kind) throw validationProblem({ File: ['Картинка должна быть в формате PNG, JPEG или WebP.'] });
  const id = await db.transaction(async (tx) => {
    const stored = await insertImage(tx, kind.type, bytes);
    await audit(tx, actor, 'news.image.upload', `image:${stored}`, { contentType: kind.type, bytes: bytes.length });
    return stored;
  });
  return { id, url: imageUrl(id) as string };
}

/** A story picture, or 404. */
export async function storyImage(db: Database, id: string) {
  const image = await findImage(db, id);
  if (!image) throw notFound();
  return image;
}
