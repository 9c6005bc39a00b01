import { type TSchema, Type } from 'typebox';
import { INT4_MAX, PageSchema, PagingQuery } from '../../lib/schemas';

export const TARIFF_SORT_FIELDS = ['price', 'minutes', 'sms', 'traffic', 'name'] as const;
export type TariffSortField = (typeof TARIFF_SORT_FIELDS)[number];

const Kind = Type.Union([Type.Literal('Package'), Type.Literal('NonPackage')], {
  description: 'Package — пакет с абонентской платой, NonPackage — оплата за использование',
});
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** Fields every tariff answer shares; unlimited allowances are `null` with `xxxUnlim: true`. */
const tariffBase = {
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  kind: Kind,
  description: Type.String(),
  operatorId: Type.Integer(),
  operatorSlug: Type.String(),
  operatorName: Type.String(),
  operatorColor: Type.String({ description: 'Фирменный цвет оператора, #rrggbb' }),
  operatorLogo: Type.String({ description: 'Адрес логотипа-монограммы' }),
  minutes: Nullable(Type.Integer({ description: 'Минут в месяц; null — безлимит' })),
  minutesUnlim: Type.Boolean(),
  sms: Nullable(Type.Integer({ description: 'SMS в месяц; null — безлимит' })),
  smsUnlim: Type.Boolean(),
  traffic: Nullable(Type.Integer({ description: 'Интернет, ГБ в месяц; null — безлимит' })),
  trafficUnlim: Type.Boolean(),
  minutePrice: Nullable(
    Type.Number({ description: '₽ за минуту: каждую (NonPackage) или сверх пакета (Package); null — не продаётся' }),
  ),
  smsPrice: Nullable(Type.Number({ description: '₽ за SMS: каждое или сверх пакета' })),
  mbPrice: Nullable(Type.Number({ description: '₽ за мегабайт: каждый или сверх пакета' })),
  url: Nullable(Type.String({ description: 'Страница оператора' })),
  mediaServiceIds: Type.Array(Type.Integer(), { description: 'Входящие подписки (GET /v1/tariffmediaservice)' }),
  convergenceServiceIds: Type.Array(Type.Integer(), {
    description: 'Домашние услуги (GET /v1/tariffconvergenceservice)',
  }),
  isArchived: Type.Boolean({ description: 'Архивный: больше не подключается' }),
  updatedAt: Type.String({ format: 'date-time' }),
};

export const TariffSchema = Type.Object(
  {
    ...tariffBase,
    regionCode: Type.Integer({ description: 'Регион, для которого указана цена' }),
    price: Type.Integer({ description: 'Абонентская плата в регионе, ₽ в месяц (0 — без платы)' }),
  },
  { $id: 'Tariff', description: 'Тариф в регионе' },
);

export const TariffDetailSchema = Type.Object(
  {
    ...tariffBase,
    regions: Type.Array(
      Type.Object({
        regionCode: Type.Integer(),
        regionSlug: Type.String(),
        regionName: Type.String(),
        price: Type.Integer({ description: '₽ в месяц' }),
      }),
      { description: 'Где продаётся и за сколько' },
    ),
  },
  { $id: 'TariffDetail', description: 'Тариф со всеми регионами продаж' },
);

export const TariffPageSchema = Type.Object(PageSchema(Type.Ref('Tariff')).properties, { $id: 'TariffPage' });

const Range = (description: string) =>
  Type.Object(
    {
      min: Nullable(Type.Number()),
      max: Nullable(Type.Number()),
      hasUnlim: Type.Boolean({ description: 'Есть тарифы с безлимитом' }),
    },
    { description },
  );

export const TariffFiltersSchema = Type.Object(
  {
    regionCode: Type.Integer(),
    regionSlug: Type.String(),
    regionName: Type.String(),
    totalRows: Type.Integer({ description: 'Тарифов в регионе (без архивных)' }),
    packageCount: Type.Integer(),
    nonPackageCount: Type.Integer(),
    operators: Type.Array(
      Type.Object({
        id: Type.Integer(),
        slug: Type.String(),
        name: Type.String(),
        color: Type.String(),
        logo: Type.String(),
        tariffCount: Type.Integer(),
        minPrice: Type.Integer({ description: 'Самая низкая абонентская плата, ₽' }),
      }),
    ),
    price: Range('Абонентская плата, ₽ в месяц'),
    minutes: Range('Минуты в пакете (без безлимитных)'),
    sms: Range('SMS в пакете'),
    traffic: Range('Интернет в пакете, ГБ'),
    minutePrice: Range('Цена минуты у тарифов без пакета, ₽'),
    smsPrice: Range('Цена SMS у тарифов без пакета, ₽'),
    mbPrice: Range('Цена мегабайта у тарифов без пакета, ₽'),
  },
  { $id: 'TariffFilters', description: 'Границы фильтров и операторы региона' },
);

const Count = (description: string) => Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, description }));
const Amount = (description: string) => Type.Optional(Type.Number({ minimum: 0, maximum: 1_000_000, description }));
const Flag = (description: string) => Type.Optional(Type.Boolean({ description }));
const RegionCode = Type.Integer({ minimum: 1, maximum: 999, description: 'Код региона (ФНС): 77 — Москва' });
const RegionSlug = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: '^[a-z0-9-]+$',
  description: 'Адрес региона: moskva',
});
const NameFilter = Type.Optional(
  Type.String({
    minLength: 1,
    maxLength: 100,
    // PostgreSQL text cannot hold NUL: refused here instead of failing in the database.
    pattern: '^[^\\u0000]*$',
    description: 'Часть названия, без учёта регистра',
  }),
);
const BestByOperator = Type.Boolean({
  default: false,
  description: 'Оставить у каждого оператора один — самый дешёвый подходящий тариф',
});
const UNLIM = 'true — только безлимитные; false или не задано — любые';

export const TariffListV14Query = Type.Object({
  RegionCode,
  ...PagingQuery(TARIFF_SORT_FIELDS, 'price'),
  Skip: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0, description: 'Сколько строк пропустить' }),
  Name: NameFilter,
  OperatorId: Type.Optional(
    Type.Array(Type.Integer({ minimum: 1, maximum: INT4_MAX }), { maxItems: 50, description: 'Операторы' }),
  ),
  TrafficMin: Amount('Интернет не меньше, ГБ (безлимит подходит)'),
  TrafficMax: Amount('Интернет не больше, ГБ'),
  TrafficUnlim: Flag(`Безлимитный интернет: ${UNLIM}`),
  SmsMin: Count('SMS не меньше (безлимит подходит)'),
  SmsMax: Count('SMS не больше'),
  SmsUnlim: Flag(`Безлимитные SMS: ${UNLIM}`),
  MinutesMin: Count('Минут не меньше (безлимит подходит)'),
  MinutesMax: Count('Минут не больше'),
  MinutesUnlim: Flag(`Безлимитные минуты: ${UNLIM}`),
  PriceMin: Amount('Абонентская плата не меньше, ₽'),
  PriceMax: Amount('Абонентская плата не больше, ₽'),
  BestByOperator,
});

export const TariffListV2Query = Type.Object({
  QueryType: Kind,
  RegionSlug,
  ...PagingQuery(TARIFF_SORT_FIELDS, 'price'),
  Skip: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0, description: 'Сколько строк пропустить' }),
  OperatorSlugs: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 100, pattern: '^[a-z0-9-]+$' }), {
      maxItems: 50,
      description: 'Операторы',
    }),
  ),
  BestByOperator,
  'Package.MinutesMin': Count('Минут не меньше (безлимит подходит)'),
  'Package.MinutesMax': Count('Минут не больше'),
  'Package.MinutesUnlim': Flag(`Безлимитные минуты: ${UNLIM}`),
  'Package.TrafficMin': Amount('Интернет не меньше, ГБ'),
  'Package.TrafficMax': Amount('Интернет не больше, ГБ'),
  'Package.TrafficUnlim': Flag(`Безлимитный интернет: ${UNLIM}`),
  'Package.SmsMin': Count('Расширение: SMS не меньше'),
  'Package.SmsMax': Count('Расширение: SMS не больше'),
  'Package.SmsUnlim': Flag(`Расширение: безлимитные SMS: ${UNLIM}`),
  'NonPackage.MinuteMinPrice': Amount('Цена минуты не меньше, ₽'),
  'NonPackage.MinuteMaxPrice': Amount('Цена минуты не больше, ₽'),
  'NonPackage.SmsMinPrice': Amount('Цена SMS не меньше, ₽'),
  'NonPackage.SmsMaxPrice': Amount('Цена SMS не больше, ₽'),
  PriceMin: Amount('Расширение: абонентская плата не меньше, ₽'),
  PriceMax: Amount('Расширение: абонентская плата не больше, ₽'),
  Name: NameFilter,
});

export const TariffFiltersV12Query = Type.Object({ RegionCode });
export const TariffRegionQuery = Type.Object({ RegionCode });

export const TariffRegionSchema = Type.Object(
  {
    regionCode: Type.Integer(),
    data: Type.Array(Type.Ref('Tariff'), { description: 'Все тарифы региона в продаже, от дешёвых к дорогим' }),
  },
  { $id: 'TariffRegion' },
);
export const TariffFiltersV2Query = Type.Object({ RegionSlug, QueryType: Type.Optional(Kind) });

export const TariffSingleQuery = Type.Object({
  Name: Type.String({
    minLength: 1,
    maxLength: 200,
    pattern: '^[^\\u0000]*$',
    description: 'Название тарифа (точно, без учёта регистра)',
  }),
  OperatorId: Type.Integer({ minimum: 1, maximum: INT4_MAX }),
  RegionCode,
});

export const TariffIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: INT4_MAX }) });
