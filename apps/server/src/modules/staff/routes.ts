import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SECTION_ROLES } from '@perenos/porting-rules/back-office';
import { Type } from 'typebox';
import { PageSchema, ProblemRef } from '../../lib/schemas';
import {
  AuditEntrySchema,
  AuditQuery,
  OidSchema,
  RoleChangeSchema,
  RoleParam,
  STAFF_SCHEMA,
  StaffMeSchema,
  StaffPersonSchema,
  StaffRoleSchema,
} from './schemas';
import { auditPage, grantRole, jobsOverview, retryJob, revokeRole, type StaffActor, staffList } from './service';

/** The guard has set it on every staff route. */
export function actorOf(request: { staff: StaffActor | null }): StaffActor {
  if (!request.staff) throw new Error('a staff route ran without its guard');
  return request.staff;
}

const RoleParams = Type.Object({ oid: OidSchema, role: RoleParam });

/** The back office's own calls: who am I, the staff and their roles, the audit. */
const staffRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(StaffRoleSchema);
  app.addSchema(StaffMeSchema);
  app.addSchema(StaffPersonSchema);
  app.addSchema(RoleChangeSchema);
  app.addSchema(AuditEntrySchema);

  app.get(
    '/v1/staff/me',
    {
      config: { staff: 'any' },
      schema: {
        ...STAFF_SCHEMA,
        operationId: 'getStaffMe',
        summary: 'Роли вошедшего сотрудника (404, если ролей нет)',
        response: { 200: Type.Ref('StaffMe'), 404: ProblemRef },
      },
    },
    async (request) => {
      const me = actorOf(request);
      return { oid: me.oid, name: me.name, roles: me.roles };
    },
  );

  app.get(
    '/v1/staff/people',
    {
      config: { staff: SECTION_ROLES.people },
      schema: {
        ...STAFF_SCHEMA,
        operationId: 'getStaffPeople',
        summary: 'Сотрудники и их роли',
        response: { 200: Type.Array(Type.Ref('StaffPerson')), 404: ProblemRef },
      },
    },
    async () => staffList(app.db),
  );

  app.put(
    '/v1/staff/people/:oid/roles/:role',
    {
      config: { staff: SECTION_ROLES.people },
      schema: {
        ...STAFF_SCHEMA,
        operationId: 'grantStaffRole',
        summary: 'Выдать роль человеку по его oid в ЕСИА',
        params: RoleParams,
        response: { 200: Type.Ref('StaffRoleChange'), 400: ProblemRef, 404: ProblemRef },
      },
    },
    async (request) => grantRole(app.db, actorOf(request), request.params.oid, request.params.role),
  );

  app.delete(
    '/v1/staff/people/:oid/roles/:role',
    {
      config: { staff: SECTION_ROLES.people },
      schema: {
        ...STAFF_SCHEMA,
        operationId: 'revokeStaffRole',
        summary: 'Снять роль (последнего администратора снять нельзя)',
        params: RoleParams,
        response: { 200: Type.Ref('StaffRoleChange'), 400: ProblemRef, 404: ProblemRef, 409: ProblemRef },
      },
    },
    async (request) => revokeRole(app.db, actorOf(request), request.params.oid, request.params.role),
  );

  app.get(
    '/v1/staff/audit',
    {
      config: { staff: SECTION_ROLES.audit },
      schema: {
        ...STAFF_SCHEMA,
        operationId: 'getStaffAudit',
        summary: 'Журнал действий сотрудников, сначала новые, с фильтрами',
        querystring: AuditQuery,
        response: { 200: PageSchema(Type.Ref('StaffAuditEntry')), 400: ProblemRef, 404: ProblemRef },
      },
    },
    async (request) => {
      const q = request.query;
      return auditPage(
        app.db,
        {
          actorOid: q.actorOid,
          action: q.action,
          target: q.target,
          from: q.from ? new Date(q.from) : undefined,
          to: q.to ? new Date(q.to) : undefined,
        },
        q.Skip,
        q.Take,
      );
    },
  );
};

const JobsSchema = Type.Object(
  {
    queues: Type.Array(
      Type.Object({ queue: Type.String(), waiting: Type.Integer(), active: Type.Integer(), failed: Type.Integer() }),
      { description: 'Очереди: ждут, выполняются, не удались (очереди *.failed — недоставленные задачи)' },
    ),
    failed: Type.Array(
      Type.Object({
        id: Type.String(),
        queue: Type.String(),
        data: Type.String(),
        error: Type.String(),
        retryCount: Type.Integer(),
        createdAt: Type.String({ format: 'date-time' }),
        failedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
      }),
    ),
  },
  { $id: 'StaffJobs' },
);

/** The job queue for support: how deep each queue is, what failed, and a retry. */
export const jobsStaffRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(JobsSchema);
  app.get(
    '/v1/staff/jobs',
    {
      config: { staff: SECTION_ROLES.jobs },
      schema: {
        ...STAFF_SCHEMA,
        operationId: 'getStaffJobs',
        summary: 'Очередь фоновых задач: ждут, выполняются, не удались',
        response: { 200: Type.Ref('StaffJobs'), 404: ProblemRef },
      },
    },
    async () => jobsOverview(app.jobs),
  );
  app.post(
    '/v1/staff/jobs/:queue/:id/retry',
    {
      config: { staff: SECTION_ROLES.jobs },
      schema: {
        ...STAFF_SCHEMA,
        operationId: 'retryStaffJob',
        summary: 'Повторить неудавшуюся задачу',
        params: Type.Object({
          queue: Type.String({ pattern: '^[a-z][a-z0-9.-]{0,59}$' }),
          id: Type.String({ format: 'uuid' }),
        }),
        response: { 200: Type.Ref('StaffJobs'), 400: ProblemRef, 404: ProblemRef },
      },
    },
    async (request) => retryJob(app.db, app.jobs, actorOf(request), request.params.queue, request.params.id),
  );
};

export default staffRoutes;
