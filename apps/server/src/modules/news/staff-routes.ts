import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SECTION_ROLES } from '@perenos/porting-rules/back-office';
import { Type } from 'typebox';
import { HttpProblem, tooLarge, validationProblem } from '../../lib/problem';
import { INT4_MAX, PageSchema, ProblemRef } from '../../lib/schemas';
import { actorOf, STAFF_SCHEMA } from '../staff';
import { storyHtmlOf } from './markdown';
import { StaffStoryItemSchema, StaffStorySchema, StoryBody } from './schemas';
import {
  createStory,
  publishStory,
  saveStory,
  staffNewsList,
  staffStory,
  unpublishStory,
  uploadImage,
} from './staff-service';

const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: INT4_MAX }) });
const StoryRef = Type.Ref('StaffStory');

/** The editor's calls (role editor): stories with drafts, scheduled publication, pictures, the preview. */
const newsStaffRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(StaffStorySchema);
  app.addSchema(StaffStoryItemSchema);
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
  const editor = { staff: SECTION_ROLES.news } as const;

  app.get(
    '/v1/staff/news',
    {
      config: editor,
      schema: {
        ...STAFF_SCHEMA,
        operationId: 'getStaffNewsList',
        summary: 'Все новости с черновиками, сначала изменённые последними',
        querystring: Type.Object({
          Skip: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
          Take: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
        }),
        response: { 200: PageSchema(Type.Ref('StaffStoryItem')), 400: ProblemRef, 404: ProblemRef },
      },
    },
    async (request) => staffNewsList(app.db, request.query.Skip, request.query.Take, app.clock()),
  );

  app.get(
    '/v1/staff/news/:id',
    {
      config: editor,
      schema: {
        ...STAFF_SCHEMA,
        operationId: 'getStaffNewsStory',
        summary: 'Новость с исходным текстом',
        params: IdParams,
        response: { 200: StoryRef, 400: ProblemRef, 404: ProblemRef },
      },
    },
    async (request) => staffStory(app.db, request.params.id, app.clock()),
  );

  app.post(
    '/v1/staff/news',
    {
      config: editor,
      schema: {
        ...STAFF_SCHEMA,
        operationId: 'createStaffNewsStory',
        summary: 'Новая новость (черновик)',
        body: StoryBody,
        response: { 200: StoryRef, 400: ProblemRef, 404: ProblemRef },
      },
    },
    async (request) => createStory(app.db, actorOf(request), request.body, app.clock()),
  );

  app.put(
    '/v1/staff/news/:id',
    {
      config: editor,
      schema: {
        ...STAFF_SCHEMA,
        operationId: 'saveStaffNewsStory',
        summary: 'Сохранить новость (опубликованная меняется на сайте сразу)',
        params: IdParams,
        body: StoryBody,
        response: { 200: StoryRef, 400: ProblemRef, 404: ProblemRef },
      },
    },
    async (request) => saveStory(app.db, actorOf(request), request.params.id, request.body, app.clock()),
  );

  app.post(
    '/v1/staff/news/:id/publish',
    {
      config: editor,
      schema: {
        ...STAFF_SCHEMA,
        operationId: 'publishStaffNewsStory',
        summary: 'Опубликовать сейчас или в назначенное время',
        params: IdParams,
        body: Type.Object({
          at: Type.Optional(Type.String({ format: 'date-time', description: 'Когда опубликовать; без него — сейчас' })),
        }),
        response: { 200: StoryRef, 400: ProblemRef, 404: ProblemRef, 409: ProblemRef },
      },
    },
    async (request) => {
      const at = request.body.at === undefined ? undefined : new Date(request.body.at);
      if (at && Number.isNaN(at.getTime()))
        throw validationProblem({ at: ['Введите дату и время в формате ISO 8601.'] });
      return publishStory(app.db, app.jobs, actorOf(request), request.params.id, at, app.clock());
    },
  );

  app.post(
    '/v1/staff/news/:id/unpublish',
    {
      config: editor,
      schema: {
        ...STAFF_SCHEMA,
        operationId: 'unpublishStaffNewsStory',
        summary: 'Снять с сайта (новость станет черновиком)',
        params: IdParams,
        response: { 200: StoryRef, 400: ProblemRef, 404: ProblemRef },
      },
    },
    async (request) => unpublishStory(app.db, actorOf(request), request.params.id, app.clock()),
  );

  app.post(
    '/v1/staff/news/preview',
    {
      config: { ...editor, readOnly: true },
      schema: {
        ...STAFF_SCHEMA,
        operationId: 'previewStaffNewsStory',
        summary: 'Markdown как HTML страницы новости (очищенный так же)',
        body: Type.Object({ markdown: Type.String({ maxLength: 100_000 }) }),
        response: { 200: Type.Object({ html: Type.String() }), 400: ProblemRef, 404: ProblemRef },
      },
    },
    async (request) => ({ html: storyHtmlOf(request.body.markdown) }),
  );

  app.post(
    '/v1/staff/news/images',
    {
      config: editor,
      // The body is a multipart stream read in the handler; its schema is for the API document.
      validatorCompiler: () => () => true,
      schema: {
        ...STAFF_SCHEMA,
        operationId: 'uploadStaffNewsImage',
        summary: 'Загрузить картинку для новости (PNG, JPEG, WebP, до 2 МБ)',
        consumes: ['multipart/form-data'],
        body: Type.Object({ File: Type.String({ format: 'binary' }) }),
        response: {
          200: Type.Object({ id: Type.String(), url: Type.String() }),
          400: ProblemRef,
          404: ProblemRef,
          413: ProblemRef,
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (!request.isMultipart()) throw validationProblem({ File: ['Приложите картинку.'] });
      let bytes: Buffer;
      try {
        const file = await request.file();
        if (file?.fieldname !== 'File') throw validationProblem({ File: ['Приложите картинку.'] });
        bytes = await file.toBuffer();
      } catch (err) {
        if (err instanceof HttpProblem) throw err;
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw tooLarge({ File: ['Картинка больше 2 МБ.'] });
        }
        request.log.info({ err }, 'image upload could not be read');
        throw validationProblem({ File: ['Файл не удалось получить: запрос с файлом оформлен неверно.'] });
      }
      return uploadImage(app.db, actor, bytes);
    },
  );
};

export default newsStaffRoutes;
