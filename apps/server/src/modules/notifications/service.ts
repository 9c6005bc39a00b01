import type { NotificationsConfig } from '../../config/env';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { JobQueue } from '../../lib/jobs';
import { deriveKey, seal, unseal } from '../../lib/seal';
import {
  findNotification,
  insertNotifications,
  markNotification,
  type NewNotification,
  SECRET_MASK,
} from './repository';
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
 * The key that seals a message's secret (an SMS code) between the transaction that queues it and the job
 * that sends it (derived from SESSION_SECRET for this use alone), and the clock its expiry is read on.
 */
export interface SecretKeys {
  key: Buffer;
  now: () => Date;
}

/** The secrets' key of a site, on the wall clock (tests pass their own clock). */
export function secretKeys(sessionSecret: string, now: Clock): SecretKeys {
  return { key: deriveKey(sessionSecret, 'notification secret in transit v1'), now };
}

/** A secret sealed with its expiry: unreadable without the key, useless after it (decision 122). */
export function sealSecret(key: Buffer, secret: { value: string; expiresAt: Date }): string {
  return seal(key, JSON.stringify({ v: secret.value, exp: secret.expiresAt.getTime() }));
}

/** The secret of `sealSecret`, or null when it cannot be opened or has expired. */
export function openSecret(key: Buffer, sealed: string, now: Date): string | null {
  const opened = unseal(key, sealed);
  if (opened === null) return null;
  const { v, exp } = JSON.parse(opened) as { v: unknown; exp: unknown };
  return typeof v === 'string' && typeof exp === 'number' && now.getTime() < exp ? v : null;
}

/**
 * Stores notifications and the jobs that send them in the caller's transaction: a message exists
 * exactly when the change it tells about was committed, and is sent (with retries) after, by any node's
 * worker. A channel that is not sent stores nothing. Returns the ids of those stored. A secret is stored
 * only masked in the body and sealed beside it for the sending job.
 */
export async function queueNotifications(
  tx: Database,
  jobs: JobQueue,
  channels: Channels,
  keys: SecretKeys,
  messages: NewNotification[],
): Promise<number[]> {
  const wanted = messages
    .filter((m) => channels[m.channel] && m.recipient !== '')
    .map(({ secret, ...m }) => {
      if (!secret) return m;
      if (!m.body.includes(SECRET_MASK)) throw new Error('a message with a secret has no place for it in its text');
      return { ...m, carriesSecret: true, secretSealed: sealSecret(keys.key, secret) };
    });
  const ids = await insertNotifications(tx, wanted);
  for (const id of ids) await jobs.send(NOTIFICATION_QUEUE, { notificationId: id }, {}, tx);
  return ids;
}

/** What became of one attempt to send (the metrics count these). */
export type DeliveryOutcome = (channel: Channel, result: 'sent' | 'retry' | 'failed' | 'skipped') => void;

/**
 * The job: sends one notification once. A secret is put in place of its mask here, on its way to the
 * gateway, and its sealed copy is cleared with the message's final status; an expired one is not sent.
 */
export async function deliverNotification(
  db: Database,
  senders: Senders,
  keys: SecretKeys,
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
  let text = n.body;
  if (n.carriesSecret) {
    const secret = n.secretSealed === null ? null : openSecret(keys.key, n.secretSealed, keys.now());
    if (secret === null) {
      await markNotification(db, id, { status: 'skipped', error: 'код истёк до отправки' });
      outcome(n.channel, 'skipped');
      return;
    }
    text = n.body.replace(SECRET_MASK, () => secret);
  }
  try {
    await sender.send({ to: n.recipient, subject: n.subject, text });
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
