import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ProblemRef } from '../../lib/schemas';
import { NewsItemSchema, NewsListQuery, NewsPageSchema, NewsStorySchema } from './schemas';
import { newsPage, newsStory } from './service';
import { storyImage } from './staff-service';

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

  app.get(
    '/v1/news/image/:id',
    {
      config: { feature: 'News' },
      schema: {
        operationId: 'getNewsImage',
        tags: ['Новости'],
        summary: 'Картинка новости',
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        produces: ['image/png', 'image/jpeg', 'image/webp'],
        response: { 200: Type.String({ format: 'binary' }), 400: ProblemRef, 404: ProblemRef },
      },
    },
    async (request, reply) => {
      const image = await storyImage(app.db, request.params.id);
      // A picture never changes under its id: a new one gets a new id.
      return reply
        .type(image.contentType)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .send(image.bytes);
    },
  );
};

export default newsRoutes;
