import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DELIVERY_NAMES, DESK_STAGE_NAMES, SECTION_ROLES } from '@perenos/porting-rules/back-office';
import { Type } from 'typebox';
import { INT4_MAX, PageSchema, ProblemRef } from '../../lib/schemas';
import { actorOf, STAFF_SCHEMA } from '../staff';
import type { PortingDeps } from './deps';
import { cancelByStaff, deskList, deskOrder, deskPersonalData, findForDesk, resendLast } from './staff-service';
import { ORDER_STATUSES } from './tables';

const Status = Type.Union(ORDER_STATUSES.map((s) => Type.Literal(s)));
const When = Type.String({ format: 'date-time' });
const MaybeWhen = Type.Union([When, Type.Null()]);
const MaybeText = Type.Union([Type.String(), Type.Null()]);

const DeskOrderSchema = Type.Object(
  {
    id: Type.Integer({ description: 'Номер заявления' }),
    msisdn: Type.String(),
    status: Status,
    reason: MaybeText,
    disputedAt: Type.Union([When, Type.Null()], {
      description:
        'Когда наблюдатель номера с более слабым подтверждением (код из SMS против Госуслуг) ответил «Это не я»: спор для поддержки, заявление продолжается',
    }),
    regionName: MaybeText,
    fromOperator: MaybeText,
    toOperator: MaybeText,
    tariffName: MaybeText,
    portationDate: MaybeText,
    createdAt: When,
    submittedAt: MaybeWhen,
    lastUpdateAt: When,
    portation: Type.Union([
      Type.Object({
        id: Type.Integer(),
        status: Status,
        processId: MaybeText,
        windowStart: MaybeWhen,
        completedAt: MaybeWhen,
      }),
      Type.Null(),
    ]),
    timeline: Type.Array(
      Type.Object({ occurredAt: When, status: Status, kind: Type.String(), description: Type.String() }),
    ),
    gateway: Type.Union(
      [
        Type.Object({
          messages: Type.Array(
            Type.Object({ seq: Type.Integer(), type: Type.String(), at: Type.String(), reason: MaybeText }),
          ),
        }),
        Type.Object({ error: Type.String() }),
        Type.Null(),
      ],
      { description: 'Сообщения процесса в БДПН (null, пока заявление туда не отправлено)' },
    ),
    notifications: Type.Array(
      Type.Object({
        id: Type.Integer(),
        channel: Type.Union([Type.Literal('sms'), Type.Literal('email')]),
        recipient: Type.String({ description: 'Скрыт: полностью — в персональных данных' }),
        subject: Type.String(),
        body: Type.String({ description: 'Код подтверждения в тексте скрыт: ••••••' }),
        status: Type.Union(
          (Object.keys(DELIVERY_NAMES) as (keyof typeof DELIVERY_NAMES)[]).map((k) => Type.Literal(k)),
          {
            description: Object.entries(DELIVERY_NAMES)
              .map(([k, v]) => `${k} — «${v}»`)
              .join(', '),
          },
        ),
        attempts: Type.Integer(),
        error: MaybeText,
        createdAt: When,
        sentAt: MaybeWhen,
      }),
    ),
  },
  { $id: 'StaffPortingOrder' },
);

const PersonalSchema = Type.Object(
  {
    name: MaybeText,
    birthDate: MaybeText,
    passportMasked: MaybeText,
    mobiles: Type.Array(Type.String()),
    email: MaybeText,
    orderEmail: MaybeText,
    recipients: Type.Array(Type.String(), { description: 'Куда сайт отправлял уведомления' }),
  },
  { $id: 'StaffPortingPersonal' },
);

const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: INT4_MAX }) });

const DeskListEntrySchema = Type.Object(
  {
    id: Type.Integer({ description: 'Номер заявления' }),
    msisdn: Type.String(),
    status: Status,
    stage: Type.Union(
      (Object.keys(DESK_STAGE_NAMES) as (keyof typeof DESK_STAGE_NAMES)[]).map((k) => Type.Literal(k)),
      {
        description: Object.entries(DESK_STAGE_NAMES)
          .map(([k, v]) => `${k} — «${v}»`)
          .join(', '),
      },
    ),
    stuck: Type.Union([Type.String(), Type.Null()], {
      description: 'Почему заявление зависло (прошло больше, чем позволяет процесс); null — не зависло',
    }),
    createdAt: When,
    submittedAt: MaybeWhen,
    lastUpdateAt: When,
    portationDate: MaybeText,
    windowStart: MaybeWhen,
    heldUntil: MaybeWhen,
    disputedAt: MaybeWhen,
  },
  { $id: 'StaffPortingListEntry' },
);

/** The porting desk (role support): find an order, see its course, resend, cancel a stuck one. */
const portingStaffRoutes: FastifyPluginAsyncTypebox<{ deps: PortingDeps }> = async (app, { deps }) => {
  app.addSchema(DeskOrderSchema);
  app.addSchema(PersonalSchema);
  app.addSchema(DeskListEntrySchema);
  const support = { staff: SECTION_ROLES.porting } as const;

  app.get(
    '/v1/staff/porting/list',
    {
      config: support,
      schema: {
        ...STAFF_SCHEMA,
        operationId: 'listStaffPortingOrders',
        summary:
          'Заявления в работе (отправленные, перенос ещё не закончен) или зависшие (прошло больше, чем позволяет процесс), сначала ждущие дольше; просмотр записывается в журнал',
        querystring: Type.Object({
          list: Type.Union([Type.Literal('active'), Type.Literal('stuck')], {
            description: 'active — в работе, stuck — зависшие',
          }),
          Skip: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0, description: 'Сколько строк пропустить' }),
          Take: Type.Integer({ minimum: 1, maximum: 50, default: 10, description: 'Сколько строк вернуть' }),
        }),
        response: { 200: PageSchema(Type.Ref('StaffPortingListEntry')), 400: ProblemRef, 404: ProblemRef },
      },
    },
    async (request) => deskList(deps, actorOf(request), request.query.list, request.query.Skip, request.query.Take),
  );

  app.get(
    '/v1/staff/porting/orders',
    {
      config: support,
      schema: {
        ...STAFF_SCHEMA,
        operationId: 'findStaffPortingOrders',
        summary: 'Найти заявления по номеру заявления или номеру телефона (поиск записывается в журнал)',
        querystring: Type.Object({
          q: Type.String({ minLength: 1, maxLength: 40, description: '4711 или +7 916 123-45-67' }),
        }),
        response: {
          200: Type.Array(
            Type.Object({
              id: Type.Integer(),
              msisdn: Type.String(),
              status: Status,
              createdAt: When,
              lastUpdateAt: When,
              disputedAt: MaybeWhen,
            }),
          ),
          400: ProblemRef,
          404: ProblemRef,
        },
      },
    },
    async (request) =>
      (await findForDesk(deps, actorOf(request), request.query.q)).map((o) => ({
        ...o,
        createdAt: o.createdAt.toISOString(),
        lastUpdateAt: o.lastUpdateAt.toISOString(),
        disputedAt: o.disputedAt?.toISOString() ?? null,
      })),
  );

  app.get(
    '/v1/staff/porting/orders/:id',
    {
      config: support,
      schema: {
        ...STAFF_SCHEMA,
        operationId: 'getStaffPortingOrder',
        summary: 'Заявление: ход, сообщения БДПН, отправленные уведомления (просмотр записывается в журнал)',
        params: IdParams,
        response: { 200: Type.Ref('StaffPortingOrder'), 400: ProblemRef, 404: ProblemRef },
      },
    },
    async (request) => deskOrder(deps, actorOf(request), request.params.id),
  );

  app.get(
    '/v1/staff/porting/orders/:id/personal',
    {
      config: support,
      schema: {
        ...STAFF_SCHEMA,
        operationId: 'getStaffPortingPersonal',
        summary: 'Персональные данные заявителя (каждый просмотр записывается в журнал)',
        params: IdParams,
        response: { 200: Type.Ref('StaffPortingPersonal'), 400: ProblemRef, 404: ProblemRef },
      },
    },
    async (request) => deskPersonalData(deps, actorOf(request), request.params.id),
  );

  app.post(
    '/v1/staff/porting/orders/:id/resend',
    {
      config: support,
      schema: {
        ...STAFF_SCHEMA,
        operationId: 'resendStaffPortingNotification',
        summary: 'Отправить последнее уведомление ещё раз',
        params: IdParams,
        response: { 200: Type.Ref('StaffPortingOrder'), 400: ProblemRef, 404: ProblemRef, 409: ProblemRef },
      },
    },
    async (request) => resendLast(deps, actorOf(request), request.params.id),
  );

  app.post(
    '/v1/staff/porting/orders/:id/cancel',
    {
      config: support,
      schema: {
        ...STAFF_SCHEMA,
        operationId: 'cancelStaffPortingOrder',
        summary: 'Отменить зависшее заявление; причину получит абонент',
        params: IdParams,
        body: Type.Object({
          reason: Type.String({ minLength: 5, maxLength: 300, description: 'Причина для абонента' }),
        }),
        response: {
          200: Type.Ref('StaffPortingOrder'),
          400: ProblemRef,
          404: ProblemRef,
          409: ProblemRef,
          503: ProblemRef,
        },
      },
    },
    async (request) => cancelByStaff(deps, actorOf(request), request.params.id, request.body.reason),
  );
};

export default portingStaffRoutes;
