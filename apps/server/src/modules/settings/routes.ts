import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ProblemRef } from '../../lib/schemas';
import { FeatureFlagSchema, SettingSchema } from './schemas';
import { features, publicSetting, publicSettings } from './service';

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
    async () => features(app.db),
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
    async () => publicSettings(app.db),
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
    async (request) => publicSetting(app.db, request.params.key),
  );
};

export default settingsRoutes;
