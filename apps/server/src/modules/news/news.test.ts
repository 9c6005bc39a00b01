import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { findNewsBySlug, insertNews } from './repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
};

describe('news', () => {
  it('pages stories newest first with 1-based pages', async () => {
    const first = await get('/api/v1/news?Page=1&PageSize=5');
    expect(first.status).toBe(200);
    expect(first.body.page).toBe(1);
    expect(first.body.pageSize).toBe(5);
    expect(first.body.data).toHaveLength(5);
    const total = first.body.totalRows;
    expect(total).toBeGreaterThanOrEqual(10);
    const dates = first.body.data.map((n: { publishedAt: string }) => Date.parse(n.publishedAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const second = await get('/api/v1/news?Page=2&PageSize=5');
    expect(second.body.data[0].slug).not.toBe(first.body.data[4].slug);
    expect(Date.parse(second.body.data[0].publishedAt)).toBeLessThanOrEqual(dates[4]);
    const past = await get(`/api/v1/news?Page=${Math.ceil(total / 5) + 1}&PageSize=5`);
    expect(past.body.data).toEqual([]);
    expect(past.body.totalRows).toBe(total);
  });

  it('needs Page and PageSize and refuses bad values in Russian', async () => {
    const missing = await get('/api/v1/news');
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ Page: ['Обязательное поле.'], PageSize: ['Обязательное поле.'] });
    const bad = await get('/api/v1/news?Page=0&PageSize=1000');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.Page).toEqual(['Должно быть не меньше 1.']);
    expect(bad.body.errors.PageSize).toEqual(['Должно быть не больше 50.']);
  });

  it('shows a story by slug and answers 404 for any unknown slug', async () => {
    const story = await get('/api/v1/news/kak-vybrat-datu-perenosa');
    expect(story.status).toBe(200);
    expect(story.body.title).toBe('Как выбрать дату переноса номера');
    expect(story.body.html).toContain('<p>');
    for (const slug of ['no-such-story', 'Странный%20адрес', '..%2F..%2Fetc']) {
      const missing = await get(`/api/v1/news/${slug}`);
      expect(missing.status).toBe(404);
      expect(missing.body.title).toBe('Запись не найдена');
    }
  });

  it('sanitises story HTML before storing it', async () => {
    await insertNews(t.database.handle.db, [
      {
        slug: 'xss-attempt',
        title: 'Проверка',
        summary: 'Проверка очистки',
        publishedAt: new Date('2020-01-01T00:00:00Z'),
        html: '<p onclick="steal()">Текст<script>alert(1)</script></p><a href="javascript:alert(1)">ссылка</a><img src="x" onerror="alert(1)"><iframe src="https://evil.example"></iframe><a href="https://mts.ru">МТС</a>',
      },
    ]);
    const stored = await findNewsBySlug(t.database.handle.db, 'xss-attempt');
    expect(stored?.html).toContain('Текст');
    expect(stored?.html).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);
    expect(stored?.html).toContain('<a href="https://mts.ru" rel="noopener noreferrer nofollow">МТС</a>');
  });
});
