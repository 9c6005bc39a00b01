import type { FastifyInstance } from 'fastify';
import { cliActor, grantRole } from '../src/modules/staff/service';
import type { StaffRole } from '../src/modules/staff/tables';
import { authHeaders, signIn } from './esia';

/** Grants `roles` to a test citizen as the command line does, signs them in, and answers their call headers. */
export async function signInStaff(
  app: FastifyInstance,
  oid: string,
  roles: readonly StaffRole[],
): Promise<Record<string, string>> {
  for (const role of roles) await grantRole(app.db, cliActor(), oid, role);
  const steps = await signIn(app, oid);
  return authHeaders(steps.jar);
}

/** A staff call as the browser makes it. */
export function staffCall(
  app: FastifyInstance,
  headers: Record<string, string>,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
}
