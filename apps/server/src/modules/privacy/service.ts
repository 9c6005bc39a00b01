import { randomUUID } from 'node:crypto';
import { formatMsisdn } from '@perenos/phone';
import type { Database } from '../../db/client';
import { validationProblem } from '../../lib/problem';
import { forgetNumbers } from '../account';
import { eraseNotifications, type NewNotification } from '../notifications';
import {
  eraseApplications,
  forgetEndedApplications,
  forgetIdlePassports,
  forgetStandinPassports,
  runningApplications,
} from '../porting';
import { revokeAllSessions } from '../session';
import { eraseWatches } from '../watch';
import * as repo from './repository';

/** Runs daily: what the site keeps of finished portings past their retention (docs/privacy.md). */
export const RETENTION_QUEUE = 'privacy.retention';
export const PRIVACY_QUEUES = [{ name: RETENTION_QUEUE }] as const;

const DAY = 24 * 3600_000;

/**
 * Removes the personal data whose purpose has ended: the courier address of applications finished more
 * than `retentionDays` ago, and the passport and birth date of people with nothing under way and nothing
 * since then. The applications, their timelines and the counts stay.
 */
export async function forgetExpiredPersonalData(
  db: Database,
  now: Date,
  retentionDays: number,
): Promise<{ applications: number; people: number }> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY);
  const applications = await forgetEndedApplications(db, cutoff, now);
  const people = await forgetIdlePassports(db, cutoff);
  await forgetStandinPassports(db, cutoff);
  return { applications, people };
}

export interface EraseDeps {
  db: Database;
  notify: (tx: Database, messages: NewNotification[]) => Promise<void>;
  /** Tells every node that these session families are over. */
  revoked: (familyIds: string[]) => Promise<void>;
  now: () => Date;
}

/**
 * «Удалить мои данные»: the profile, the personal data of the person's applications, their numbers and
 * sessions — in one transaction under the person's row lock, refused while a porting is under way (its
 * applicant must stay reachable). The confirmation goes by e-mail to the address it was known by.
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
