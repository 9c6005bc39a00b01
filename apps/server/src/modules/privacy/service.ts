import { randomUUID } from 'node:crypto';
import { formatMsisdn } from '@perenos/phone';
import type { Database } from '../../db/client';
import { validationProblem } from '../../lib/problem';
import { forgetNumbers } from '../account';
import { forgetOldFeedback } from '../feedback';
import { eraseNotifications, forgetUnboundNotifications, type NewNotification } from '../notifications';
import {
  eraseApplications,
  forgetEndedApplications,
  forgetIdlePassports,
  forgetStandinPassports,
  runningApplications,
} from '../porting';
import { revokeAllSessions } from '../session';
import { endRolesOf } from '../staff';
import { eraseWatches } from '../watch';
import * as repo from './repository';

/** Runs daily: what the site keeps of finished portings past their retention (docs/privacy.md). */
export const RETENTION_QUEUE = 'privacy.retention';
export const PRIVACY_QUEUES = [{ name: RETENTION_QUEUE }] as const;

const DAY = 24 * 3600_000;

/**
 * Removes the personal data whose purpose has ended: the courier address of applications finished more
 * than `retentionDays` ago, and the passport and birth date of people with nothing under way and nothing
 * since then. The applications, their timelines and the counts stay. Contact-form messages older than
 * `feedbackRetentionDays` go whole, with their replies and their e-mails.
 */
export async function forgetExpiredPersonalData(
  db: Database,
  now: Date,
  retentionDays: number,
  feedbackRetentionDays = 365,
): Promise<{ applications: number; people: number; feedback: number }> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY);
  const applications = await forgetEndedApplications(db, cutoff, now);
  const people = await forgetIdlePassports(db, cutoff);
  await forgetStandinPassports(db, cutoff);
  const feedbackCutoff = new Date(now.getTime() - feedbackRetentionDays * DAY);
  const feedback = await db.transaction(async (tx) => {
    const messages = await forgetOldFeedback(tx, feedbackCutoff);
    await forgetUnboundNotifications(tx, feedbackCutoff);
    return messages;
  });
  return { applications, people, feedback };
}

export interface EraseDeps {
  db: Database;
  notify: (tx: Database, messages: NewNotification[]) => Promise<void>;
  /** Tells every node that these session families are over. */
  revoked: (familyIds: string[]) => Promise<void>;
  now: () => Date;
}

/**
 * «Удалить мои данные»: the profile, the personal data of the person's applications, their numbers,
 * sessions and staff roles — in one transaction under the person's row lock, refused while a porting is
 * under way (its applicant must stay reachable) and for the last admin. The confirmation goes by e-mail
 * to the address it was known by, which the notification forgets once sent.
 */
export async function eraseMyData(deps: EraseDeps, userId: number): Promise<void> {
  const now = deps.now();
  const families = await deps.db.transaction(async (tx) => {
    const person = await repo.lockPerson(tx, userId);
    if (!person) return [];
    const running = await runningApplications(tx, userId);
    if (running.length > 0) {
      const numbers = running.map((r) => `${formatMsisdn(r.msisdn)} (заявление № ${r.id})`).join(', ');
      throw validationProblem({
        account: [
          `Идёт перенос номера ${numbers}. Удалить данные можно после того, как перенос завершится, или отзовите заявление, пока это возможно.`,
        ],
      });
    }
    // Roles are by ESIA identity: left, they would await the person's next sign-in.
    if ((await endRolesOf(tx, { oid: person.oid, name: person.name })) === 'last-admin') {
      throw validationProblem({
        account: [
          'Вы единственный администратор сайта. Назначьте другого администратора в служебном разделе, затем удалите данные.',
        ],
      });
    }
    await eraseApplications(tx, userId, now);
    await forgetNumbers(tx, userId);
    await eraseWatches(tx, userId);
    await eraseNotifications(tx, userId);
    // The row keeps the anonymised applications and timelines under an identity no ESIA sign-in maps to.
    await repo.tombstonePerson(tx, userId, `erased:${userId}:${randomUUID()}`);
    const revoked = await revokeAllSessions(tx, userId, now, 'данные удалены');
    if (person.email) {
      await deps.notify(tx, [
        {
          userId: null,
          orderId: null,
          channel: 'email',
          recipient: person.email,
          subject: 'Ваши данные удалены с сайта «Перенос номера»',
          body: 'Здравствуйте!\n\nПо вашей просьбе мы удалили ваш профиль, паспортные данные, адреса доставки и номера из личного кабинета, а также завершили все ваши сеансы входа. История заявлений осталась обезличенной.\n\nЕсли это были не вы, войдите на сайт через Госуслуги и смените пароль Госуслуг.\n\nЭто письмо отправлено автоматически, отвечать на него не нужно.',
        },
      ]);
    }
    return revoked;
  });
  await deps.revoked(families);
}
