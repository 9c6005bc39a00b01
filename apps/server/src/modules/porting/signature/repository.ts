import { and, eq, inArray, lte, ne, or } from 'drizzle-orm';
import type { Database } from '../../../db/client';

export { userOid } from '../../users';

import { portationOrders } from '../tables';
import { portationSignatures, type SignatureStatus } from './tables';

export type SignatureRow = typeof portationSignatures.$inferSelect;

/** The order's latest signing, if any. */
export async function findSignature(db: Database, orderId: number): Promise<SignatureRow | undefined> {
  const [row] = await db.select().from(portationSignatures).where(eq(portationSignatures.orderId, orderId));
  return row;
}

/**
 * Takes the order's signing for a new request, in one statement: a new row, or the old one replaced
 * unless a signing is still waiting for its answer. Parallel requests of one order take it once; the
 * others get undefined.
 */
export async function claimSigning(
  db: Database,
  row: Pick<SignatureRow, 'orderId' | 'requestedAt' | 'expiresAt' | 'documentSealed' | 'documentHash' | 'factsHash'>,
): Promise<boolean> {
  const fresh = {
    ...row,
    status: 'pending' as const,
    packageId: null,
    signature: null,
    signedAt: null,
    certificateSubject: null,
    certificateSerial: null,
    certificateIssuer: null,
    certificateValidFrom: null,
    certificateValidTo: null,
    reason: null,
    verifiedAt: null,
    updatedAt: row.requestedAt,
  };
  const taken = await db
    .insert(portationSignatures)
    .values(fresh)
    .onConflictDoUpdate({
      target: portationSignatures.orderId,
      set: fresh,
      setWhere: or(ne(portationSignatures.status, 'pending'), lte(portationSignatures.expiresAt, row.requestedAt)),
    })
    .returning({ orderId: portationSignatures.orderId });
  return taken.length === 1;
}

/** Where the answer of one request goes: only while the order's signing is still that request. */
function theRequest(orderId: number, requestedAt: Date, status?: SignatureStatus) {
  return and(
    eq(portationSignatures.orderId, orderId),
    eq(portationSignatures.requestedAt, requestedAt),
    ...(status ? [eq(portationSignatures.status, status)] : []),
  );
}

/** Records Госключ's id of the package of a request. */
export async function setPackage(db: Database, orderId: number, requestedAt: Date, packageId: string, now: Date) {
  await db
    .update(portationSignatures)
    .set({ packageId, updatedAt: now })
    .where(theRequest(orderId, requestedAt, 'pending'));
}

/** Ends a waiting request (refused, expired, failed, or signed and verified); false when it was not waiting. */
export async function answerSigning(
  db: Database,
  orderId: number,
  requestedAt: Date,
  patch: Partial<Omit<SignatureRow, 'orderId' | 'requestedAt'>> & { status: SignatureStatus; updatedAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(portationSignatures)
    .set(patch)
    .where(theRequest(orderId, requestedAt, 'pending'))
    .returning({ orderId: portationSignatures.orderId });
  return rows.length === 1;
}

/** Records a check of a kept signature (support's «Проверить подпись»). */
export async function markVerified(db: Database, orderId: number, at: Date) {
  await db.update(portationSignatures).set({ verifiedAt: at }).where(eq(portationSignatures.orderId, orderId));
}

/** The owner and number of an order, for the live update of its page. */
export async function orderOwner(db: Database, orderId: number) {
  const [row] = await db
    .select({ userId: portationOrders.userId, msisdn: portationOrders.msisdn, status: portationOrders.status })
    .from(portationOrders)
    .where(eq(portationOrders.id, orderId));
  return row;
}

/** Forgets the signed applications of orders (their personal data ends: docs/privacy.md). */
export async function forgetSignatures(db: Database, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await db.delete(portationSignatures).where(inArray(portationSignatures.orderId, orderIds));
}

/** Forgets the signed applications of a person's orders. */
export async function forgetSignaturesOf(db: Database, userId: number): Promise<void> {
  await db
    .delete(portationSignatures)
    .where(
      inArray(
        portationSignatures.orderId,
        db.select({ id: portationOrders.id }).from(portationOrders).where(eq(portationOrders.userId, userId)),
      ),
    );
}
