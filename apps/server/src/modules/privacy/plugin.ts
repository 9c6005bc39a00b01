import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import type { AppConfig } from '../../config/env';
import { ProblemRef } from '../../lib/schemas';
import { applicationsUnderWay } from '../porting';
import { eraseMyData, forgetExpiredPersonalData, RETENTION_QUEUE } from './service';

/**
 * Personal data with a purpose and an end (docs/privacy.md): the daily retention job, and the
 * person's own «Удалить мои данные».
 */
export default fp(
  async function privacyPlugin(app: FastifyInstance, opts: { config: AppConfig }) {
    const retentionDays = opts.config.personalDataRetentionDays;
    app.jobs.work(RETENTION_QUEUE, async () => {
      const removed = await forgetExpiredPersonalData(
        app.db,
        app.clock(),
        retentionDays,
        opts.config.feedbackRetentionDays,
      );
      if (removed.applications + removed.people + removed.feedback > 0) {
        app.log.info(removed, 'personal data past its retention removed');
      }
    });
    app.addHook('onReady', async () => {
      // Every night at 03:30 Moscow time, on whichever node takes the job.
      if (opts.config.jobWorkers) await app.jobs.schedule(RETENTION_QUEUE, '30 3 * * *');
    });

    await app.register(
      async (api) => {
        api.get(
          '/v1/account/erasure',
          {
            config: { signIn: true },
            schema: {
              operationId: 'getMyDataErasure',
              tags: ['Личный кабинет'],
              summary: 'Можно ли сейчас удалить мои данные, и какие переносы этому мешают',
              response: {
                200: Type.Object({
                  allowed: Type.Boolean({ description: 'Удалить данные можно сейчас' }),
                  running: Type.Array(
                    Type.Object({
                      id: Type.Integer({ description: 'Номер заявления' }),
                      msisdn: Type.String({ description: 'Переносимый номер' }),
                    }),
                    { description: 'Переносы, которые идут: пока они не завершены, удалить данные нельзя' },
                  ),
                }),
                401: ProblemRef,
              },
            },
          },
          async (request) => {
            const userId = request.user?.userId;
            if (userId === undefined) throw new Error('signIn did not run');
            const running = await applicationsUnderWay(app.db, userId);
            return { allowed: running.length === 0, running };
          },
        );

        api.delete(
          '/v1/account',
          {
            config: { signIn: true },
            schema: {
              operationId: 'deleteMyData',
              tags: ['Личный кабинет'],
              summary: 'Удалить мои данные: профиль, паспорт, адреса, номера кабинета и сеансы входа',
              description:
                'Отказывает (400 с причиной), пока идёт перенос номера. История заявлений остаётся обезличенной. Подтверждение приходит письмом на почту из Госуслуг; после удаления можно войти заново — как новый пользователь.',
              response: {
                204: Type.Null({ description: 'Данные удалены, сеанс завершён' }),
                400: ProblemRef,
                401: ProblemRef,
              },
            },
          },
          async (request, reply) => {
            const userId = request.user?.userId;
            if (userId === undefined) throw new Error('signIn did not run');
            await eraseMyData(
              {
                db: app.db,
                notify: (tx, messages) => app.notifications.queue(tx, messages),
                revoked: async (ids) => {
                  for (const id of ids) await app.session.familyRevoked(id);
                },
                now: app.clock,
              },
              userId,
            );
            app.session.clearCookies(reply);
            request.log.info({ userId }, 'personal data erased at the person’s request');
            return reply.code(204).send(null);
          },
        );
      },
      { prefix: '/api' },
    );
  },
  { name: 'privacy', dependencies: ['database', 'jobs', 'session', 'notifications'] },
);
