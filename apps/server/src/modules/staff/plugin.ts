import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../../lib/problem';
import { addRouteHook } from '../../lib/route-hooks';
import staffRoutes, { jobsStaffRoutes } from './routes';
import { type StaffActor, staffRolesOf } from './service';
import type { StaffRole } from './tables';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member on a staff route (set by its guard); null elsewhere. */
    staff: StaffActor | null;
  }
  interface FastifyContextConfig {
    /**
     * A staff call: it answers 404 «Запись не найдена» unless the signed-in person holds this role
     * (`any`: at least one), before anything else of the request is looked at.
     */
    staff?: StaffRole | 'any';
    /** A staff POST that changes nothing (a preview): it needs no audit record. */
    readOnly?: boolean;
  }
}

/** Staff actions that change something: each must leave an audit record (a GET that reads personal data does too). */
const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The back office's gate: a route declaring `config: { staff: role }` answers 404 to everyone without
 * that role — anonymous, signed in without a role, or with another one — the same answer as an address
 * that does not exist. Roles are read from the database on every staff call (no cache: a revoked role
 * ends at once on every node).
 */
export default fp(
  async function staffPlugin(app: FastifyInstance) {
    app.decorateRequest('staff', null);
    app.addHook('onRoute', (route) => {
      const needed = route.config?.staff;
      if (needed === undefined) return;
      addRouteHook(route, 'onRequest', async (request, reply) => {
        const user = request.user;
        if (!user) throw notFound();
        const roles = await staffRolesOf(app.db, user.oid);
        if (roles.length === 0 || (needed !== 'any' && !roles.includes(needed))) throw notFound();
        request.staff = { oid: user.oid, name: user.name, roles, audited: 0 };
        // Staff answers are for this person only and never for search engines.
        reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex, nofollow');
      });
      if (CHANGES.has(String(route.method)) && route.config?.readOnly !== true) {
        addRouteHook(route, 'onSend', async (request, reply, payload) => {
          if (reply.statusCode < 400 && request.staff?.audited === 0) {
            request.log.error({ url: request.url }, 'staff action answered without an audit record');
          }
          return payload;
        });
      }
    });
    await app.register(staffRoutes, { prefix: '/api' });
    await app.register(jobsStaffRoutes, { prefix: '/api' });
  },
  { name: 'staff', dependencies: ['database', 'session', 'jobs'] },
);
