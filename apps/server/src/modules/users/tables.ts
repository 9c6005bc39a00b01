import { sql } from 'drizzle-orm';
import { jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

// The site's users: created at sign-in (esia), read by the session, the account, porting and notifications.

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
  /**
   * True when ESIA did not answer for the documents at the last sign-in and no passport was known
   * from before: a porting application then asks to sign in again, rather than saying there is none.
   */
  passportUnknown?: boolean;
  /** Keyed hash of the СНИЛС (lib/snils.ts): a Госключ certificate is matched to the person by it. */
  snilsHash?: string;
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
