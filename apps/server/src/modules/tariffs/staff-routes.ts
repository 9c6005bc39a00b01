import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SECTION_ROLES } from '@perenos/porting-rules/back-office';
import { Type } from 'typebox';
import { moscowDay } from '../../lib/moscow';
import { HttpProblem, tooLarge, validationProblem } from '../../lib/problem';
import { INT4_MAX, ProblemRef } from '../../lib/schemas';
import { actorOf, STAFF_SCHEMA } from '../staff';
import { applyUpload, cancelUpload, exportFile, uploadCatalogue, uploadOf } from './staff-service';

/** A catalogue file: 50 000 tariffs in CSV are about 8 MB. */
const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

const Names = Type.Array(Type.String());
const UploadSchema = Type.Object(
  {
    id: Type.Integer(),
    fileName: Type.String(),
    replace: Type.Boolean({ description: 'Файл — весь каталог: тарифы, которых в нём нет, уходят в архив' }),
    status: Type.Union([Type.Literal('pending'), Type.Literal('applied'), Type.Literal('cancelled')]),
    createdAt: Type.String({ format: 'date-time' }),
    decidedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    preview: Type.Object({
      totals: Type.Object({
        added: Type.Integer(),
        changed: Type.Integer(),
        removed: Type.Integer(),
        unchanged: Type.Integer(),
        refused: Type.Integer(),
      }),
      groups: Type.Array(
        Type.Object({
          operatorSlug: Type.String(),
          operatorName: Type.String(),
          regionCode: Type.Integer(),
          regionName: Type.String(),
          added: Names,
          changed: Type.Array(Type.Object({ name: Type.String(), what: Names })),
          removed: Names,
        }),
        { description: 'Изменения по оператору и региону' },
      ),
    }),
    refused: Type.Array(Type.Object({ where: Type.String(), reason: Type.String() }), {
      description: 'Строки, которые не будут загружены, с причиной (первые 500)',
    }),
  },
  { $id: 'StaffCatalogueUpload' },
);

/** `?replace=true|false` as the validator would have read it (the upload's validator is switched off). */
function replaceOf(query: { replace?: unknown }): boolean {
  const value = query.replace;
  if (value === undefined || value === 'false' || value === false) return false;
  if (value === 'true' || value === true) return true;
  throw validationProblem({ replace: ['Должно быть true или false.'] });
}

const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: INT4_MAX }) });

/** The catalogue's calls (role catalogue): upload with a preview, apply or cancel, export. */
const tariffsStaffRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(UploadSchema);
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
  const catalogue = { staff: SECTION_ROLES.tariffs } as const;
  const UploadRef = Type.Ref('StaffCatalogueUpload');

  app.post(
    '/v1/staff/tariffs/uploads',
    {
      config: catalogue,
      // The body is a multipart stream read in the handler, which checks `replace` itself; the schemas are
      // for the API document.
      validatorCompiler: () => () => true,
      schema: {
        ...STAFF_SCHEMA,
        operationId: 'uploadStaffCatalogue',
        summary: 'Загрузить файл каталога (JSON или CSV) и увидеть, что он изменит',
        consumes: ['multipart/form-data'],
        querystring: Type.Object({
          replace: Type.Boolean({
            default: false,
            description: 'Файл — весь каталог: чего нет в файле, уйдёт в архив',
          }),
        }),
        body: Type.Object({ File: Type.String({ format: 'binary' }) }),
        response: { 200: UploadRef, 400: ProblemRef, 404: ProblemRef, 413: ProblemRef },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (!request.isMultipart()) throw validationProblem({ File: ['Приложите файл каталога.'] });
      let file: { name: string; bytes: Buffer };
      try {
        const part = await request.file();
        if (part?.fieldname !== 'File') throw validationProblem({ File: ['Приложите файл каталога.'] });
        file = { name: part.filename, bytes: await part.toBuffer() };
      } catch (err) {
        if (err instanceof HttpProblem) throw err;
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw tooLarge({ File: ['Файл каталога больше 10 МБ.'] });
        }
        request.log.info({ err }, 'catalogue upload could not be read');
        throw validationProblem({ File: ['Файл не удалось получить: запрос с файлом оформлен неверно.'] });
      }
      if (file.bytes.length === 0) throw validationProblem({ File: ['Файл пуст.'] });
      return uploadCatalogue(app.db, actor, file, replaceOf(request.query as { replace?: unknown }));
    },
  );

  app.get(
    '/v1/staff/tariffs/uploads/:id',
    {
      config: catalogue,
      schema: {
        ...STAFF_SCHEMA,
        operationId: 'getStaffCatalogueUpload',
        summary: 'Загрузка каталога и её предпросмотр',
        params: IdParams,
        response: { 200: UploadRef, 400: ProblemRef, 404: ProblemRef },
      },
    },
    async (request) => uploadOf(app.db, request.params.id),
  );

  app.post(
    '/v1/staff/tariffs/uploads/:id/apply',
    {
      config: catalogue,
      schema: {
        ...STAFF_SCHEMA,
        operationId: 'applyStaffCatalogueUpload',
        summary: 'Применить загрузку к каталогу',
        params: IdParams,
        response: { 200: UploadRef, 400: ProblemRef, 404: ProblemRef, 409: ProblemRef },
      },
    },
    async (request) => applyUpload(app.db, actorOf(request), request.params.id),
  );

  app.post(
    '/v1/staff/tariffs/uploads/:id/cancel',
    {
      config: catalogue,
      schema: {
        ...STAFF_SCHEMA,
        operationId: 'cancelStaffCatalogueUpload',
        summary: 'Отменить загрузку (каталог не меняется)',
        params: IdParams,
        response: { 200: UploadRef, 400: ProblemRef, 404: ProblemRef, 409: ProblemRef },
      },
    },
    async (request) => cancelUpload(app.db, actorOf(request), request.params.id),
  );

  app.get(
    '/v1/staff/tariffs/export',
    {
      config: catalogue,
      schema: {
        ...STAFF_SCHEMA,
        operationId: 'exportStaffCatalogue',
        summary: 'Выгрузить весь каталог (JSON или CSV), с архивными тарифами',
        querystring: Type.Object({
          format: Type.Union([Type.Literal('json'), Type.Literal('csv')], { default: 'csv' }),
        }),
        produces: ['text/csv', 'application/json'],
        response: { 200: Type.String({ format: 'binary' }), 400: ProblemRef, 404: ProblemRef },
      },
    },
    async (request, reply) => {
      const format = request.query.format;
      const text = await exportFile(app.db, actorOf(request), format);
      // The staff's day: Moscow's, not UTC's (between 00:00 and 03:00 Moscow time they differ).
      const day = moscowDay(app.clock());
      return reply
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="tariffs-${day}.${format}"`)
        .send(format === 'csv' ? `\uFEFF${text}` : text);
    },
  );
};

export default tariffsStaffRoutes;
