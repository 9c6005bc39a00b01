import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { portationOrders } from '../tables';

/** Raw bytes (`bytea`): PGlite hands back a Uint8Array, node-postgres a Buffer; both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Where a signing in Госключ stands: asked and waiting, signed and verified, or ended without a signature. */
export const SIGNATURE_STATUSES = ['pending', 'signed', 'refused', 'expired', 'failed'] as const;
export type SignatureStatus = (typeof SIGNATURE_STATUSES)[number];

/**
 * The application as it was sent to Госключ and, once the person signed, the detached signature the site
 * verified (decision 128): one row per order, its latest signing. The PDF is sealed like the passport
 * (it names the person and may hold the courier address); the signature is kept as it came.
 */
export const portationSignatures = pgTable(
  'portation_signatures',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => portationOrders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: SIGNATURE_STATUSES }).notNull(),
    /** Госключ's id of the package; null while it is being sent. */
    packageId: text('package_id'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    /** The person must sign before this (15 minutes after the request). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The exact PDF sent, sealed (AES-256-GCM, lib/seal.ts). */
    documentSealed: bytea('document_sealed').notNull(),
    /** Streebog-256 of the PDF (hex), as Госключ shows it to the person. */
    documentHash: text('document_hash').notNull(),
    /** SHA-256 of what the application says: a signature counts only while the order still says it. */
    factsHash: text('facts_hash').notNull(),
    /** The detached CMS signature (DER), once Госключ gave it. */
    signature: bytea('signature'),
    /** The signing time the signature states. */
    signedAt: timestamp('signed_at', { withTimezone: true }),
    certificateSubject: text('certificate_subject'),
    certificateSerial: text('certificate_serial'),
    certificateIssuer: text('certificate_issuer'),
    certificateValidFrom: timestamp('certificate_valid_from', { withTimezone: true }),
    certificateValidTo: timestamp('certificate_valid_to', { withTimezone: true }),
    /** Why the signing ended without a valid signature, in the person's words. */
    reason: text('reason'),
    /** When the site last checked the signature (on arrival, or on support's request). */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  // The poll of a pending signing finds it by its status.
  (t) => [index('portation_signatures_pending_idx').on(t.expiresAt).where(sql`status = 'pending'`)],
);
