import { Type } from 'typebox';
import { PageSchema, PagingQuery } from '../../lib/schemas';

export const OperatorSchema = Type.Object(
  {
    id: Type.Integer(),
    slug: Type.String(),
    name: Type.String({ description: 'Торговая марка' }),
    logo: Type.String({ description: 'Адрес логотипа (монограмма)' }),
    color: Type.String({ description: 'Фирменный цвет, #rrggbb' }),
    kind: Type.Union([Type.Literal('MNO'), Type.Literal('MVNO')], {
      description: 'MNO — своя сеть, MVNO — виртуальный',
    }),
    inn: Type.Union([Type.String(), Type.Null()]),
    site: Type.Union([Type.String(), Type.Null()]),
    description: Type.String(),
    regionCount: Type.Integer({ description: 'В скольких регионах работает' }),
  },
  { $id: 'Operator' },
);

export const OperatorDetailSchema = Type.Object(
  {
    ...OperatorSchema.properties,
    legalNames: Type.Array(Type.String(), { description: 'Юридические лица в реестре нумерации' }),
    regionCodes: Type.Array(Type.Integer()),
  },
  { $id: 'OperatorDetail' },
);

export const OPERATOR_SORT_FIELDS = ['name', 'slug', 'regionCount'] as const;
export type OperatorSortField = (typeof OPERATOR_SORT_FIELDS)[number];

export const OperatorListQuery = Type.Object(PagingQuery(OPERATOR_SORT_FIELDS, 'name'));

export const OperatorPageSchema = Type.Object(PageSchema(Type.Ref('Operator')).properties, { $id: 'OperatorPage' });

export const OperatorTileSchema = Type.Object(
  {
    id: Type.Integer(),
    slug: Type.String(),
    name: Type.String(),
    logo: Type.String(),
    color: Type.String(),
    kind: Type.Union([Type.Literal('MNO'), Type.Literal('MVNO')]),
    tariffCount: Type.Integer({ description: 'Действующих тарифов (в регионе или по всей России)' }),
    minPrice: Type.Union([Type.Integer(), Type.Null()], { description: 'Самая низкая абонентская плата, ₽/мес' }),
  },
  { $id: 'OperatorTile' },
);
