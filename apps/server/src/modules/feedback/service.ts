import type { Database } from '../../db/client';
import { validationProblem } from '../../lib/problem';
import { type CaptchaKeys, verifyCaptcha } from './captcha';
import { insertFeedback, type NewFeedback } from './repository';

/**
 * Stores a message whose captcha solution verifies. The solution is spent in the same transaction as the
 * message is stored, so a failed store leaves it unspent; a bad solution answers 400 on the `altcha` field.
 */
export async function sendFeedback(db: Database, keys: CaptchaKeys, body: NewFeedback & { altcha: string }) {
  const { altcha, ...message } = body;
  return db.transaction(async (tx) => {
    if (!(await verifyCaptcha(tx, keys, altcha))) {
      throw validationProblem({ altcha: ['Подтвердите, что вы не робот: капча не пройдена или устарела.'] });
    }
    return insertFeedback(tx, message);
  });
}
