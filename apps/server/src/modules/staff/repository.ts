import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { userNamesByOid } from '../users';
import { type StaffRole, staffAudit, staffRoles } from './tables';

/** The roles an ESIA identity holds. */
export async function rolesOf(db: Database, oid: string): Promise<StaffRole[]> {
  const rows = await db.select({ role: staffRoles.role }).from(staffRoles).where(eq(staffRoles.oid, oid));
  return rows.map((r) => r.role);
}

/** Everyone holding a role, with their name when they have signed in at least once. */
export async function listRoles(db: Database) {
  const rows = await db
    .select({
      oid: staffRoles.oid,
      role: staffRoles.role,
      grantedBy: staffRoles.grantedBy,
      grantedAt: staffRoles.grantedAt,
    })
    .from(staffRoles)
    .orderBy(asc(staffRoles.oid), asc(staffRoles.role));
  const names = await userNamesByOid(
    db,
    rows.map((r) => r.oid),
  );
  return rows.map((r) => ({ ...r, name: names.get(r.oid) ?? null }));
}

/** Grants a role; false when it was already held. */
export async function insertRole(tx: Database, oid: string, role: StaffRole, grantedBy: string): Promise<boolean> {
  const rows = await tx
    .insert(staffRoles)
    .values({ oid, role, grantedBy })
    .onConflictDoNothing()
    .returning({ oid: staffRoles.oid });
  return rows.length === 1;
}

/** Takes a role away; false when it was not held. */
export async function deleteRole(tx: Database, oid: string, role: StaffRole): Promise<boolean> {
  const rows = await tx
    .delete(staffRoles)
    .where(and(eq(staffRoles.oid, oid), eq(staffRoles.role, role)))
    .returning({ oid: staffRoles.oid });
  return rows.length === 1;
}

/** Locks every admin's row and returns their oids: two revocations at once see each other's result. */
export async function lockAdmins(tx: Database): Promise<string[]> {
  const rows = await tx
    .select({ oid: staffRoles.oid })
    .from(staffRoles)
    .where(eq(staffRoles.role, 'admin'))
    .for('update');
  return rows.map((r) => r.oid);
}

export interface AuditEntry {
  actorOid: string;
  actorName: string;
  action: string;
  target: string;
  details: Record<string, unknown>;
}

export async function insertAudit(tx: Database, entry: AuditEntry): Promise<void> {
  await tx.insert(staffAudit).values(entry);
}

export interface AuditFilter {
  actorOid?: string | undefined;
  /** An action, or its prefix ending in a dot (`news.`). */
  action?: string | undefined;
  target?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

function auditConditions(f: AuditFilter): SQL | undefined {
  const conds: SQL[] = [];
  if (f.actorOid) conds.push(eq(staffAudit.actorOid, f.actorOid));
  if (f.action) {
    conds.push(
      f.action.endsWith('.') ? sql`starts_with(${staffAudit.action}, ${f.action})` : eq(staffAudit.action, f.action),
    );
  }
  if (f.target) conds.push(eq(staffAudit.target, f.target));
  if (f.from) conds.push(gte(staffAudit.at, f.from));
  if (f.to) conds.push(lt(staffAudit.at, f.to));
  return conds.length > 0 ? and(...conds) : undefined;
}

/** A page of the audit, newest first, with the total for the pager. */
export async function listAudit(db: Database, filter: AuditFilter, skip: number, take: number) {
  const where = auditConditions(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(staffAudit)
      .where(where)
      .orderBy(desc(staffAudit.at), desc(staffAudit.id))
      .limit(take)
      .offset(skip),
    db.select({ n: count() }).from(staffAudit).where(where),
  ]);
  return { rows, totalRows: total?.n ?? 0 };
}
