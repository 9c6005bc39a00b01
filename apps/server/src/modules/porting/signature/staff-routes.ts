import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SECTION_ROLES } from '@perenos/porting-rules/back-office';
import { Type } from 'typebox';
import { INT4_MAX, ProblemRef } from '../../../lib/schemas';
import { actorOf, STAFF_SCHEMA } from '../../staff';
import type { SigningDeps } from './service';
import { deskSignature, deskSignedFile, recheckSignature } from './staff-service';

const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: INT4_MAX }) });

/** The porting desk's view of a signing in Госключ (role support): who signed, the certificate, a check on demand. */
const signatureStaffRoutes: FastifyPluginAsyncTypebox<{ sd: SigningDeps }> = async (app, { sd }) => {
  const support = { staff: SECTION_ROLES.porting } as const;

  app.get(
    '/v1/staff/porting/orders/:id/signature',
    {
      config: support,
      schema: {
        ...STAFF_SCHEMA,
        operationId: 'getStaffPortingSignature',
        summary:
          'Подпись заявления в Госключе: кто подписал, сертификат, срок его действия (просмотр записывается в журнал)',
        params: IdParams,
        response: { 200: Type.Ref('StaffPortingSignature'), 400: ProblemRef, 404: ProblemRef },
      },
    },
    async (request) => deskSignature(sd.porting, actorOf(request), request.params.id),
  );

  app.post(
    '/v1/staff/porting/orders/:id/signature/verify',
    {
      config: support,
      schema: {
        ...STAFF_SCHEMA,
        operationId: 'verifyStaffPortingSignature',
        summary: 'Проверить подпись заново: по сохранённому PDF, доверенным корневым сертификатам и заявителю',
        params: IdParams,
        response: { 200: Type.Ref('StaffPortingSignatureCheck'), 400: ProblemRef, 404: ProblemRef, 409: ProblemRef },
      },
    },
    async (request) => recheckSignature(sd, actorOf(request), request.params.id),
  );

  for (const [file, type, suffix] of [
    ['pdf', 'application/pdf', 'pdf'],
    ['sig', 'application/pkcs7-signature', 'pdf.sig'],
  ] as const) {
    app.get(
      `/v1/staff/porting/orders/:id/application.${suffix}`,
      {
        config: support,
        schema: {
          ...STAFF_SCHEMA,
          operationId: file === 'pdf' ? 'getStaffPortingSignedPdf' : 'getStaffPortingSignatureFile',
          summary:
            file === 'pdf'
              ? 'Подписанное заявление (PDF, ровно то, что подписано; скачивание записывается в журнал)'
              : 'Подпись заявления (CMS, DER; скачивание записывается в журнал)',
          produces: [type],
          params: IdParams,
          response: { 200: Type.String({ format: 'binary' }), 400: ProblemRef, 404: ProblemRef },
        },
      },
      async (request, reply) => {
        const id = request.params.id;
        const body = await deskSignedFile(sd.porting, actorOf(request), id, file);
        return reply
          .type(type)
          .header('content-disposition', `attachment; filename="zayavlenie-${id}.${suffix}"`)
          .send(body);
      },
    );
  }
};

export default signatureStaffRoutes;
