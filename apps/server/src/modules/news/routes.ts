import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound } from '../../lib/problem';
import { ProblemRef } from '../../lib/schemas';
import { findNewsBySlug, listNews } from './repository';
import { sanitizeStoryHtml } from './sanitize';
import { NewsItemSchema, NewsListQuery, NewsPageSchema, NewsStorySchema } from './schemas';

const newsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(NewsItemSchema);
  app.addSchema(NewsStorySchema);
  app.addSchema(NewsPageSchema);

  app.get(
    '/v1/news',
    {
      config: { feature: 'News' },
      schema: {
        operationId: 'getNewsList',
        tags: ['Новости'],
        summary: 'Новости, постранично, сначала свежие',
        querystring: NewsListQuery,
        response: { 200: Type.Ref('NewsPage'), 400: ProblemRef },
      },
    },
    async (request) => {
      const { Page, PageSize } = request.query;
      const { rows, totalRows } = await listNews(app.db, Page, PageSize);
      return {
        data: rows.map((r) => ({ ...r, publishedAt: r.publishedAt.toISOString() })),
        page: Page,
        pageSize: PageSize,
        totalRows,
      };
    },
  );

  app.get(
    '/v1/news/:slug',
    {
      config: { feature: 'News' },
      schema: {
        operationId: 'getNewsStory',
        tags: ['Новости'],
        summary: 'Новость по адресу (slug)',
        params: Type.Object({ slug: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: { 200: Type.Ref('NewsStory'), 404: ProblemRef },
      },
    },
    async (request) => {
      const story = await findNewsBySlug(app.db, request.params.slug);
      if (!story) throw notFound();
      // Sanitised on the way out too: a row written by another tool (SQL, an import) never reached the
      // sanitiser on write.
      return { ...story, html: sanitizeStoryHtml(story.html), publishedAt: story.publishedAt.toISOString() };
    },
  );
};

export default newsRoutes;
