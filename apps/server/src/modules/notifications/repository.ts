import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type Channel, notifications, outboxMessages } from './tables';

export interface NewNotification {
  userId: number | null;
  orderId: number | null;
  channel: Channel;
  recipient: string;
  subject: string;
  body: string;
}

/** Stores notifications to send; returns their ids. */
export async function insertNotifications(db: Database, rows: NewNotification[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insert(notifications).values(rows).returning({ id: notifications.id });
  return inserted.map((r) => r.id);
}

export async function findNotification(db: Database, id: number) {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  return row;
}

/** Marks a notification sent, failed or skipped. */
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
      ...(change.status === 'sent' ? { sentAt: new Date() } : {}),
    })
    .where(eq(notifications.id, id));
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
