import { Type } from 'typebox';

export const RegionSchema = Type.Object(
  {
    code: Type.Integer({ description: 'Код субъекта РФ (ФНС): 77 — Москва, 78 — Санкт-Петербург' }),
    slug: Type.String(),
    name: Type.String(),
    shortName: Type.String(),
    federalDistrict: Type.String(),
    gridX: Type.Integer({ description: 'Столбец на плиточной карте России' }),
    gridY: Type.Integer({ description: 'Строка на плиточной карте России' }),
  },
  { $id: 'Region' },
);

export const OperatorBriefSchema = Type.Object(
  {
    id: Type.Integer(),
    slug: Type.String(),
    name: Type.String(),
    logo: Type.String(),
    color: Type.String(),
  },
  { $id: 'OperatorBrief' },
);

export const RegionOperatorsSchema = Type.Object(
  {
    regionCode: Type.Integer(),
    regionSlug: Type.String(),
    regionName: Type.String(),
    operators: Type.Array(Type.Ref('OperatorBrief')),
  },
  { $id: 'RegionOperators' },
);

export const RegionOperatorsQuery = Type.Object({
  RegionCode: Type.Optional(Type.Integer({ minimum: 1, maximum: 99, description: 'Только этот регион' })),
});
