import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound } from '../../lib/problem';
import { ProblemRef } from '../../lib/schemas';
import { getPublicSetting, listFeatures, listPublicSettings } from './repository';
import { FeatureFlagSchema, SettingSchema } from './schemas';

const settingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(FeatureFlagSchema);
  app.addSchema(SettingSchema);

  app.get(
    '/v1/setting/feature/list',
    {
      schema: {
        operationId: 'getFeatureList',
        tags: ['Настройки'],
        summary: 'Включённые и выключенные разделы сайта',
        response: { 200: Type.Array(Type.Ref('FeatureFlag')), 400: ProblemRef },
      },
    },
    async () => listFeatures(app.db),
  );

  app.get(
    '/v1/setting/list',
    {
      schema: {
        operationId: 'getSettingList',
        tags: ['Настройки'],
        summary: 'Публичные настройки сайта (тема оформления и др.)',
        response: { 200: Type.Array(Type.Ref('Setting')) },
      },
    },
    async () => listPublicSettings(app.db),
  );

  app.get(
    '/v1/setting/:key',
    {
      schema: {
        operationId: 'getSetting',
        tags: ['Настройки'],
        summary: 'Одна публичная настройка, например site-theme-current',
        params: Type.Object({ key: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: { 200: Type.Ref('Setting'), 404: ProblemRef },
      },
    },
    async (request) => {
      const setting = await getPublicSetting(app.db, request.params.key);
      if (!setting) throw notFound();
      return setting;
    },
  );
};

export default settingsRoutes;
