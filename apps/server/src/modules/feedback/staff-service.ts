import type { Database } from '../../db/client';
import { conflict, notFound } from '../../lib/problem';
import { deliveryStatuses, type NewNotification } from '../notifications';
import { audit, type StaffActor } from '../staff';
import { findFeedback, insertReply, listFeedback, lockFeedback, repliesOf, setFeedbackStatus } from './repository';
import { FEEDBACK_STATUSES, type FeedbackStatus } from './tables';

type MessageRow = NonNullable<Awaited<ReturnType<typeof findFeedback>>>;

function present(row: MessageRow) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    topic: row.topic,
    message: row.message,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The inbox: a page of messages, newest first, and how many there are of each status. It shows people's
 * names, addresses and words, so it is read in the transaction that audits which messages were shown.
 */
export async function inbox(
  db: Database,
  actor: StaffActor,
  status: FeedbackStatus | undefined,
  skip: number,
  take: number,
) {
  const { rows, totalRows, counts } = await db.transaction(async (tx) => {
    const page = await listFeedback(tx, status, skip, take);
    await audit(tx, actor, 'feedback.list', '', { status: status ?? null, shown: page.rows.map((r) => r.id) });
    return page;
  });
  const byStatus = Object.fromEntries(FEEDBACK_STATUSES.map((s) => [s, 0])) as Record<FeedbackStatus, number>;
  for (const c of counts) byStatus[c.status] = c.n;
  return { data: rows.map(present), offset: skip, pageSize: take, totalRows, counts: byStatus };
}

/** One message with the replies sent to it, read in the transaction that audits the view. */
export async function inboxMessage(db: Database, actor: StaffActor, id: number) {
  const { row, replies, delivery } = await db.transaction(async (tx) => {
    const row = await findFeedback(tx, id);
    if (!row) throw notFound();
    const replies = await repliesOf(tx, id);
    const delivery = await deliveryStatuses(
      tx,
      replies.flatMap((r) => (r.notificationId === null ? [] : [r.notificationId])),
    );
    await audit(tx, actor, 'feedback.view', `feedback:${id}`);
    return { row, replies, delivery };
  });
  return {
    ...present(row),
    replies: replies.map((r) => ({
      id: r.id,
      staffName: r.staffName,
      subject: r.subject,
      body: r.body,
      createdAt: r.createdAt.toISOString(),
      delivery: ((r.notificationId === null ? undefined : delivery.get(r.notificationId)) ?? 'pending') as
        | 'pending'
        | 'sent'
        | 'failed'
        | 'skipped',
    })),
  };
}

/** Marks a message new, read or handled, audited with its status before. */
export async function setStatus(db: Database, actor: StaffActor, id: number, status: FeedbackStatus) {
  await db.transaction(async (tx) => {
    const before = await lockFeedback(tx, id);
    if (!before) throw notFound();
    await setFeedbackStatus(tx, id, status);
    await audit(tx, actor, 'feedback.status', `feedback:${id}`, { from: before.status, to: status });
  });
  return inboxMessage(db, actor, id);
}

/** How a reply goes out: the site's e-mail sender, queued in the reply's transaction. */
export interface ReplySender {
  emailEnabled: boolean;
  queue: (tx: Database, messages: NewNotification[]) => Promise<number[]>;
}

/**
 * Answers a message by e-mail through the site's sender. The reply is stored with the message and the
 * e-mail queued in one transaction (sent after it commits, with retries); a new message becomes read.
 */
export async function reply(
  db: Database,
  sender: ReplySender,
  actor: StaffActor,
  id: number,
  body: { subject?: string | undefined; text: string },
) {
  if (!sender.emailEnabled) {
    throw conflict(
      'Письма не отправляются',
      'На сайте не настроена отправка писем (EMAIL_GATEWAY_URL): ответ не сохранён.',
    );
  }
  await db.transaction(async (tx) => {
    const message = await lockFeedback(tx, id);
    if (!message) throw notFound();
    const subject = body.subject?.trim() || `Ответ на обращение № ${id}: ${message.topic}`;
    const quoted = message.message
      .split('\n')
      .map((line) => `> ${line}`)
      .join('\n');
    const [notificationId] = await sender.queue(tx, [
      {
        userId: null,
        orderId: null,
        channel: 'email',
        recipient: message.email,
        subject,
        body: `${message.name}, здравствуйте!\n\n${body.text}\n\n${actor.name}, служба поддержки «Перенос номера»\n\nВаше обращение № ${id}:\n${quoted}`,
      },
    ]);
    const saved = await insertReply(tx, {
      feedbackId: id,
      staffOid: actor.oid,
      staffName: actor.name,
      subject,
      body: body.text,
      notificationId: notificationId ?? null,
    });
    if (message.status === 'new') await setFeedbackStatus(tx, id, 'read');
    await audit(tx, actor, 'feedback.reply', `feedback:${id}`, { replyId: saved.id, to: message.email, subject });
  });
  return inboxMessage(db, actor, id);
}
