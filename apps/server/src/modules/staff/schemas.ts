import { Type } from 'typebox';
import { SIGNED_IN } from '../../lib/security';
import { STAFF_ROLES } from './tables';

/** The OpenAPI tag of every back-office call. */
export const STAFF_TAG = 'staff';

/** What every staff route's schema carries: the tag, and the session it needs. */
export const STAFF_SCHEMA = { tags: [STAFF_TAG], security: SIGNED_IN } as const;

const ROLE_TEXT =
  'editor — новости, catalogue — тарифы, support — обращения и перенос, admin — разделы сайта, сотрудники и журнал';

/** A role as a parameter (typed for the handler). */
export const RoleParam = Type.Union(
  STAFF_ROLES.map((r) => Type.Literal(r)),
  { description: ROLE_TEXT },
);

export const StaffRoleSchema = Type.Union(
  STAFF_ROLES.map((r) => Type.Literal(r)),
  { $id: 'StaffRole', description: ROLE_TEXT },
);

export const OidSchema = Type.String({ pattern: '^[0-9]{1,20}$', description: 'Идентификатор человека в ЕСИА (oid)' });

export const StaffMeSchema = Type.Object(
  { oid: Type.String(), name: Type.String(), roles: Type.Array(Type.Ref('StaffRole')) },
  { $id: 'StaffMe' },
);

export const StaffPersonSchema = Type.Object(
  {
    oid: Type.String(),
    name: Type.Union([Type.String(), Type.Null()], {
      description: 'Имя из ЕСИА; null, пока человек ни разу не входил',
    }),
    roles: Type.Array(
      Type.Object({
        role: Type.Ref('StaffRole'),
        grantedBy: Type.String({ description: 'oid администратора или cli' }),
        grantedAt: Type.String({ format: 'date-time' }),
      }),
    ),
  },
  { $id: 'StaffPerson' },
);

export const RoleChangeSchema = Type.Object(
  { changed: Type.Boolean({ description: 'false: роль уже была (или её уже не было)' }) },
  { $id: 'StaffRoleChange' },
);

export const AuditEntrySchema = Type.Object(
  {
    id: Type.Integer(),
    at: Type.String({ format: 'date-time' }),
    actorOid: Type.String(),
    actorName: Type.String(),
    action: Type.String({
      description: 'news.publish, tariffs.apply, flags.switch, staff.grant, porting.personal-data.view …',
    }),
    target: Type.String({ description: 'На чём: news:12, feedback:5, order:4711 …' }),
    details: Type.Record(Type.String(), Type.Unknown(), { description: 'Что изменилось' }),
  },
  { $id: 'StaffAuditEntry' },
);

export const AuditQuery = Type.Object({
  actorOid: Type.Optional(OidSchema),
  action: Type.Optional(Type.String({ maxLength: 100, description: 'Действие или его начало с точкой: news.' })),
  target: Type.Optional(Type.String({ maxLength: 100 })),
  from: Type.Optional(Type.String({ format: 'date-time', description: 'С этого момента' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'До этого момента' })),
  Skip: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
  Take: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
});
