import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The back office's roles (docs/product.md §14): editor (news), catalogue (tariffs), support (feedback, the
 * porting desk), admin (flags, staff and the audit). Each role is its own: an admin who edits news
 * grants themselves editor, and that grant is audited too.
 */
export const STAFF_ROLES = ['editor', 'catalogue', 'support', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * Who holds which role, by ESIA identity (`oid`): a role can be granted before the person first signs in.
 * The first admin is granted from the command line only (`npm run staff -- grant <oid> admin`).
 */
export const staffRoles = pgTable(
  'staff_roles',
  {
    oid: text('oid').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    /** The admin's oid, or `cli` for the command line. */
    grantedBy: text('granted_by').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.oid, t.role] })],
);

/**
 * Every staff action: who (ESIA oid and name as signed in), what (`news.publish`, `flags.switch`,
 * `porting.personal-data.view` …), on what (`news:12`), when, and what it changed. Written in the same
 * transaction as the change; never updated or deleted by the site.
 */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().default(sql`now()`),
    actorOid: text('actor_oid').notNull(),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull().default(''),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('staff_audit_at_idx').on(t.at.desc(), t.id.desc()),
    index('staff_audit_actor_idx').on(t.actorOid, t.at.desc()),
    index('staff_audit_action_idx').on(t.action, t.at.desc()),
  ],
);
