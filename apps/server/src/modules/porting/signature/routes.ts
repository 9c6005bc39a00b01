import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { HttpProblem, notFound } from '../../../lib/problem';
import { ProblemRef } from '../../../lib/schemas';
import { ORDER_OWNER } from '../../../lib/security';
import { OrderIdParams } from '../schemas';
import { ownerSignature, type SigningDeps, signingStatus, startSigning } from './service';
import { supportSignatureFile } from './staff-service';

const TAGS = ['Заявления на перенос'];

/** Signing the application in Госключ (decision 128): start it, see where it stands, download its signature. */
const signatureRoutes: FastifyPluginAsyncTypebox<{ sd: SigningDeps }> = async (app, { sd }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  const signedIn = (request: FastifyRequest) => {
    const userId = request.user?.userId;
    if (userId === undefined) throw new Error('signIn did not run');
    return { userId, browserId: null };
  };

  app.post(
    '/v1/order/portation/:id/signature',
    {
      config: { feature: 'Goskey', signIn: true },
      schema: {
        operationId: 'startPortationSignature',
        security: ORDER_OWNER,
        tags: TAGS,
        summary: 'Шаг 3: отправить заявление на подпись в Госключ',
        description:
          'Только при включённом разделе Goskey. Сайт составляет PDF заявления с условиями договора и согласием (тот же документ, что в личном кабинете) и отправляет его в Госключ заявителю; подписать нужно за 15 минут. Пока подпись ждёт ответа, новая не начинается (400). Заявление должно быть заполнено: оператор, тариф, дата, способ получения SIM-карты. 503 — Госключ недоступен.',
        params: OrderIdParams,
        response: {
          200: Type.Ref('PortationSignatureStarted'),
          400: ProblemRef,
          401: ProblemRef,
          404: ProblemRef,
          503: ProblemRef,
        },
      },
    },
    async (request) => {
      if (!app.features.isEnabled('Portation')) throw notFound();
      return startSigning(sd, signedIn(request), request.params.id);
    },
  );

  app.get(
    '/v1/order/portation/:id/signature',
    {
      config: { feature: 'Portation', signIn: true },
      schema: {
        operationId: 'getPortationSignature',
        security: ORDER_OWNER,
        tags: TAGS,
        summary: 'Подпись заявления в Госключе: не отправлялось, ждёт, подписано, отказ, срок истёк, не принята',
        description:
          'Только владельцу заявления; status none — заявление на подпись ещё не отправлялось. Подписанное заявление скачивается как application.pdf, подпись — application.pdf.sig.',
        params: OrderIdParams,
        response: { 200: Type.Ref('PortationSignature'), 400: ProblemRef, 401: ProblemRef, 404: ProblemRef },
      },
    },
    async (request) => signingStatus(sd, signedIn(request), request.params.id),
  );

  app.get(
    '/v1/order/portation/:id/application.pdf.sig',
    {
      config: { feature: 'Portation', signIn: true },
      schema: {
        operationId: 'getPortationApplicationSignature',
        security: ORDER_OWNER,
        tags: TAGS,
        summary: 'Подпись заявления из Госключа (CMS, отсоединённая, ГОСТ Р 34.10-2012)',
        description:
          'Владельцу заявления и поддержке (просмотр записывается в журнал); остальным — 404. Проверка: `openssl cms -verify -engine gost -binary -inform DER -in application.pdf.sig -content application.pdf -CAfile root.pem`.',
        produces: ['application/pkcs7-signature'],
        params: OrderIdParams,
        response: {
          200: Type.String({ format: 'binary', description: 'Подпись CMS (DER)' }),
          401: ProblemRef,
          404: ProblemRef,
        },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      let signature: Buffer;
      try {
        signature = (await ownerSignature(sd.porting, signedIn(request), id)).signature;
      } catch (err) {
        const user = request.user;
        if (!(err instanceof HttpProblem) || err.status !== 404 || !user) throw err;
        signature = await supportSignatureFile(sd.porting, user, id);
      }
      return reply
        .type('application/pkcs7-signature')
        .header('content-disposition', `attachment; filename="zayavlenie-${id}.pdf.sig"`)
        .send(signature);
    },
  );
};

export default signatureRoutes;
