import { asc, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { captchaRedemptions, type FeedbackStatus, feedback, feedbackReplies } from './tables';

export interface NewFeedback {
  name: string;
  email: string;
  topic: string;
  message: string;
}

/**
 * Deletes the messages (name, e-mail, text) sent before `before`, their replies with them (the foreign
 * key cascades): the feedback's retention (FEEDBACK_RETENTION_DAYS, docs/privacy.md).
 */
export async function forgetOldFeedback(db: Database, before: Date): Promise<number> {
  const rows = await db.delete(feedback).where(lt(feedback.createdAt, before)).returning({ id: feedback.id });
  return rows.length;
}

/** Stores a message; the caller answers only after this has committed. */
export async function insertFeedback(db: Database, item: NewFeedback) {
  const [row] = await db.insert(feedback).values(item).returning({ id: feedback.id, createdAt: feedback.createdAt });
  if (!row) throw new Error('feedback insert returned no row');
  return row;
}

/** Marks a captcha challenge used; false when it already was (one challenge, one message). */
export async function redeemChallenge(db: Database, challengeId: string): Promise<boolean> {
  const rows = await db
    .insert(captchaRedemptions)
    .values({ challengeId })
    .onConflictDoNothing()
    .returning({ id: captchaRedemptions.challengeId });
  return rows.length === 1;
}

/** A page of messages, newest first, optionally of one status, with the count of each status. */
export async function listFeedback(db: Database, status: FeedbackStatus | undefined, skip: number, take: number) {
  const where = status ? eq(feedback.status, status) : undefined;
  const [rows, [total], counts] = await Promise.all([
    db
      .select()
      .from(feedback)
      .where(where)
      .orderBy(desc(feedback.createdAt), desc(feedback.id))
      .limit(take)
      .offset(skip),
    db.select({ n: count() }).from(feedback).where(where),
    db.select({ status: feedback.status, n: count() }).from(feedback).groupBy(feedback.status),
  ]);
  return { rows, totalRows: total?.n ?? 0, counts };
}

export async function findFeedback(db: Database, id: number) {
  const [row] = await db.select().from(feedback).where(eq(feedback.id, id));
  return row;
}

export async function lockFeedback(tx: Database, id: number) {
  const [row] = await tx.select().from(feedback).where(eq(feedback.id, id)).for('update');
  return row;
}

export async function setFeedbackStatus(tx: Database, id: number, status: FeedbackStatus): Promise<void> {
  await tx.update(feedback).set({ status, updatedAt: sql`now()` }).where(eq(feedback.id, id));
}

export async function insertReply(tx: Database, reply: typeof feedbackReplies.$inferInsert) {
  const [row] = await tx.insert(feedbackReplies).values(reply).returning();
  if (!row) throw new Error('reply insert returned no row');
  return row;
}

/** A message's replies, oldest first, with the sending status of each e-mail. */
export async function repliesOf(db: Database, feedbackId: number) {
  return db
    .select({
      id: feedbackReplies.id,
      staffName: feedbackReplies.staffName,
      subject: feedbackReplies.subject,
      body: feedbackReplies.body,
      createdAt: feedbackReplies.createdAt,
      notificationId: feedbackReplies.notificationId,
    })
    .from(feedbackReplies)
    .where(eq(feedbackReplies.feedbackId, feedbackId))
    .orderBy(asc(feedbackReplies.createdAt), asc(feedbackReplies.id));
}
