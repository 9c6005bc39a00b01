import type { Database } from '../../db/client';
import { validationProblem } from '../../lib/problem';
import type { NewNotification } from '../notifications';
import { type CaptchaKeys, verifyCaptcha } from './captcha';
import { insertFeedback, type NewFeedback } from './repository';

/**
 * Stores a message whose captcha solution verifies. The solution is spent in the same transaction as the
 * message is stored, so a failed store leaves it unspent; a bad solution answers 400 on the `altcha` field.
 */
export async function sendFeedback(
  db: Database,
  keys: CaptchaKeys,
  body: NewFeedback & { altcha: string },
  support?: SupportCopy,
) {
  const { altcha, ...message } = body;
  return db.transaction(async (tx) => {
    if (!(await verifyCaptcha(tx, keys, altcha))) {
      throw validationProblem({ altcha: ['Подтвердите, что вы не робот: капча не пройдена или устарела.'] });
    }
    const saved = await insertFeedback(tx, message);
    // The copy to support is queued with the message: it goes exactly when the message was stored.
    if (support) {
      await support.queue(tx, [
        {
          userId: null,
          orderId: null,
          channel: 'email',
          recipient: support.email,
          subject: `Обращение № ${saved.id}: ${message.topic}`,
          body: `${message.message}\n\n— ${message.name}, ${message.email}\nОтветить можно в служебном разделе сайта: /staff/feedback/${saved.id}`,
        },
      ]);
    }
    return saved;
  });
}

/** Where each new message is also e-mailed (SUPPORT_EMAIL), and how e-mail is queued. */
export interface SupportCopy {
  email: string;
  queue: (tx: Database, messages: NewNotification[]) => Promise<unknown>;
}
