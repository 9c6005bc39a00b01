import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound } from '../../lib/problem';
import { ProblemRef } from '../../lib/schemas';
import type { SessionUser } from '../../plugins/session';
import {
  AccountInfoSchema,
  AccountOperatorSchema,
  AccountOrderSchema,
  AccountOrdersQuery,
  AccountOrdersSchema,
  AccountPortationSchema,
  AccountPortationsQuery,
  AccountPortationsSchema,
  AlertHoldSchema,
  AlertParams,
  AlertSchema,
  AlertsQuery,
  AlertsSchema,
  MsisdnInfoSchema,
  OrderStatusSchema,
  PortationEventSchema,
  PortationInfoQuery,
  PortationInfoSchema,
  WatchBody,
  WatchCodeBody,
  WatchCodeSentSchema,
  WatchParams,
  WatchSwitchSchema,
} from './schemas';
import {
  accountAlerts,
  accountInfo,
  accountOrders,
  accountPortations,
  answerAlert,
  confirmWatchCode,
  msisdnInfo,
  portationInfo,
  sendWatchCode,
  switchWatch,
  watchSwitches,
} from './service';

const TAGS = ['Личный кабинет'];

/** The signed-in user; `requireUser` has run, so it is there. */
function userOf(request: { user: SessionUser | null }): SessionUser {
  if (!request.user) throw new Error('requireUser did not run');
  return request.user;
}

/** The personal account: the user's numbers, their orders and portations. Someone else's number is «not found». */
/** The spec's Skip/Take/SortBy/SortDesc query as the repository's paging. */
function pagingOf<S extends string>(q: { Skip: number; Take: number; SortBy: S; SortDesc: boolean }) {
  return { skip: q.Skip, take: q.Take, sortBy: q.SortBy, sortDesc: q.SortDesc };
}

const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const schema of [
    OrderStatusSchema,
    AccountOperatorSchema,
    MsisdnInfoSchema,
    AccountInfoSchema,
    AccountOrderSchema,
    AccountPortationSchema,
    AccountOrdersSchema,
    AccountPortationsSchema,
    PortationEventSchema,
    PortationInfoSchema,
    WatchSwitchSchema,
    WatchCodeSentSchema,
    AlertHoldSchema,
    AlertSchema,
    AlertsSchema,
  ]) {
    app.addSchema(schema);
  }
  // Sign-in first: 401 before the query is validated (an anonymous call without parameters is a 401, not a 400).
  app.addHook('onRequest', app.requireUser);
  const lookup = (msisdn: string) => app.lookup.lookupFresh(msisdn);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/v1/account/info',
    {
      schema: {
        operationId: 'getAccountInfo',
        tags: TAGS,
        summary: 'Номера пользователя и его имя',
        response: { 200: Type.Ref('AccountInfo'), 401: ProblemRef },
      },
    },
    async (request) => {
      const user = userOf(request);
      return accountInfo(app.db, lookup, user.userId, user.name, app.clock());
    },
  );

  app.get(
    '/v1/account/orders',
    {
      schema: {
        operationId: 'getAccountOrders',
        tags: TAGS,
        summary: 'Заявки на перенос номера, постранично',
        querystring: AccountOrdersQuery,
        response: { 200: Type.Ref('AccountOrders'), 400: ProblemRef, 401: ProblemRef, 404: ProblemRef },
      },
    },
    async (request) => {
      const { userId } = userOf(request);
      const q = request.query;
      const info = await msisdnInfo(app.db, lookup, userId, q.Msisdn, app.clock());
      if (!info) throw notFound();
      const orders = await accountOrders(app.db, userId, q.Msisdn, pagingOf(q));
      return { msisdnInfo: info, orders };
    },
  );

  app.get(
    '/v1/account/portations',
    {
      schema: {
        operationId: 'getAccountPortations',
        tags: TAGS,
        summary: 'Переносы номера, постранично',
        querystring: AccountPortationsQuery,
        response: { 200: Type.Ref('AccountPortations'), 400: ProblemRef, 401: ProblemRef, 404: ProblemRef },
      },
    },
    async (request) => {
      const { userId } = userOf(request);
      const q = request.query;
      const info = await msisdnInfo(app.db, lookup, userId, q.Msisdn, app.clock());
      if (!info) throw notFound();
      const portations = await accountPortations(app.db, userId, q.Msisdn, pagingOf(q));
      return { msisdnInfo: info, portations };
    },
  );

  app.get(
    '/v1/account/portationinfo',
    {
      schema: {
        operationId: 'getAccountPortationInfo',
        tags: TAGS,
        summary: 'Перенос номера и история его статусов',
        querystring: PortationInfoQuery,
        response: { 200: Type.Ref('AccountPortationInfo'), 400: ProblemRef, 401: ProblemRef, 404: ProblemRef },
      },
    },
    async (request) => {
      const { userId } = userOf(request);
      const info = await portationInfo(app.db, userId, request.query.Msisdn, request.query.PortationId);
      if (!info) throw notFound();
      return info;
    },
  );

  app.get(
    '/v1/account/watch',
    {
      schema: {
        operationId: 'getAccountWatch',
        tags: TAGS,
        summary: 'Оповещения о попытках перенести номер: включены ли они для каждого номера',
        response: { 200: Type.Array(Type.Ref('WatchSwitch')), 401: ProblemRef },
      },
    },
    async (request) => watchSwitches(app.db, userOf(request).userId, app.porting.deps.now()),
  );

  app.put(
    '/v1/account/watch/:msisdn',
    {
      schema: {
        operationId: 'setAccountWatch',
        tags: TAGS,
        summary: 'Включить или выключить «Сообщать о попытках перенести номер»',
        description:
          'Когда включено, о каждой попытке перенести номер через этот сайт (начато заявление, запрошен код, подано заявление) и о переносе номера по данным БДПН приходят письмо на почту из Госуслуг и SMS на этот номер, а оповещение появляется в личном кабинете. Заявление, поданное на этот номер другим человеком, ждёт вашего ответа до 24 часов. Включить можно только для номера, подтверждённого в Госуслугах (пока он там указан) или кодом из SMS (30 дней, и только пока номер не перенёс кто-то другой); с истечением подтверждения оповещения выключаются.',
        params: WatchParams,
        body: WatchBody,
        response: { 200: Type.Ref('WatchSwitch'), 400: ProblemRef, 401: ProblemRef, 404: ProblemRef },
      },
    },
    async (request) => {
      const { userId } = userOf(request);
      const now = app.porting.deps.now();
      const result = await switchWatch(app.db, userId, request.params.msisdn, request.body.enabled, now);
      if (!result) throw notFound();
      return result;
    },
  );

  app.post(
    '/v1/account/watch/:msisdn/code',
    {
      schema: {
        operationId: 'sendAccountWatchCode',
        tags: TAGS,
        summary: '«Получить код»: подтвердить номер кодом из SMS, чтобы включить оповещения',
        description:
          'Для номера личного кабинета, который не подтверждён в Госуслугах. Код из 6 цифр действует 10 минут, 5 попыток ввода; лимиты общие с кодами заявлений: на номер — не чаще раза в минуту и не больше 5 в день, на человека — 10 в день. Те, кто уже получает оповещения об этом номере, узнают о запросе кода.',
        params: WatchParams,
        response: {
          200: Type.Ref('WatchCodeSent'),
          400: ProblemRef,
          401: ProblemRef,
          404: ProblemRef,
          429: ProblemRef,
          503: ProblemRef,
        },
      },
    },
    async (request) => {
      const sent = await sendWatchCode(app.porting.deps, userOf(request).userId, request.params.msisdn);
      if (!sent) throw notFound();
      return sent;
    },
  );

  app.post(
    '/v1/account/watch/:msisdn/confirm',
    {
      schema: {
        operationId: 'confirmAccountWatchCode',
        tags: TAGS,
        summary: 'Ввести код из SMS: номер подтверждён на 30 дней, оповещения включены',
        params: WatchParams,
        body: WatchCodeBody,
        response: { 200: Type.Ref('WatchSwitch'), 400: ProblemRef, 401: ProblemRef, 404: ProblemRef },
      },
    },
    async (request) => {
      const { userId } = userOf(request);
      const result = await confirmWatchCode(app.porting.deps, userId, request.params.msisdn, request.body.code);
      if (!result) throw notFound();
      return result;
    },
  );

  app.get(
    '/v1/account/alerts',
    {
      schema: {
        operationId: 'getAccountAlerts',
        tags: TAGS,
        summary: 'Оповещения о попытках перенести номера пользователя, новые первыми, постранично',
        querystring: AlertsQuery,
        response: { 200: Type.Ref('WatchAlerts'), 400: ProblemRef, 401: ProblemRef },
      },
    },
    async (request) =>
      accountAlerts(app.db, userOf(request).userId, { skip: request.query.Skip, take: request.query.Take }),
  );

  for (const [answer, path, summary] of [
    ['confirm', 'confirm', '«Да, это я»: подтвердить заявление на перенос, ждущее ответа'],
    ['refuse', 'refuse', '«Это не я»: отклонить заявление на перенос, ждущее ответа'],
  ] as const) {
    app.post(
      `/v1/account/alerts/:id/${path}`,
      {
        schema: {
          operationId: answer === 'confirm' ? 'confirmAccountAlert' : 'refuseAccountAlert',
          tags: TAGS,
          summary,
          description:
            'Только для оповещения о поданном заявлении, которое ждёт ответа (hold.state = pending). Подтверждённое заявление сразу уходит в БДПН; отклонённое удаляется, и подавший его видит причину. Отклонить заявление может только тот, чьё подтверждение номера не слабее, чем у подавшего (Госуслуги сильнее кода из SMS): иначе (hold.state = outranked, или подтверждение истекло) «Это не я» записывается как спор для службы поддержки (hold.state = disputed), а заявление продолжается. Повтор того же ответа ничего не меняет; другой ответ после первого — 400.',
          params: AlertParams,
          response: { 200: Type.Ref('WatchAlert'), 400: ProblemRef, 401: ProblemRef, 404: ProblemRef },
        },
      },
      async (request) => {
        const alert = await answerAlert(app.porting.deps, userOf(request).userId, request.params.id, answer);
        if (!alert) throw notFound();
        return alert;
      },
    );
  }
};

export default accountRoutes;
