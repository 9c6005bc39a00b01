import type { Database } from '../../db/client';
import { captchaRedemptions, feedback } from './tables';

export interface NewFeedback {
  name: string;
  email: string;
  topic: string;
  message: string;
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
