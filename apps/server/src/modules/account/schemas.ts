import { ENDING_KINDS, STATUS_NAMES } from '@perenos/porting-rules/states';
import { Type } from 'typebox';
import { INT4_MAX, PageSchema, PagingQuery } from '../../lib/schemas';
import { ORDER_STATUSES } from '../porting';
import { ALERT_KINDS, HOLD_STATES } from '../watch';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const MsisdnParam = Type.String({
  pattern: '^7\\d{10}$',
  description: 'Номер телефона: 11 цифр, начиная с 7',
  examples: ['79161234567'],
});

export const OrderStatusSchema = Type.Union(
  ORDER_STATUSES.map((s) => Type.Literal(s)),
  {
    $id: 'PortationOrderStatus',
    description: ORDER_STATUSES.map((s) => `${s} — «${STATUS_NAMES[s]}»`).join(', '),
  },
);

/** How an application ended without a porting: a refusal is named for who refused (decision 136). */
const Ending = Nullable(
  Type.Union(
    ENDING_KINDS.map((k) => Type.Literal(k)),
    {
      description:
        'Чем закончилось заявление, которое не привело к переносу (у других — null): donor-rejected — «Отказ оператора», rejected — «Отказ БДПН»; отзыв, истёкший черновик и прочее — «Отменено»',
    },
  ),
);

export const AccountOperatorSchema = Type.Object(
  {
    operatorId: Type.Integer(),
    operatorLogo: Type.String({ description: 'Адрес логотипа' }),
    operatorName: Type.String(),
  },
  { $id: 'AccountOperator' },
);

export const MsisdnInfoSchema = Type.Object(
  {
    msisdn: Type.String(),
    isEsiaMsisdn: Type.Boolean({ description: 'Подтверждённый номер из Госуслуг' }),
    lastPortation: Nullable(Type.String({ format: 'date', description: 'Когда номер переносили последний раз' })),
    operatorId: Nullable(Type.Integer()),
    operatorLogo: Nullable(Type.String()),
    operatorName: Nullable(Type.String()),
    regionCode: Nullable(Type.Integer()),
    regionName: Nullable(Type.String()),
  },
  { $id: 'AccountMsisdnInfo' },
);

export const AccountInfoSchema = Type.Object(
  { userName: Type.String(), msisdns: Type.Array(Type.Ref('AccountMsisdnInfo')) },
  { $id: 'AccountInfo' },
);

export const AccountOrderSchema = Type.Object(
  {
    id: Type.Integer(),
    status: Type.Ref('PortationOrderStatus'),
    createdAt: Type.String({ format: 'date-time' }),
    lastUpdate: Type.String({ format: 'date-time' }),
    portationDate: Nullable(Type.String({ format: 'date', description: 'Желаемая дата переноса (московское время)' })),
    ending: Ending,
    tariffName: Nullable(Type.String()),
    fromOperator: Nullable(Type.Ref('AccountOperator')),
    toOperator: Nullable(Type.Ref('AccountOperator')),
  },
  { $id: 'AccountOrder' },
);

export const AccountPortationSchema = Type.Object(
  {
    id: Type.Integer(),
    orderId: Nullable(Type.Integer()),
    status: Type.Ref('PortationOrderStatus'),
    startedAt: Type.String({ format: 'date-time' }),
    portationAt: Nullable(
      Type.String({ format: 'date-time', description: 'Дата переноса (поле сортировки transfered)' }),
    ),
    portationDate: Nullable(
      Type.String({
        format: 'date',
        description:
          'День переноса (московское время), который показывает сайт: ночь окна, назначенного БДПН (пока окна нет — выбранная в заявлении); у переноса, оформленного не на сайте, — день из реестра',
      }),
    ),
    ending: Ending,
    lastUpdatedAt: Type.String({ format: 'date-time' }),
    fromOperator: Nullable(Type.Ref('AccountOperator')),
    toOperator: Nullable(Type.Ref('AccountOperator')),
  },
  { $id: 'AccountPortation' },
);

export const AccountOrdersSchema = Type.Object(
  { msisdnInfo: Type.Ref('AccountMsisdnInfo'), orders: PageSchema(Type.Ref('AccountOrder')) },
  { $id: 'AccountOrders' },
);

export const AccountPortationsSchema = Type.Object(
  { msisdnInfo: Type.Ref('AccountMsisdnInfo'), portations: PageSchema(Type.Ref('AccountPortation')) },
  { $id: 'AccountPortations' },
);

export const PortationEventSchema = Type.Object(
  {
    occurredAt: Type.String({ format: 'date-time' }),
    status: Type.Ref('PortationOrderStatus'),
    kind: Type.String({ description: 'Что произошло: created, submitted, accepted, donor-check, scheduled, ported…' }),
    description: Type.String(),
  },
  { $id: 'AccountPortationEvent' },
);

export const PortationInfoSchema = Type.Object(
  {
    ...AccountPortationSchema.properties,
    msisdn: Type.String(),
    events: Type.Array(Type.Ref('AccountPortationEvent')),
  },
  { $id: 'AccountPortationInfo' },
);

export const ORDER_SORT_FIELDS = ['lastUpdate', 'created'] as const;
export const PORTATION_SORT_FIELDS = ['transfered', 'started', 'lastUpdate'] as const;

export const AccountOrdersQuery = Type.Object({ Msisdn: MsisdnParam, ...PagingQuery(ORDER_SORT_FIELDS, 'lastUpdate') });
export const AccountPortationsQuery = Type.Object({
  Msisdn: MsisdnParam,
  ...PagingQuery(PORTATION_SORT_FIELDS, 'transfered'),
});
export const PortationInfoQuery = Type.Object({
  Msisdn: MsisdnParam,
  PortationId: Type.Integer({ minimum: 1, maximum: INT4_MAX }),
});

export const WatchSwitchSchema = Type.Object(
  {
    msisdn: Type.String(),
    enabled: Type.Boolean({ description: 'Сообщать о попытках перенести номер' }),
    confirmed: Type.Boolean({
      description:
        'Номер подтверждён (в Госуслугах или кодом из SMS при подаче заявления): включить оповещения можно только для такого',
    }),
  },
  { $id: 'WatchSwitch' },
);

export const WatchParams = Type.Object({ msisdn: MsisdnParam });
export const WatchBody = Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false });
export const WatchCodeSentSchema = Type.Object(
  {
    sentTo: Type.String({ description: 'Номер, на который отправлен код' }),
    expiresAt: Type.String({ format: 'date-time' }),
    resendAfter: Type.String({ format: 'date-time', description: 'Когда можно запросить код снова' }),
  },
  { $id: 'WatchCodeSent' },
);
export const WatchCodeBody = Type.Object(
  { code: Type.String({ maxLength: 32, description: 'Код из SMS: 6 цифр' }) },
  { additionalProperties: false },
);

export const AlertHoldSchema = Type.Object(
  {
    state: Type.Union(
      HOLD_STATES.map((s) => Type.Literal(s)),
      {
        description:
          'pending — ждёт вашего ответа, confirmed — вы подтвердили, refused — вы отклонили, lapsed — вы не ответили за 24 часа и заявление передано в БДПН, withdrawn — заявление отозвано',
      },
    ),
    until: Type.String({ format: 'date-time', description: 'До какого момента заявление ждёт ответа' }),
    answeredAt: Nullable(Type.String({ format: 'date-time' })),
  },
  { $id: 'AlertHold' },
);

export const AlertSchema = Type.Object(
  {
    id: Type.Integer(),
    msisdn: Type.String(),
    kind: Type.Union(
      ALERT_KINDS.map((k) => Type.Literal(k)),
      {
        description:
          'started — начато заявление на перенос, code — запрошен код подтверждения, held — подано заявление (ждёт вашего ответа), ported — номер перенесён по заявлению на этом сайте, registry — номер перенесён по данным БДПН',
      },
    ),
    occurredAt: Type.String({ format: 'date-time' }),
    title: Type.String(),
    text: Type.String({ description: 'Что произошло' }),
    advice: Nullable(
      Type.String({
        description:
          'Что делать, если это были не вы; null, когда вы уже ответили «Да, это я» или спор уже передан в поддержку',
      }),
    ),
    hold: Nullable(Type.Ref('AlertHold')),
  },
  { $id: 'WatchAlert' },
);

export const AlertsSchema = Type.Object({ ...PageSchema(Type.Ref('WatchAlert')).properties }, { $id: 'WatchAlerts' });

const { Skip, Take } = PagingQuery(['occurredAt'] as const, 'occurredAt');
export const AlertsQuery = Type.Object({ Skip, Take });
export const AlertParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: INT4_MAX }) });
