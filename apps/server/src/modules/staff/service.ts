import type { AuditAction } from '@perenos/porting-rules/back-office';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../lib/jobs';
import { conflict, notFound } from '../../lib/problem';
import {
  type AuditFilter,
  deleteRole,
  insertAudit,
  insertRole,
  listAudit,
  listRoles,
  lockAdmins,
  rolesOf,
} from './repository';
import type { StaffRole } from './tables';

/** Who does a staff action: the signed-in person, or the command line. */
export interface StaffActor {
  oid: string;
  name: string;
  roles: StaffRole[];
  /** Audit records written for this request (a staff call that changed something without one is a bug). */
  audited: number;
}

/** The command line as an actor (`npm run staff`). */
export function cliActor(): StaffActor {
  return { oid: 'cli', name: 'Командная строка', roles: ['admin'], audited: 0 };
}

/**
 * Writes the audit record of a staff action in the caller's transaction: the record exists exactly when
 * the change it describes was committed. The action is one the back office's table names (decision 135):
 * an action without a Russian name does not compile.
 */
export async function audit(
  tx: Database,
  actor: StaffActor,
  action: AuditAction,
  target: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  await insertAudit(tx, { actorOid: actor.oid, actorName: actor.name, action, target, details });
  actor.audited++;
}

/** The staff roles of an ESIA identity (none: not staff). */
export function staffRolesOf(db: Database, oid: string): Promise<StaffRole[]> {
  return rolesOf(db, oid);
}

/** Everyone with a role, one entry per person. */
export async function staffList(db: Database) {
  const byOid = new Map<
    string,
    { oid: string; name: string | null; roles: { role: StaffRole; grantedBy: string; grantedAt: string }[] }
  >();
  for (const r of await listRoles(db)) {
    const person = byOid.get(r.oid) ?? { oid: r.oid, name: r.name, roles: [] };
    person.roles.push({ role: r.role, grantedBy: r.grantedBy, grantedAt: r.grantedAt.toISOString() });
    byOid.set(r.oid, person);
  }
  return [...byOid.values()];
}

/** Grants a role, audited; granting one already held changes nothing and is not an error. */
export async function grantRole(db: Database, actor: StaffActor, oid: string, role: StaffRole) {
  return db.transaction(async (tx) => {
    const granted = await insertRole(tx, oid, role, actor.oid);
    await audit(tx, actor, 'staff.grant', `staff:${oid}`, { role, changed: granted });
    return { changed: granted };
  });
}

/**
 * Takes a role away, audited. The last admin cannot be removed from the back office (nobody could grant
 * roles any more); the command line can, as it can make a new admin. Admins are locked first, so two
 * admins removing each other at once leave one.
 */
export async function revokeRole(
  db: Database,
  actor: StaffActor,
  oid: string,
  role: StaffRole,
  options: { allowLastAdmin?: boolean } = {},
) {
  return db.transaction(async (tx) => {
    if (role === 'admin' && !options.allowLastAdmin) {
      const admins = await lockAdmins(tx);
      if (admins.length === 1 && admins[0] === oid) {
        throw conflict(
          'Нельзя снять последнего администратора',
          'Назначьте сначала другого администратора: иначе выдавать роли сможет только командная строка.',
        );
      }
    }
    const revoked = await deleteRole(tx, oid, role);
    await audit(tx, actor, 'staff.revoke', `staff:${oid}`, { role, changed: revoked });
    return { changed: revoked };
  });
}

/**
 * «Удалить мои данные» of a person who holds staff roles: every role of theirs ends in the erasure's
 * transaction, each audited as theirs. The last admin's erasure is refused (HttpProblem 400 from the
 * caller's rule): nobody could grant roles from the back office any more; they name another admin first,
 * or the command line takes the role (decision 125). Admins are locked first, as a revocation does.
 */
export async function endRolesOf(tx: Database, person: { oid: string; name: string }): Promise<'ended' | 'last-admin'> {
  const roles = await rolesOf(tx, person.oid);
  if (roles.length === 0) return 'ended';
  if (roles.includes('admin')) {
    const admins = await lockAdmins(tx);
    if (admins.length === 1 && admins[0] === person.oid) return 'last-admin';
  }
  const actor: StaffActor = { oid: person.oid, name: person.name, roles, audited: 0 };
  for (const role of roles) {
    const revoked = await deleteRole(tx, person.oid, role);
    await audit(tx, actor, 'staff.revoke', `staff:${person.oid}`, { role, changed: revoked, reason: 'данные удалены' });
  }
  return 'ended';
}

/** A page of the audit, newest first. */
export async function auditPage(db: Database, filter: AuditFilter, skip: number, take: number) {
  const { rows, totalRows } = await listAudit(db, filter, skip, take);
  return {
    data: rows.map((r) => ({ ...r, at: r.at.toISOString() })),
    offset: skip,
    pageSize: take,
    totalRows,
  };
}

/** The job queue for the desk: jobs per queue by state, and the newest failed jobs with their errors. */
export async function jobsOverview(jobs: JobQueue) {
  const [counts, failed] = await Promise.all([jobs.countsByState(), jobs.failedJobs(50)]);
  const byQueue = new Map<string, { queue: string; waiting: number; active: number; failed: number }>();
  for (const c of counts) {
    const q = byQueue.get(c.queue) ?? { queue: c.queue, waiting: 0, active: 0, failed: 0 };
    q[c.state] += c.count;
    byQueue.set(c.queue, q);
  }
  return {
    queues: [...byQueue.values()].sort((a, b) => a.queue.localeCompare(b.queue)),
    failed: failed.map((j) => ({
      id: j.id,
      queue: j.queue,
      data: JSON.stringify(j.data ?? null).slice(0, 500),
      error: errorOf(j.output),
      retryCount: j.retryCount,
      createdAt: new Date(j.createdOn).toISOString(),
      failedAt: j.failedOn ? new Date(j.failedOn).toISOString() : null,
    })),
  };
}

function errorOf(output: unknown): string {
  const message = (output as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message.slice(0, 500) : '';
}

/** Puts a failed job back in its queue, audited in the same transaction; 404 for a job that has not failed. */
export async function retryJob(db: Database, jobs: JobQueue, actor: StaffActor, queue: string, id: string) {
  const failed = (await jobs.failedJobs(1000)).find((j) => j.id === id && j.queue === queue);
  if (!failed) throw notFound('Такой неудачной задачи нет: её уже повторили или она выполнена.');
  await db.transaction(async (tx) => {
    await jobs.retry(queue, id, tx);
    await audit(tx, actor, 'jobs.retry', `job:${queue}/${id}`, { error: errorOf(failed.output) });
  });
  return jobsOverview(jobs);
}
