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
  MsisdnInfoSchema,
  OrderStatusSchema,
  PortationEventSchema,
  PortationInfoQuery,
  PortationInfoSchema,
} from './schemas';
import { accountInfo, accountOrders, accountPortations, msisdnInfo, portationInfo } from './service';

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
      return accountInfo(app.db, lookup, user.userId, user.name);
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
      const info = await msisdnInfo(app.db, lookup, userId, q.Msisdn);
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
      const info = await msisdnInfo(app.db, lookup, userId, q.Msisdn);
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
};

export default accountRoutes;
