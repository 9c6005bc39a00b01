import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { NotificationsConfig } from '../../config/env';
import type { Database } from '../../db/client';
import { selfFetch } from '../../lib/self-fetch';
import { OUTBOX_PREFIX, outboxStandin } from './outbox-standin';
import type { NewNotification } from './repository';
import { httpSender } from './senders';
import {
  deliverNotification,
  failNotification,
  NOTIFICATION_FAILED_QUEUE,
  NOTIFICATION_QUEUE,
  queueNotifications,
  type Senders,
  secretKeys,
} from './service';

declare module 'fastify' {
  interface FastifyInstance {
    notifications: {
      /** Queues messages in the caller's transaction (sent after it commits). */
      queue(tx: Database, messages: NewNotification[]): Promise<void>;
      /** As `queue`, answering the ids of the notifications stored (a channel without a sender has none). */
      queueWithIds(tx: Database, messages: NewNotification[]): Promise<number[]>;
      /** Which channels are sent at all. */
      channels: { sms: boolean; email: boolean };
    };
  }
}

/** E-mail and SMS: the senders, the sending job, and in demo and tests the outbox stand-in. */
export default fp(
  async function notificationsPlugin(
    app: FastifyInstance,
    opts: { config: NotificationsConfig; sessionSecret: string },
  ) {
    const cfg = opts.config;
    const keys = secretKeys(opts.sessionSecret, app.clock);
    if (cfg.outboxStandin) await app.register(outboxStandin, { prefix: OUTBOX_PREFIX });
    const local = selfFetch(app);
    const senderFor = (channel: 'sms' | 'email', url: string | undefined, token: string | undefined) => {
      if (url) return httpSender({ url, token, channel });
      if (cfg.outboxStandin) return httpSender({ url: `${OUTBOX_PREFIX}/api/${channel}`, channel, fetch: local });
      return undefined;
    };
    const senders: Senders = {};
    const sms = senderFor('sms', cfg.smsGatewayUrl, cfg.smsGatewayToken);
    const email = senderFor('email', cfg.emailGatewayUrl, cfg.emailGatewayToken);
    if (sms) senders.sms = sms;
    if (email) senders.email = email;
    if (!sms) app.log.warn('SMS не отправляются: задайте SMS_GATEWAY_URL');
    if (!email) app.log.warn('Письма не отправляются: задайте EMAIL_GATEWAY_URL');

    const channels = { sms: sms !== undefined, email: email !== undefined };
    app.decorate('notifications', {
      queue: async (tx: Database, messages: NewNotification[]) => {
        await queueNotifications(tx, app.jobs, channels, keys, messages);
      },
      queueWithIds: (tx: Database, messages: NewNotification[]) =>
        queueNotifications(tx, app.jobs, channels, keys, messages),
      channels,
    });
    const outcome = (channel: string, result: 'sent' | 'retry' | 'failed' | 'skipped') =>
      app.metrics.notification(channel, result);
    app.jobs.work<{ notificationId: number }>(
      NOTIFICATION_QUEUE,
      (data) => deliverNotification(app.db, senders, keys, data.notificationId, outcome),
      { batchSize: 20, pollingIntervalSeconds: 0.5 },
    );
    app.jobs.work<{ notificationId: number }>(NOTIFICATION_FAILED_QUEUE, (data) =>
      failNotification(app.db, data.notificationId, outcome),
    );
  },
  { name: 'notifications', dependencies: ['database', 'jobs', 'metrics'] },
);
