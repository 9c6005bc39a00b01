import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SECTION_ROLES } from '@perenos/porting-rules/back-office';
import { Type } from 'typebox';
import { ProblemRef } from '../../lib/schemas';
import { actorOf, STAFF_SCHEMA } from '../staff';
import { FEATURES } from './features';
import { staffFeatures, switchFeature } from './service';

const StaffFeatureSchema = Type.Object(
  {
    feature: Type.Union(FEATURES.map((f) => Type.Literal(f))),
    isEnabled: Type.Boolean(),
    title: Type.String({ description: 'Название раздела' }),
    disappears: Type.String({ description: 'Что пропадёт с сайта, пока раздел выключен' }),
  },
  { $id: 'StaffFeature' },
);

/** The admin's switches of the site's features. */
const settingsStaffRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(StaffFeatureSchema);

  app.get(
    '/v1/staff/flags',
    {
      config: { staff: SECTION_ROLES.flags },
      schema: {
        ...STAFF_SCHEMA,
        operationId: 'getStaffFlags',
        summary: 'Разделы сайта: включены ли и что пропадёт при выключении',
        response: { 200: Type.Array(Type.Ref('StaffFeature')), 404: ProblemRef },
      },
    },
    async () => staffFeatures(app.db),
  );

  app.put(
    '/v1/staff/flags/:feature',
    {
      config: { staff: SECTION_ROLES.flags },
      schema: {
        ...STAFF_SCHEMA,
        operationId: 'switchStaffFlag',
        summary: 'Включить или выключить раздел (все узлы узнают за 2 с)',
        params: Type.Object({ feature: Type.Union(FEATURES.map((f) => Type.Literal(f))) }),
        body: Type.Object({ isEnabled: Type.Boolean() }),
        response: { 200: Type.Ref('StaffFeature'), 400: ProblemRef, 404: ProblemRef },
      },
    },
    async (request) => {
      const flag = await switchFeature(app.db, actorOf(request), request.params.feature, request.body.isEnabled);
      // This node at once; the others within FLAGS_POLL_MS (plugins/features.ts).
      await app.features.refresh();
      return flag;
    },
  );
};

export default settingsStaffRoutes;
