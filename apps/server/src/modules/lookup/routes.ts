import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { INVALID_MSISDN_MESSAGE, normaliseMsisdn } from '@perenos/phone';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppConfig } from '../../config/env';
import { HttpProblem, problemDocument, timedOut, tooLarge, validationProblem } from '../../lib/problem';
import { ProblemRef } from '../../lib/schemas';
import { type BatchInput, batchFormatOf } from './batch/input';
import { readTextBatch } from './batch/read-csv';
import { readXlsxBatch } from './batch/read-xlsx';
import { csvResult } from './batch/write-csv';
import { xlsxResult } from './batch/write-xlsx';
import {
  BatchBusyProblemSchema,
  BatchUploadSchema,
  LookupNotFoundSchema,
  MsisdnInfoSchema,
  MsisdnRequestSchema,
  NumberingPlanInfoSchema,
  QuotaSchema,
} from './schemas';
import { batchBusy, numberNotFound, quotaExhausted } from './service';

const TAGS = ['Проверка номера'];

/** «20 МБ», «64 КБ». */
function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.floor(bytes / 1024 / 1024)} МБ` : `${Math.floor(bytes / 1024)} КБ`;
}
const JSON_TYPE = 'application/json; charset=utf-8';

/** `Date.toISOString` of the quota's renewal, kept while it is the same instant (it changes once a day). */
let lastRefresh = { at: new Date(0), iso: new Date(0).toISOString() };
function isoOf(at: Date): string {
  if (at.getTime() !== lastRefresh.at.getTime()) lastRefresh = { at, iso: at.toISOString() };
  return lastRefresh.iso;
}
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Number lookup: single and batch, the quota, and the in-memory index behind them. */
const lookupRoutes: FastifyPluginAsyncTypebox<{ config: AppConfig }> = async (app, opts) => {
  const cfg = opts.config.lookup;
  const engine = app.lookup;
  const quotas = app.lookupQuotas;
  const counted = app.metrics.lookup;
  const batches = app.lookupBatches;

  await app.register(multipart, {
    limits: { fileSize: cfg.batchMaxBytes, files: 1, fields: 10, parts: 11, fieldSize: 1024 },
  });

  app.addSchema(QuotaSchema);
  app.addSchema(MsisdnInfoSchema);
  app.addSchema(LookupNotFoundSchema);
  app.addSchema(NumberingPlanInfoSchema);
  app.addSchema(BatchUploadSchema);
  app.addSchema(BatchBusyProblemSchema);

  const clientOf = app.lookupQuotaClient;

  // The refusals are the service's; sent, not thrown, on the hot path of a lookup (no stack trace).
  const refuse = (request: FastifyRequest, reply: FastifyReply, problem: HttpProblem) =>
    reply
      .code(problem.status)
      .type('application/problem+json')
      .headers(problem.headers ?? {})
      .send(problemDocument(problem, request.id));

  app.post(
    '/v1.1/msisdn/info/single',
    {
      // A lookup changes nothing a person's kept pages show (decision 149).
      config: { pagesUnchanged: true },
      // Every answer of this route (the lookup, 400, 404, 429) is far under the kilobyte from which JSON
      // is compressed: its requests skip the compression hooks (decision 023).
      compress: false,
      schema: {
        operationId: 'getMsisdnInfo',
        tags: TAGS,
        summary: 'Оператор и регион номера (с учётом переноса)',
        description:
          'Отвечает по реестру перенесённых номеров, затем по плану нумерации. Расходует одну проверку из лимита; неверно записанный номер лимит не расходует.',
        body: MsisdnRequestSchema,
        response: {
          200: Type.Ref('MsisdnInfo'),
          400: ProblemRef,
          404: Type.Ref('LookupNotFound'),
          429: Type.Ref('QuotaProblem'),
        },
      },
    },
    async (request, reply) => {
      const msisdn = normaliseMsisdn(request.body.msisdn);
      // A typo is not a lookup: checked before the quota is touched.
      if (!msisdn) throw validationProblem({ msisdn: [INVALID_MSISDN_MESSAGE] });
      const quota = await quotas.spend(clientOf(request), app.clock());
      if (!quota.allowed) {
        counted.refusedSingle.inc();
        return refuse(request, reply, quotaExhausted(quota.refreshAt, app.clock()));
      }
      const refreshAt = isoOf(quota.refreshAt);
      const ready = engine.isReady;
      if (ready) {
        // The answer as JSON text, made from parts serialized once (decision 023); the same bytes as below.
        const json = engine.lookupJson(msisdn, `{"remainingCount":${quota.remainingCount},"refreshAt":"${refreshAt}"}`);
        if (json !== undefined) {
          counted.found.inc();
          return reply.type(JSON_TYPE).send(json);
        }
      }
      const left = { remainingCount: quota.remainingCount, refreshAt };
      // While the index is still being built, the answer comes from the database through the schema serializer.
      const answer = ready ? undefined : await engine.lookupFresh(msisdn);
      if (answer) {
        counted.found.inc();
        return { ...answer, quota: left };
      }
      counted.notFound.inc();
      return refuse(request, reply, numberNotFound(left));
    },
  );

  app.post(
    '/v1.1/msisdn/info/quota',
    {
      config: { pagesUnchanged: true },
      schema: {
        operationId: 'getMsisdnQuota',
        tags: TAGS,
        summary: 'Сколько проверок осталось и когда лимит обновится',
        body: Type.Optional(Type.Object({})),
        response: { 200: Type.Ref('Quota') },
      },
    },
    async (request) => {
      const quota = await quotas.read(clientOf(request), app.clock());
      return { remainingCount: quota.remainingCount, refreshAt: quota.refreshAt.toISOString() };
    },
  );

  app.get(
    '/v1.1/msisdn/info/plan',
    {
      schema: {
        operationId: 'getNumberingPlanInfo',
        tags: TAGS,
        summary: 'Какой план нумерации загружен и ограничения пакетной проверки',
        response: { 200: Type.Ref('NumberingPlanInfo') },
      },
    },
    async () => ({
      isDemo: engine.planFacts.isDemo,
      source: engine.planFacts.source,
      importedAt: engine.planFacts.importedAt?.toISOString() ?? null,
      ranges: engine.planFacts.ranges,
      indexReady: engine.isReady,
      maxRows: cfg.batchMaxRows,
      maxBytes: cfg.batchMaxBytes,
    }),
  );

  app.post(
    '/v1.1/msisdn/info/batch',
    {
      config: { signIn: true, pagesUnchanged: true },
      // The answer is a file streamed row by row; compressing it would cost more CPU than the network it saves.
      compress: false,
      // The body is a multipart stream read in the handler; its schema is for the API document.
      validatorCompiler: () => () => true,
      schema: {
        operationId: 'getMsisdnInfoBatch',
        tags: TAGS,
        summary: 'Пакетная проверка номеров из файла',
        description:
          'Файл .csv, .txt или .xlsx в поле File. Ответ — файл того же вида (для .txt — CSV): по строке на каждую строку файла в том же порядке, с оператором и регионом; неверные строки помечены. Расходует одну проверку из лимита. Узел обрабатывает не больше BATCH_CONCURRENCY файлов сразу: следующий получает 503 с заголовком Retry-After, не расходуя лимит.',
        consumes: ['multipart/form-data'],
        produces: ['text/csv', XLSX_TYPE],
        body: Type.Ref('BatchUpload'),
        response: {
          200: Type.String({ format: 'binary', description: 'Файл с результатом' }),
          400: ProblemRef,
          401: ProblemRef,
          408: Type.Ref('Problem', {
            description: 'Файл загружался дольше, чем отведено на обработку (BATCH_TIMEOUT_MS)',
          }),
          413: ProblemRef,
          429: Type.Ref('QuotaProblem'),
          503: Type.Ref('BatchBusyProblem'),
        },
      },
    },
    async (request, reply) => {
      // A slot before the upload is read: the upload is the first thing a batch holds in memory.
      const leave = batches.enter();
      if (!leave) {
        return refuse(request, reply, batchBusy(batches.retryAfter()));
      }
      // Given back when the answer is sent or the client has gone, whatever happened in between.
      reply.raw.once('close', leave);
      const deadline = app.clock().getTime() + cfg.batchTimeoutMs;
      if (!request.isMultipart()) throw validationProblem({ File: ['Приложите файл с номерами.'] });
      let file: Awaited<ReturnType<typeof request.file>>;
      let bytes: Buffer;
      // The upload too must arrive within the time bound: a slow one would hold its slot for good.
      let late = false;
      const timer = setTimeout(() => {
        late = true;
        if (file) file.file.destroy(new Error('upload timed out'));
        else request.raw.destroy();
      }, cfg.batchTimeoutMs);
      try {
        file = await request.file();
        if (file?.fieldname !== 'File') throw validationProblem({ File: ['Приложите файл с номерами.'] });
        bytes = await file.toBuffer();
      } catch (err) {
        if (err instanceof HttpProblem) throw err;
        if (late) {
          throw timedOut('Файл загружался слишком долго', {
            File: ['Файл не успел загрузиться. Проверьте соединение и попробуйте ещё раз.'],
          });
        }
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw tooLarge({ File: [`Файл больше ${sizeText(cfg.batchMaxBytes)}.`] });
        }
        // A broken multipart body (no boundary, cut short, bad part headers) is the client's mistake.
        request.log.info({ err }, 'batch upload could not be read');
        throw validationProblem({ File: ['Файл не удалось получить: запрос с файлом оформлен неверно.'] });
      } finally {
        clearTimeout(timer);
      }
      const format = batchFormatOf(file.filename);
      if (bytes.length === 0) throw validationProblem({ File: ['Файл пуст: в нём нет ни одного номера.'] });
      const limits = {
        maxRows: cfg.batchMaxRows,
        maxUncompressedBytes: cfg.batchMaxUncompressedBytes,
        maxZipEntries: cfg.batchMaxZipEntries,
        deadline,
        now: () => app.clock().getTime(),
      };
      const input: BatchInput =
        format === 'xlsx' ? await readXlsxBatch(bytes, limits) : await readTextBatch(bytes, format, limits);
      // Only a readable file costs a request.
      const quota = await quotas.spend(clientOf(request), app.clock());
      if (!quota.allowed) {
        counted.refusedBatch.inc();
        return refuse(request, reply, quotaExhausted(quota.refreshAt, app.clock()));
      }
      counted.batchFile.inc();
      const base = file.filename.replace(/\.[^.]*$/, '').slice(0, 100) || 'numbers';
      const ext = format === 'xlsx' ? 'xlsx' : 'csv';
      const name = `${base}-результат.${ext}`;
      reply
        .header(
          'Content-Disposition',
          `attachment; filename="result.${ext}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .header('Cache-Control', 'no-store');
      // A node still building its index after a start answers files once it is done.
      await engine.whenReady();
      // One view of the index for the whole file, so each distinct answer is formatted once.
      const view = engine.batchView();
      if (input.format === 'xlsx') return reply.type(XLSX_TYPE).send(xlsxResult(input, view));
      return reply.type('text/csv; charset=utf-8').send(csvResult(input, view));
    },
  );
};

export default lookupRoutes;
