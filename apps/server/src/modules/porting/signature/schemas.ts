import { type TSchema, Type } from 'typebox';

const When = Type.String({ format: 'date-time' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const STATUS_TEXT =
  'pending — ждёт подписи в Госключе; signed — подписано, подпись проверена сайтом; refused — человек отказался; expired — 15 минут прошли без ответа; failed — подпись не принята или Госключ не ответил (причина в reason)';

/** The statuses of a signing, as the API names them. */
export const SignatureStatus = Type.Union(
  [
    Type.Literal('pending'),
    Type.Literal('signed'),
    Type.Literal('refused'),
    Type.Literal('expired'),
    Type.Literal('failed'),
  ],
  { description: STATUS_TEXT },
);

const CertificateSchema = Type.Object(
  {
    subject: Type.String({ description: 'Владелец сертификата: ФИО, СНИЛС' }),
    serial: Type.String({ description: 'Серийный номер, шестнадцатеричный' }),
    issuer: Type.String({ description: 'Удостоверяющий центр, выдавший сертификат' }),
    validFrom: Nullable(When),
    validTo: Nullable(When),
  },
  { $id: 'SignatureCertificate' },
);

export const SignatureStartedSchema = Type.Object(
  {
    status: Type.Literal('pending'),
    expiresAt: Type.String({ format: 'date-time', description: 'Подписать нужно до этого времени (15 минут)' }),
  },
  { $id: 'PortationSignatureStarted' },
);

export const SignatureSchema = Type.Object(
  {
    status: Type.Union([Type.Literal('none'), ...SignatureStatus.anyOf], {
      description: `none — заявление ещё не отправлялось на подпись; ${STATUS_TEXT}`,
    }),
    requestedAt: Nullable(When),
    expiresAt: Nullable(When),
    signedAt: Type.Union([When, Type.Null()], { description: 'Время подписания, указанное в подписи' }),
    current: Type.Boolean({
      description:
        'Подписанный документ говорит то же, что заявление сейчас (после изменения заявления нужно подписать снова)',
    }),
    reason: Type.Union([Type.String(), Type.Null()], { description: 'Почему подписи нет (refused, expired, failed)' }),
    documentHash: Nullable(
      Type.String({ description: 'Хэш ГОСТ Р 34.11-2012 (Стрибог-256) отправленного на подпись PDF, hex' }),
    ),
    certificate: Type.Union([Type.Ref('SignatureCertificate'), Type.Null()]),
  },
  { $id: 'PortationSignature' },
);

export const StaffSignatureSchema = Type.Object(
  {
    status: Type.Union([Type.Literal('none'), ...SignatureStatus.anyOf], {
      description: `none — заявление не отправлялось на подпись; ${STATUS_TEXT}`,
    }),
    requestedAt: Nullable(When),
    expiresAt: Nullable(When),
    signedAt: Nullable(When),
    reason: Nullable(Type.String()),
    documentHash: Nullable(Type.String()),
    certificate: Type.Union([Type.Ref('SignatureCertificate'), Type.Null()]),
    verifiedAt: Type.Union([When, Type.Null()], { description: 'Когда сайт последний раз проверял подпись' }),
  },
  { $id: 'StaffPortingSignature' },
);

export const SignatureCheckSchema = Type.Object(
  {
    valid: Type.Boolean(),
    reason: Nullable(Type.String()),
    checkedAt: When,
    signedAt: Nullable(When),
    certificate: Type.Union([Type.Ref('SignatureCertificate'), Type.Null()]),
  },
  { $id: 'StaffPortingSignatureCheck' },
);

export const SIGNATURE_SCHEMAS = [
  CertificateSchema,
  SignatureStartedSchema,
  SignatureSchema,
  StaffSignatureSchema,
  SignatureCheckSchema,
] as const;
