import { type TSchema, Type } from 'typebox';
import { ProblemSchema } from '../../lib/schemas';
import { EVENT_KINDS } from './events';
import { ORDER_STATUSES, SIM_KINDS } from './tables';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const Status = Type.Union(
  ORDER_STATUSES.map((s) => Type.Literal(s)),
  { description: 'Initialized — создано, PendingBDPN — в обработке БДПН, Done — выполнено, Deleted — удалено' },
);

const Operator = Type.Object({
  operatorId: Type.Integer(),
  operatorName: Type.String(),
  operatorLogo: Type.String({ description: 'Адрес логотипа' }),
});

const Day = (description: string) => Type.String({ format: 'date', description });

const SimKindSchema = Type.Union(
  SIM_KINDS.map((k) => Type.Literal(k)),
  { description: 'esim — eSIM, office — забрать в офисе, courier — курьером' },
);

const Office = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    address: Type.String(),
    hours: Type.String({ description: 'Часы работы' }),
  },
  { description: 'Офис нового оператора, где выдают SIM-карту' },
);

export const OfficeListSchema = Type.Array(Office, { $id: 'RecipientOffices' });

/** The SIM choice of steps 2–3. */
const SimChoice = Type.Object(
  {
    kind: SimKindSchema,
    officeId: Type.Optional(Type.String({ maxLength: 100, description: 'Офис — для kind=office' })),
    address: Type.Optional(
      Type.String({ maxLength: 300, description: 'Адрес доставки — для kind=courier: город, улица, дом, квартира' }),
    ),
  },
  { additionalProperties: false },
);

export const PortationOrderSchema = Type.Object(
  {
    id: Type.Integer({ description: 'Номер заявления' }),
    msisdn: Type.String({ description: 'Переносимый номер: 11 цифр, начиная с 7' }),
    status: Status,
    regionCode: Nullable(Type.Integer({ description: 'Регион нумерации номера (код ФНС)' })),
    regionName: Nullable(Type.String()),
    fromOperator: Nullable(Operator),
    toOperator: Nullable(Operator),
    tariffId: Nullable(Type.Integer()),
    tariffName: Nullable(Type.String()),
    portationAt: Nullable(Day('Дата переноса (московское время); окно переноса — ночь этой даты, 00:00–06:00')),
    window: Nullable(
      Type.Object(
        {
          start: Type.String({ format: 'date-time', description: 'Начало окна переноса' }),
          end: Type.String({ format: 'date-time', description: 'Конец окна переноса' }),
        },
        {
          description:
            'Окно переноса, назначенное БДПН: настоящие моменты (в демонстрации с ускоренным временем — минуты, а не ночь 00:00–06:00)',
        },
      ),
    ),
    email: Nullable(Type.String()),
    createdAt: Type.String({ format: 'date-time' }),
    lastUpdatedAt: Type.String({ format: 'date-time' }),
    portationId: Nullable(Type.Integer({ description: 'Перенос в личном кабинете, когда заявление отправлено' })),
    reason: Nullable(Type.String({ description: 'Почему заявление удалено' })),
    isMsisdnConfirmed: Type.Boolean({
      description: 'Номер подтверждён: подтверждённый номер из Госуслуг или код из SMS',
    }),
    canWithdraw: Type.Boolean({
      description:
        'Можно ли удалить или отозвать заявление сейчас: черновик — всегда, отправленное — пока БДПН не назначила окно переноса',
    }),
    sim: Nullable(
      Type.Object(
        {
          kind: SimKindSchema,
          officeId: Nullable(Type.String()),
          office: Nullable(Office),
          address: Nullable(Type.String({ description: 'Адрес доставки курьером (только владельцу заявления)' })),
        },
        { description: 'Как получить SIM-карту нового оператора' },
      ),
    ),
    fee: Type.Integer({ description: 'Плата за перенос номера новому оператору, ₽ (не больше 100 ₽)' }),
    contractVersion: Nullable(Type.String({ description: 'Редакция принятых условий договора с новым оператором' })),
    contractAcceptedAt: Nullable(Type.String({ format: 'date-time', description: 'Когда условия приняты' })),
    consentVersion: Nullable(
      Type.String({ description: 'Редакция принятого согласия на обработку персональных данных' }),
    ),
    consentAcceptedAt: Nullable(Type.String({ format: 'date-time', description: 'Когда согласие дано' })),
    simIssuedAt: Nullable(Type.String({ format: 'date-time', description: 'Когда новый оператор выдал SIM-карту' })),
    temporaryMsisdn: Nullable(Type.String({ description: 'Временный номер новой SIM-карты до ночи переноса' })),
    esimActivationCode: Nullable(Type.String({ description: 'Код активации eSIM (строка LPA для QR-кода)' })),
    debt: Nullable(
      Type.Object(
        {
          amount: Type.Integer({ description: 'Задолженность перед прежним оператором, ₽' }),
          payBy: Type.String({ format: 'date-time', description: 'До какого момента её нужно оплатить' }),
          paidAt: Nullable(Type.String({ format: 'date-time', description: 'Когда оплачена' })),
          numbers: Type.Array(
            Type.Object({
              msisdn: Type.String({ description: 'Номер, по которому задолженность' }),
              amount: Type.Integer({ description: 'Задолженность по этому номеру, ₽' }),
              paidAt: Nullable(Type.String({ format: 'date-time', description: 'Когда оплачена по этому номеру' })),
            }),
            { description: 'Задолженность по каждому номеру: в сумме — amount' },
          ),
        },
        { description: 'Уведомление донора о задолженности: перенос состоится, только если оплатить её вовремя' },
      ),
    ),
    earliestPortationAt: Day('Самая ранняя дата переноса, если отправить заявление сегодня'),
    latestPortationAt: Day('Самая поздняя дата переноса'),
    events: Type.Array(
      Type.Object({
        occurredAt: Type.String({ format: 'date-time' }),
        status: Status,
        kind: Type.Union(EVENT_KINDS.map((k) => Type.Literal(k))),
        description: Type.String(),
      }),
    ),
    personal: Type.Optional(
      Nullable(
        Type.Object(
          {
            fullName: Type.String(),
            birthDate: Nullable(Type.String({ format: 'date' })),
            passport: Nullable(Type.String({ description: 'Серия и две последние цифры номера' })),
          },
          { description: 'Данные заявителя из Госуслуг (только с withPersonal=true)' },
        ),
      ),
    ),
  },
  { $id: 'PortationOrder' },
);

export const PORTATION_REFUSALS = [
  'recently-ported',
  'open-order',
  'draft-exists',
  'not-mobile',
  'not-in-plan',
  'holder-refused',
] as const;

export const PortationProblemSchema = Type.Object(
  {
    ...ProblemSchema.properties,
    refusal: Type.Optional(
      Type.Union(
        PORTATION_REFUSALS.map((r) => Type.Literal(r)),
        { description: 'Почему номер нельзя перенести сейчас' },
      ),
    ),
    availableFrom: Type.Optional(Type.String({ format: 'date', description: 'С какого дня перенос возможен' })),
    orderId: Type.Optional(Type.Integer({ description: 'Ваше заявление по этому номеру' })),
  },
  { $id: 'PortationProblem', description: 'Описание ошибки с причиной отказа (RFC 9457)' },
);

export const OrderIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });

export const InitBody = Type.Object({
  msisdn: Type.String({ maxLength: 40, description: 'Номер в любой записи: +7 916 123-45-67, 89161234567' }),
  operatorId: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Оператор, к которому перенести' }),
  ),
});

export const UpdateBody = Type.Object({
  operatorId: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Новый оператор' }),
  tariffId: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Тариф нового оператора' }),
  portationAt: Type.String({ maxLength: 10, description: 'Дата переноса, ГГГГ-ММ-ДД (московское время)' }),
  email: Type.Optional(Nullable(Type.String({ maxLength: 254, description: 'Почта для уведомлений' }))),
  sim: Type.Optional(SimChoice),
});

export const SubmitBody = Type.Object({
  consent: Type.Boolean({ description: 'Согласие на перенос и обработку персональных данных' }),
  confirmationCode: Type.Optional(Type.String({ maxLength: 12, description: 'Код из SMS, если номер не из Госуслуг' })),
  sim: Type.Optional(SimChoice),
  contractVersion: Type.Optional(
    Type.String({ maxLength: 40, description: 'Редакция условий договора с новым оператором, которые человек принял' }),
  ),
});

export const ContractTermsSchema = Type.Object(
  {
    version: Type.String({ description: 'Редакция условий' }),
    title: Type.String(),
    points: Type.Array(Type.String()),
    fee: Type.Integer({ description: 'Плата за перенос, ₽' }),
    consent: Type.Object(
      { version: Type.String(), text: Type.String() },
      { description: 'Согласие на перенос и обработку персональных данных: его редакция записывается в заявление' },
    ),
  },
  { $id: 'ContractTerms', description: 'Условия договора с новым оператором при переносе номера' },
);

export const GetQuery = Type.Object({
  withPersonal: Type.Optional(Type.Boolean({ description: 'Добавить данные заявителя из Госуслуг (шаг 3)' })),
});

export const CodeSentSchema = Type.Object(
  {
    sentTo: Type.String({ description: 'Номер, на который отправлен код' }),
    expiresAt: Type.String({ format: 'date-time' }),
    resendAfter: Type.String({ format: 'date-time', description: 'Когда можно запросить код снова' }),
  },
  { $id: 'PortationCodeSent' },
);
