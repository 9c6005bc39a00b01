import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** What ESIA told us at the last sign-in, kept to prefill forms: only a masked passport. */
export interface UserProfile {
  lastName: string;
  firstName: string;
  middleName: string;
  /** yyyy-MM-dd. */
  birthDate: string | null;
  /** Series and the last two digits only, e.g. «45 10 ****56». */
  passportMasked: string | null;
  /** Verified mobile numbers, 11 digits. */
  mobiles: string[];
  email: string | null;
  emailVerified: boolean;
}

/** A person who signed in through ESIA, keyed by the ESIA object id (`urn:esia:sbj_id`). */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  oid: text('oid').notNull().unique(),
  name: text('name').notNull(),
  profile: jsonb('profile').$type<UserProfile>(),
  /**
   * The passport as ESIA gave it (series, number, issue date), sealed with AES-256-GCM under a key
   * derived from SESSION_SECRET: a porting application must carry it to the donor operator, nothing
   * else reads it. Null until the next sign-in of a user from before it was kept.
   */
  passportSealed: text('passport_sealed'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }).notNull().default(sql`now()`),
});

/** One pending ESIA sign-in: the `state` is single use and remembers where to return. */
export const esiaLoginStates = pgTable('esia_login_states', {
  state: text('state').primaryKey(),
  returnUrl: text('return_url').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** A sign-in session: every refresh token issued after one sign-in belongs to the same family. */
export const sessionFamilies = pgTable(
  'session_families',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set on sign-out or when a used refresh token comes back (theft); ends every token of the family. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('session_families_user_idx').on(t.userId)],
);

/** Refresh tokens, stored only as SHA-256 hashes; a used one stays to detect reuse. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    hash: text('hash').primaryKey(),
    familyId: text('family_id')
      .notNull()
      .references(() => sessionFamilies.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
);
