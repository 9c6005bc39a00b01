import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ProblemRef } from '../../lib/schemas';
import { NewsItemSchema, NewsListQuery, NewsPageSchema, NewsStorySchema } from './schemas';
import { newsPage, newsStory } from './service';

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
    async (request) => newsPage(app.db, request.query.Page, request.query.PageSize),
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
    async (request) => newsStory(app.db, request.params.slug),
  );
};

export default newsRoutes;
