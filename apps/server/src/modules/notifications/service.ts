import type { NotificationsConfig } from '../../config/env';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../lib/jobs';
import { findNotification, insertNotifications, markNotification, type NewNotification } from './repository';
import type { Sender } from './senders';
import type { Channel } from './tables';

export const NOTIFICATION_QUEUE = 'notifications.send';
export const NOTIFICATION_FAILED_QUEUE = 'notifications.failed';

export const NOTIFICATION_QUEUES = [
  { name: NOTIFICATION_FAILED_QUEUE },
  {
    name: NOTIFICATION_QUEUE,
    retryLimit: 6,
    retryDelay: 10,
    retryBackoff: true,
    deadLetter: NOTIFICATION_FAILED_QUEUE,
    expireInSeconds: 60,
  },
] as const;

/** The configured senders per channel; a missing one means that channel is not sent. */
export type Senders = Partial<Record<Channel, Sender>>;

/** Which channels are sent at all. */
export type Channels = Record<Channel, boolean>;

/** The channels a configuration sends: a gateway's address, or the outbox stand-in in demo and tests. */
export function configuredChannels(cfg: NotificationsConfig): Channels {
  return {
    sms: cfg.smsGatewayUrl !== undefined || cfg.outboxStandin,
    email: cfg.emailGatewayUrl !== undefined || cfg.outboxStandin,
  };
}

/**
 * Stores notifications and the jobs that send them in the caller's transaction: a message exists
 * exactly when the change it tells about was committed, and is sent (with retries) after, by any node's
 * worker. A channel that is not sent stores nothing. Returns the ids of those stored.
 */
export async function queueNotifications(
  tx: Database,
  jobs: JobQueue,
  channels: Channels,
  messages: NewNotification[],
): Promise<number[]> {
  const wanted = messages.filter((m) => channels[m.channel] && m.recipient !== '');
  const ids = await insertNotifications(tx, wanted);
  for (const id of ids) await jobs.send(NOTIFICATION_QUEUE, { notificationId: id }, {}, tx);
  return ids;
}

/** What became of one attempt to send (the metrics count these). */
export type DeliveryOutcome = (channel: Channel, result: 'sent' | 'retry' | 'failed' | 'skipped') => void;

/** The job: sends one notification once. */
export async function deliverNotification(
  db: Database,
  senders: Senders,
  id: number,
  outcome: DeliveryOutcome = () => {},
): Promise<void> {
  const n = await findNotification(db, id);
  if (n?.status !== 'pending') return;
  const sender = senders[n.channel];
  if (!sender) {
    await markNotification(db, id, { status: 'skipped', error: 'канал не настроен' });
    outcome(n.channel, 'skipped');
    return;
  }
  try {
    await sender.send({ to: n.recipient, subject: n.subject, text: n.body });
  } catch (err) {
    await markNotification(db, id, { status: 'pending', error: err instanceof Error ? err.message : String(err) });
    outcome(n.channel, 'retry');
    throw err;
  }
  await markNotification(db, id, { status: 'sent' });
  outcome(n.channel, 'sent');
}

/** A notification whose retries are spent: marked failed, kept for the record. */
export async function failNotification(db: Database, id: number, outcome: DeliveryOutcome = () => {}): Promise<void> {
  const n = await findNotification(db, id);
  if (n?.status === 'pending') {
    await markNotification(db, id, { status: 'failed', error: n.error });
    outcome(n.channel, 'failed');
  }
}
