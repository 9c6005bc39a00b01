import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SECTION_ROLES } from '@perenos/porting-rules/back-office';
import { Type } from 'typebox';
import { INT4_MAX, PageSchema, ProblemRef } from '../../lib/schemas';
import { actorOf, STAFF_SCHEMA } from '../staff';
import { inbox, inboxMessage, reply, setStatus } from './staff-service';
import { FEEDBACK_STATUSES } from './tables';

const Status = Type.Union(
  FEEDBACK_STATUSES.map((s) => Type.Literal(s)),
  { description: 'new — новое, read — прочитано, handled — обработано' },
);

const MessageSchema = Type.Object(
  {
    id: Type.Integer({ description: 'Номер обращения' }),
    name: Type.String(),
    email: Type.String(),
    topic: Type.String(),
    message: Type.String(),
    status: Status,
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'StaffFeedbackMessage' },
);

const ThreadSchema = Type.Object(
  {
    ...MessageSchema.properties,
    replies: Type.Array(
      Type.Object({
        id: Type.Integer(),
        staffName: Type.String(),
        subject: Type.String(),
        body: Type.String(),
        createdAt: Type.String({ format: 'date-time' }),
        delivery: Type.Union(
          [Type.Literal('pending'), Type.Literal('sent'), Type.Literal('failed'), Type.Literal('skipped')],
          {
            description: 'Отправлено ли письмо',
          },
        ),
      }),
    ),
  },
  { $id: 'StaffFeedbackThread' },
);

const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: INT4_MAX }) });

/** Support's inbox of the contacts form: list, read, mark, reply by e-mail. */
const feedbackStaffRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(MessageSchema);
  app.addSchema(ThreadSchema);
  const support = { staff: SECTION_ROLES.feedback } as const;

  app.get(
    '/v1/staff/feedback',
    {
      config: support,
      schema: {
        ...STAFF_SCHEMA,
        operationId: 'getStaffFeedbackList',
        summary: 'Обращения, сначала новые по времени; сколько каких (просмотр записывается в журнал)',
        querystring: Type.Object({
          status: Type.Optional(Status),
          Skip: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
          Take: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
        }),
        response: {
          200: Type.Object({
            ...PageSchema(Type.Ref('StaffFeedbackMessage')).properties,
            counts: Type.Object({ new: Type.Integer(), read: Type.Integer(), handled: Type.Integer() }),
          }),
          400: ProblemRef,
          404: ProblemRef,
        },
      },
    },
    async (request) => inbox(app.db, actorOf(request), request.query.status, request.query.Skip, request.query.Take),
  );

  app.get(
    '/v1/staff/feedback/:id',
    {
      config: support,
      schema: {
        ...STAFF_SCHEMA,
        operationId: 'getStaffFeedbackThread',
        summary: 'Обращение с ответами (просмотр записывается в журнал)',
        params: IdParams,
        response: { 200: Type.Ref('StaffFeedbackThread'), 400: ProblemRef, 404: ProblemRef },
      },
    },
    async (request) => inboxMessage(app.db, actorOf(request), request.params.id),
  );

  app.put(
    '/v1/staff/feedback/:id/status',
    {
      config: support,
      schema: {
        ...STAFF_SCHEMA,
        operationId: 'setStaffFeedbackStatus',
        summary: 'Отметить обращение новым, прочитанным или обработанным',
        params: IdParams,
        body: Type.Object({ status: Status }),
        response: { 200: Type.Ref('StaffFeedbackThread'), 400: ProblemRef, 404: ProblemRef },
      },
    },
    async (request) => setStatus(app.db, actorOf(request), request.params.id, request.body.status),
  );

  app.post(
    '/v1/staff/feedback/:id/reply',
    {
      config: support,
      schema: {
        ...STAFF_SCHEMA,
        operationId: 'replyStaffFeedback',
        summary: 'Ответить на обращение письмом (ответ сохраняется с обращением)',
        params: IdParams,
        body: Type.Object({
          subject: Type.Optional(
            Type.String({ maxLength: 200, description: 'Тема; без неё — «Ответ на обращение № …»' }),
          ),
          text: Type.String({ minLength: 1, maxLength: 10_000, description: 'Текст ответа' }),
        }),
        response: { 200: Type.Ref('StaffFeedbackThread'), 400: ProblemRef, 404: ProblemRef, 409: ProblemRef },
      },
    },
    async (request) =>
      reply(
        app.db,
        { emailEnabled: app.notifications.channels.email, queue: app.notifications.queueWithIds },
        actorOf(request),
        request.params.id,
        request.body,
      ),
  );
};

export default feedbackStaffRoutes;
