import { and, asc, desc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type Channel, notifications, outboxMessages } from './tables';

/** How a secret stands in a stored message's body: the only form it is kept in at rest. */
export const SECRET_MASK = '••••••';

export interface NewNotification {
  userId: number | null;
  orderId: number | null;
  channel: Channel;
  recipient: string;
  subject: string;
  /** The text; a secret in it is written as `SECRET_MASK` and given in `secret`. */
  body: string;
  /** A secret (an SMS code) put in place of the mask only when the message is sent, and not after `expiresAt`. */
  secret?: { value: string; expiresAt: Date };
}

/** A notification as stored: the secret, if any, already sealed. */
export type StoredNotification = Omit<NewNotification, 'secret'> & {
  carriesSecret?: boolean;
  secretSealed?: string | null;
};

/** Stores notifications to send; returns their ids. */
export async function insertNotifications(db: Database, rows: StoredNotification[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insert(notifications).values(rows).returning({ id: notifications.id });
  return inserted.map((r) => r.id);
}

export async function findNotification(db: Database, id: number) {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  return row;
}

/**
 * Marks a notification sent, failed or skipped. A message tied to no person and no order (the erasure's
 * confirmation, the contact form's e-mails) keeps no address once its sending is over: nobody's page
 * shows it, and the address was only needed on the way out (docs/privacy.md).
 */
export async function markNotification(
  db: Database,
  id: number,
  change: { status: 'sent' | 'failed' | 'skipped' | 'pending'; error?: string | null },
): Promise<void> {
  await db
    .update(notifications)
    .set({
      status: change.status,
      error: change.error ?? null,
      attempts: sql`${notifications.attempts} + 1`,
      ...(change.status === 'sent' ? { sentAt: sql`now()` } : {}),
      // A sealed secret lives only while the message may still be sent; so does the address of a message
      // tied to no person and no order (the erasure's confirmation, the contact form's e-mails).
      ...(change.status === 'pending'
        ? {}
        : {
            secretSealed: null,
            recipient: sql`case when ${notifications.userId} is null and ${notifications.orderId} is null then '' else ${notifications.recipient} end`,
          }),
    })
    .where(eq(notifications.id, id));
}

/**
 * The order's messages not sent yet are outdated by its end (withdrawn, refused, ported): marked skipped
 * in the transaction that ends it, so no «Заявление принято БДПН» arrives after «Заявление отозвано».
 * The end's own messages are queued after this, in the same transaction. Answers how many were skipped.
 */
export async function supersedeOrderNotifications(tx: Database, orderId: number): Promise<number> {
  const rows = await tx
    .update(notifications)
    .set({ status: 'skipped', error: 'заявление закрыто раньше, чем сообщение ушло', secretSealed: null })
    .where(and(eq(notifications.orderId, orderId), eq(notifications.status, 'pending')))
    .returning({ id: notifications.id });
  return rows.length;
}

/** As supersedeOrderNotifications, for several orders in one statement. */
export async function supersedeOrdersNotifications(tx: Database, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx
    .update(notifications)
    .set({ status: 'skipped', error: 'заявление закрыто раньше, чем сообщение ушло', secretSealed: null })
    .where(and(inArray(notifications.orderId, orderIds), eq(notifications.status, 'pending')));
}

/**
 * Deletes the messages tied to no person and no order made before `before` whose sending is over: the
 * contact form's copies to support and replies (their text and the sender's name and e-mail), past the
 * feedback's retention.
 */
export async function forgetUnboundNotifications(db: Database, before: Date): Promise<number> {
  const rows = await db
    .delete(notifications)
    .where(
      and(
        isNull(notifications.userId),
        isNull(notifications.orderId),
        lt(notifications.createdAt, before),
        ne(notifications.status, 'pending'),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** What the outbox stand-in received. */
export async function insertOutboxMessage(
  db: Database,
  row: { channel: Channel; recipient: string; subject: string; body: string },
): Promise<void> {
  await db.insert(outboxMessages).values(row);
}

/** The newest outbox messages. */
export async function recentOutbox(db: Database, limit: number) {
  return db.select().from(outboxMessages).orderBy(desc(outboxMessages.id)).limit(limit);
}

/** Everything sent (or being sent) about an order, oldest first. */
export async function notificationsOfOrder(db: Database, orderId: number) {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.orderId, orderId))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));
}

/** The sending status of each of the notifications, by id (a reply's e-mail, read by the feedback inbox). */
export async function deliveryStatuses(db: Database, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: notifications.id, status: notifications.status })
    .from(notifications)
    .where(inArray(notifications.id, ids));
  return new Map(rows.map((r) => [r.id, r.status]));
}

/** Deletes the user's notifications (an erasure of their data). */
export async function eraseNotifications(tx: Database, userId: number): Promise<void> {
  await tx.delete(notifications).where(eq(notifications.userId, userId));
}
