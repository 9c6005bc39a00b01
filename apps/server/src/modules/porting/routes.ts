import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { rateLimited } from '../../lib/problem';
import { InProcessRateStore } from '../../lib/rate-limit-store';
import { ProblemRef } from '../../lib/schemas';
import { ORDER_OWNER } from '../../lib/security';
import type { Owner, PortingDeps } from './deps';
import type { DocumentPool } from './document-pool';
import type { ChangeFeed } from './live';
import { type OrderDocument, orderCalendar, orderPdf } from './order-documents';
import {
  CodeSentSchema,
  ContractTermsSchema,
  GetQuery,
  InitBody,
  OfficeListSchema,
  OrderIdParams,
  PortationOrderSchema,
  PortationProblemSchema,
  SubmitBody,
  UpdateBody,
} from './schemas';
import { sendCode } from './steps/code';
import { initOrder } from './steps/init';
import { getOrder, orderOffices, orderTerms } from './steps/read';
import { refileOrder } from './steps/refile';
import { submitOrder } from './steps/submit';
import { updateOrder } from './steps/update';
import { MAX_STREAMS_PER_SESSION, type StreamSlots } from './stream-slots';
import { deleteOrder } from './withdrawal';

const TAGS = ['Заявления на перенос'];
/** An anonymous order's owner cookie lives as long as a draft may (7 days) and a bit. */
const OWNER_COOKIE_SECONDS = 8 * 24 * 3600;
const SSE_HEARTBEAT_MS = 20_000;
/**
 * A person downloads their application and calendar a few times at most; a stream of downloads is a
 * script, and each new version costs a drawing (decision 126). The PDF and the calendar count together.
 */
const DOCUMENT_LIMIT = { max: 30, timeWindow: '1 minute' };
const DOCUMENT_TERMS =
  'Только владельцу заявления. Не больше 30 скачиваний в минуту вместе с другим документом заявления (429). ETag — версия документа: с If-None-Match той же версии ответ 304 без тела.';

/** The five order calls (docs/product.md §13), the confirmation code, and the live stream of the user's portations. */
const portingRoutes: FastifyPluginAsyncTypebox<{
  deps: PortingDeps;
  feed: ChangeFeed;
  slots: StreamSlots;
  documents: DocumentPool;
}> = async (app, opts) => {
  const { deps, feed, slots, documents } = opts;
  app.addSchema(PortationOrderSchema);
  app.addSchema(PortationProblemSchema);
  app.addSchema(CodeSentSchema);
  app.addSchema(ContractTermsSchema);
  app.addSchema(OfficeListSchema);
  const ownerCookie = `${app.session.secure ? '__Host-' : ''}perenos-order-owner`;
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'lax',
    secure: app.session.secure,
    path: '/',
    signed: true,
    maxAge: OWNER_COOKIE_SECONDS,
  } as const;

  /** The browser's owner id from its signed cookie (null when absent or forged). */
  const browserOf = (request: FastifyRequest): string | null => {
    const raw = request.cookies[ownerCookie];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    return unsigned.valid ? unsigned.value : null;
  };
  const ownerOf = (request: FastifyRequest): Owner => ({
    userId: request.user?.userId ?? null,
    browserId: browserOf(request),
  });
  const signedIn = (request: FastifyRequest): Owner & { userId: number } => {
    const owner = ownerOf(request);
    if (owner.userId === null) throw new Error('requireUser did not run');
    return owner as Owner & { userId: number };
  };
  const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'private, no-store');
  };
  app.addHook('onSend', noStore);

  await app.register(rateLimit, {
    global: false,
    // Shared by every node through Redis when there is one (REDIS_URL); in process otherwise. A Redis
    // outage lets downloads through rather than failing them (each is still the owner's alone).
    ...(app.redis
      ? { redis: app.redis, nameSpace: `${app.redisPrefix}rate:documents:`, skipOnError: true }
      : { store: InProcessRateStore }),
    errorResponseBuilder: () => rateLimited('Слишком много скачиваний подряд. Попробуйте снова через минуту.'),
  });
  // One counter for both documents, per signed-in person. It runs after the sign-in check (an
  // anonymous call answers 401 first), so the user is always known here.
  const documentLimit = app.rateLimit({
    ...DOCUMENT_LIMIT,
    keyGenerator: (request) => `user:${request.user?.userId ?? request.ip}`,
  });
  /** Sends an order's document: 304 when the asker has this version, else its body, with the version's ETag. */
  const sendDocument = (reply: FastifyReply, doc: OrderDocument, type: string, fileName: string) => {
    reply.header('etag', doc.tag);
    if (doc.body === null) return reply.code(304).send();
    return reply.type(type).header('content-disposition', `attachment; filename="${fileName}"`).send(doc.body);
  };

  app.post(
    '/v1/order/portation/init',
    {
      config: { feature: 'Portation' },
      schema: {
        operationId: 'initPortationOrder',
        tags: TAGS,
        summary: 'Шаг 1: создать заявление на перенос номера (вход не нужен)',
        description:
          'Номер должен быть мобильным номером плана нумерации, не переносившимся последние 60 дней, без незавершённого заявления. Заявление без входа принадлежит браузеру, в котором создано (подписанная cookie): после входа его можно продолжить. Шаг называет оператора и регион номера, как проверка номера, поэтому расходует одну проверку из того же лимита (429 quota-exceeded, когда он исчерпан); неверно записанный или не мобильный номер лимит не расходует. Новых заявлений в день — не больше 10 на человека (или браузер без входа) и 5 на номер, как бы они ни открывались (шаг 1, «Подать заново»): сверх — 429 rate-limited.',
        body: InitBody,
        response: {
          200: Type.Ref('PortationOrder'),
          400: Type.Ref('PortationProblem'),
          429: Type.Union([Type.Ref('QuotaProblem'), ProblemRef]),
        },
      },
    },
    async (request, reply) => {
      let owner = ownerOf(request);
      if (owner.browserId === null) {
        const browserId = randomUUID();
        owner = { ...owner, browserId };
        reply.setCookie(ownerCookie, browserId, cookieOptions);
      }
      return initOrder(deps, owner, request.body, () =>
        app.lookupQuotas.spend(app.lookupQuotaClient(request), deps.now()),
      );
    },
  );

  app.get(
    '/v1/order/portation/:id',
    {
      config: { feature: 'Portation' },
      schema: {
        operationId: 'getPortationOrder',
        security: ORDER_OWNER,
        tags: TAGS,
        summary: 'Заявление на перенос (только его владельцу)',
        params: OrderIdParams,
        querystring: GetQuery,
        response: { 200: Type.Ref('PortationOrder'), 400: ProblemRef, 401: ProblemRef, 404: ProblemRef },
      },
    },
    async (request) => getOrder(deps, ownerOf(request), request.params.id, request.query.withPersonal === true),
  );

  app.put(
    '/v1/order/portation/:id',
    {
      config: { feature: 'Portation', signIn: true },
      schema: {
        operationId: 'updatePortationOrder',
        security: ORDER_OWNER,
        tags: TAGS,
        summary: 'Шаги 2–3: новый оператор, тариф, дата переноса, почта',
        params: OrderIdParams,
        body: UpdateBody,
        response: { 200: Type.Ref('PortationOrder'), 400: ProblemRef, 401: ProblemRef, 404: ProblemRef },
      },
    },
    async (request) => updateOrder(deps, signedIn(request), request.params.id, request.body),
  );

  app.post(
    '/v1/order/portation/:id/code',
    {
      config: { feature: 'Portation', signIn: true },
      schema: {
        operationId: 'sendPortationCode',
        security: ORDER_OWNER,
        tags: TAGS,
        summary: 'Шаг 3: прислать код подтверждения номера по SMS',
        description:
          'Нужен, если переносимый номер не подтверждён в Госуслугах. Код из 6 цифр действует 10 минут, 5 попыток ввода; новый код — не чаще раза в минуту и не больше 5 раз в день.',
        params: OrderIdParams,
        response: {
          200: Type.Ref('PortationCodeSent'),
          400: ProblemRef,
          401: ProblemRef,
          404: ProblemRef,
          429: ProblemRef,
          503: ProblemRef,
        },
      },
    },
    async (request) => sendCode(deps, signedIn(request), request.params.id),
  );

  app.put(
    '/v1/order/portation/:id/submit',
    {
      config: { feature: 'Portation', signIn: true },
      schema: {
        operationId: 'submitPortationOrder',
        security: ORDER_OWNER,
        tags: TAGS,
        summary: 'Шаг 3: подписать и отправить заявление',
        description:
          'Номер должен быть подтверждённым номером из Госуслуг или подтверждён кодом из SMS. Заявление уходит в БДПН, его статус — PendingBDPN.',
        params: OrderIdParams,
        body: SubmitBody,
        response: {
          200: Type.Ref('PortationOrder'),
          400: ProblemRef,
          401: ProblemRef,
          404: ProblemRef,
          503: ProblemRef,
        },
      },
    },
    async (request) => submitOrder(deps, signedIn(request), request.params.id, request.body),
  );

  app.get(
    '/v1/order/portation/:id/offices',
    {
      config: { feature: 'Portation' },
      schema: {
        operationId: 'getPortationOffices',
        security: ORDER_OWNER,
        tags: TAGS,
        summary: 'Шаг 3: офисы нового оператора в регионе номера, где выдают SIM-карту',
        params: OrderIdParams,
        response: { 200: Type.Ref('RecipientOffices'), 400: ProblemRef, 404: ProblemRef },
      },
    },
    async (request) => orderOffices(deps, ownerOf(request), request.params.id),
  );

  app.get(
    '/v1/order/portation/:id/terms',
    {
      config: { feature: 'Portation' },
      schema: {
        operationId: 'getPortationTerms',
        security: ORDER_OWNER,
        tags: TAGS,
        summary: 'Шаг 3: условия договора с новым оператором и плата за перенос',
        description: 'Редакцию условий (`version`) нужно передать при отправке заявления как `contractVersion`.',
        params: OrderIdParams,
        response: { 200: Type.Ref('ContractTerms'), 400: ProblemRef, 404: ProblemRef },
      },
    },
    async (request) => orderTerms(deps, ownerOf(request), request.params.id),
  );

  app.get(
    '/v1/order/portation/:id/calendar.ics',
    {
      config: { feature: 'Portation', signIn: true },
      preValidation: documentLimit,
      schema: {
        operationId: 'getPortationCalendar',
        security: ORDER_OWNER,
        tags: TAGS,
        summary: 'Ночь переноса для календаря (iCalendar)',
        description:
          'Одно событие — окно переноса (00:00–06:00 МСК): что будет и что делать, если утром новая SIM-карта не работает. ' +
          DOCUMENT_TERMS,
        produces: ['text/calendar'],
        params: OrderIdParams,
        response: {
          200: Type.String({ description: 'Файл .ics' }),
          400: ProblemRef,
          401: ProblemRef,
          404: ProblemRef,
          429: ProblemRef,
          503: ProblemRef,
        },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      const ics = await orderCalendar(deps, documents, signedIn(request), id, request.headers['if-none-match']);
      return sendDocument(reply, ics, 'text/calendar; charset=utf-8', `perenos-${id}.ics`);
    },
  );

  app.get(
    '/v1/order/portation/:id/application.pdf',
    {
      config: { feature: 'Portation', signIn: true },
      preValidation: documentLimit,
      schema: {
        operationId: 'getPortationApplicationPdf',
        security: ORDER_OWNER,
        tags: TAGS,
        summary: 'Заявление на перенос в PDF — распечатать или сохранить',
        description: DOCUMENT_TERMS,
        produces: ['application/pdf'],
        params: OrderIdParams,
        response: {
          200: Type.String({ format: 'binary', description: 'Файл PDF' }),
          401: ProblemRef,
          404: ProblemRef,
          429: ProblemRef,
          503: ProblemRef,
        },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      const pdf = await orderPdf(deps, documents, signedIn(request), id, request.headers['if-none-match']);
      return sendDocument(reply, pdf, 'application/pdf', `zayavlenie-${id}.pdf`);
    },
  );

  app.post(
    '/v1/order/portation/:id/refile',
    {
      config: { feature: 'Portation', signIn: true },
      schema: {
        operationId: 'refilePortationOrder',
        security: ORDER_OWNER,
        tags: TAGS,
        summary: 'Подать заново: новое заявление с теми же выбором оператора, тарифа, SIM-карты и почтой',
        description:
          'Только для отменённого или отклонённого заявления. Новое заявление — черновик с ближайшей датой переноса; отказывает так же, как шаг 1 (60 дней после переноса, незавершённое заявление), и расходует то же, что шаг 1: одну проверку номера (429 quota-exceeded) и одно из новых заявлений дня — 10 на человека, 5 на номер (429 rate-limited).',
        params: OrderIdParams,
        response: {
          200: Type.Ref('PortationOrder'),
          400: Type.Ref('PortationProblem'),
          401: ProblemRef,
          404: ProblemRef,
          429: Type.Union([Type.Ref('QuotaProblem'), ProblemRef]),
        },
      },
    },
    async (request) =>
      refileOrder(deps, signedIn(request), request.params.id, () =>
        app.lookupQuotas.spend(app.lookupQuotaClient(request), deps.now()),
      ),
  );

  app.delete(
    '/v1/order/portation/:id',
    {
      config: { feature: 'Portation' },
      schema: {
        operationId: 'deletePortationOrder',
        security: ORDER_OWNER,
        tags: TAGS,
        summary: 'Удалить черновик или отозвать заявление (пока окно переноса не назначено)',
        description:
          'Черновик удаляется сразу. Отправленное заявление отзывается, только если БДПН подтвердила отзыв (до назначения окна переноса): тогда 204 и номер не будет перенесён; иначе 400 с причиной, или 503, если БДПН не ответила (заявление остаётся в силе). Повторный отзыв отозванного — снова 204; заявление, которое уже закрыл кто-то другой (отказ оператора или БДПН, истёкший срок), — 409 с причиной.',
        params: OrderIdParams,
        response: {
          204: Type.Null({ description: 'Заявление удалено' }),
          400: ProblemRef,
          404: ProblemRef,
          409: ProblemRef,
          503: ProblemRef,
        },
      },
    },
    async (request, reply) => {
      await deleteOrder(deps, ownerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  // Server-Sent Events: the user's open pages hear of every change of their orders and portations.
  // A stream belongs to its session (family): it ends when the session is revoked on any node — sign-out,
  // a stolen refresh token, «Удалить мои данные» — and a session holds at most a few (issue 35).
  const streams = new Map<string, Set<() => void>>();
  const endAll = (familyId: string) => {
    for (const end of streams.get(familyId) ?? []) end();
  };
  const stopListening = app.session.onFamilyRevoked(endAll);
  app.addHook('preClose', async () => {
    stopListening();
    for (const family of streams.values()) for (const end of family) end();
  });
  const slotError = (err: unknown) => app.log.warn({ err }, 'живой поток: счётчик потоков сеанса недоступен');
  app.get(
    '/v1/account/events',
    {
      config: { signIn: true },
      schema: {
        operationId: 'getAccountEvents',
        tags: ['Личный кабинет'],
        summary: 'Поток изменений заявлений и переносов пользователя (Server-Sent Events)',
        description: `text/event-stream: событие \`portation\` с данными { orderId, portationId, msisdn, status } при каждом изменении, комментарий раз в 20 с. Не больше ${MAX_STREAMS_PER_SESSION} потоков на сеанс входа (429); поток закрывается, когда сеанс завершён (выход, удаление данных).`,
        produces: ['text/event-stream'],
        response: { 200: Type.String({ description: 'Поток событий' }), 401: ProblemRef, 429: ProblemRef },
      },
    },
    async (request, reply) => {
      const { userId } = signedIn(request);
      const familyId = request.sessionFamilyId;
      if (familyId === null) throw new Error('signIn did not run');
      const streamId = request.id;
      // Redis unreachable: the stream opens uncounted (as the rate limits do), the failure logged.
      const taken = await slots.take(familyId, streamId, deps.now().getTime()).catch((err: unknown) => {
        slotError(err);
        return true;
      });
      if (!taken) {
        throw rateLimited(
          `Личный кабинет открыт в слишком многих вкладках: не больше ${MAX_STREAMS_PER_SESSION} обновляются сами. Закройте лишние вкладки и обновите страницу.`,
          undefined,
          { 'retry-after': '30' },
        );
      }
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'private, no-store',
        connection: 'keep-alive',
        // nginx and other proxies must pass events on at once.
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      raw.write('retry: 3000\n: подключено\n\n');
      const unsubscribe = feed.subscribe(userId, (change) => {
        const { orderId, portationId, msisdn, status } = change;
        raw.write(`event: portation\ndata: ${JSON.stringify({ orderId, portationId, msisdn, status })}\n\n`);
      });
      // Each heartbeat renews the slot and asks again whether the session lives: without Redis, a sign-out
      // on another node reaches this one's streams here (within the session check's cache time and a beat).
      const heartbeat = setInterval(() => {
        raw.write(': ping\n\n');
        slots.renew(familyId, streamId, deps.now().getTime()).catch(slotError);
        stillActive();
      }, SSE_HEARTBEAT_MS);
      heartbeat.unref();
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        unsubscribe();
        const family = streams.get(familyId);
        family?.delete(end);
        if (family?.size === 0) streams.delete(familyId);
        slots.release(familyId, streamId).catch(slotError);
        raw.end();
      };
      const stillActive = () => {
        Promise.resolve(app.session.familyActive(familyId)).then(
          (active) => {
            if (!active) end();
          },
          (err: unknown) => app.log.warn({ err }, 'живой поток: сеанс не проверен'),
        );
      };
      raw.on('close', end);
      const family = streams.get(familyId) ?? new Set<() => void>();
      family.add(end);
      streams.set(familyId, family);
      // The client went away while the slot was taken, or the session was revoked meanwhile.
      if (raw.destroyed) end();
      else stillActive();
    },
  );
};

export default portingRoutes;
