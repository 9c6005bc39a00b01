import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { convergenceServices, mediaServices } from './service';

const ServiceSchema = Type.Object(
  { id: Type.Integer(), slug: Type.String(), name: Type.String(), description: Type.String() },
  { $id: 'TariffService' },
);

/** Subscriptions (media) and home services (convergence) that tariffs may include. */
const serviceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(ServiceSchema);

  app.get(
    '/v1/tariffmediaservice',
    {
      schema: {
        operationId: 'getTariffMediaServices',
        tags: ['Тарифы'],
        summary: 'Медиасервисы, входящие в тарифы (подписки)',
        response: { 200: Type.Array(Type.Ref('TariffService')) },
      },
    },
    async () => mediaServices(app.db),
  );

  app.get(
    '/v1/tariffconvergenceservice',
    {
      schema: {
        operationId: 'getTariffConvergenceServices',
        tags: ['Тарифы'],
        summary: 'Конвергентные услуги: домашний интернет, ТВ и др.',
        response: { 200: Type.Array(Type.Ref('TariffService')) },
      },
    },
    async () => convergenceServices(app.db),
  );
};

export default serviceRoutes;
