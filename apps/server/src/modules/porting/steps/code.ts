import { randomInt } from 'node:crypto';
import type { Database } from '../../../db/client';
import { moscowDay } from '../../../lib/moscow';
import { type HttpProblem, rateLimited, unavailable, validationProblem } from '../../../lib/problem';
import { keyedHash } from '../../../lib/seal';
import type { Owner, PortingDeps } from '../deps';
import { codeNotification } from '../messages';
import * as repo from '../repository';
import { isConfirmed, notEditable, ownedOrder, profileOf } from './shared';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_ATTEMPTS = 5;
export const CODE_RESEND_MS = 60_000;
/** Codes a day to one number, whoever asks and for whichever order. */
export const CODE_SENDS_A_DAY_PER_NUMBER = 5;
/** Codes a day one citizen may ask for, to all numbers together. */
export const CODE_SENDS_A_DAY_PER_CITIZEN = 10;

/**
 * Sends a confirmation code by SMS to the number of the order (for a number that is not a verified ESIA
 * mobile). Capped per number (5 a day, one a minute) and per citizen (10 a day) across all orders, each
 * counted by one atomic statement in the transaction that stores the code and queues the SMS.
 */
export async function sendCode(deps: PortingDeps, owner: Owner & { userId: number }, id: number) {
  const now = deps.now();
  const view = await ownedOrder(deps, owner, id);
  const order = view.order;
  if (order.status !== 'Initialized') throw notEditable(order.status);
  const profile = profileOf(await repo.findApplicant(deps.db, owner.userId));
  if (isConfirmed(order, profile)) {
    throw validationProblem({ confirmationCode: ['Номер уже подтверждён: код не нужен.'] });
  }
  if (!deps.smsEnabled) {
    throw unavailable('Отправка SMS недоступна', 'Подтвердить номер кодом сейчас нельзя.');
  }
  const code = newCode();
  const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
  const watchers = await deps.db.transaction(async (tx) => {
    const locked = await repo.lockOrder(tx, id);
    if (locked?.status !== 'Initialized') throw notEditable(locked?.status ?? 'Deleted');
    await spendCodeAllowance(tx, order.msisdn, owner.userId, now);
    await repo.saveCode(tx, {
      orderId: id,
      msisdn: order.msisdn,
      codeHash: keyedHash(deps.keys.code, `${id}:${code}`),
      expiresAt,
      attemptsLeft: CODE_ATTEMPTS,
    });
    await deps.notify(tx, [
      codeNotification({ userId: owner.userId, orderId: id, msisdn: order.msisdn }, { value: code, expiresAt }),
    ]);
    const { alerted } = await deps.watch.alert(tx, {
      kind: 'code',
      msisdn: order.msisdn,
      actorUserId: owner.userId,
      orderId: id,
      at: now,
    });
    return alerted;
  });
  deps.peopleChanged?.(watchers);
  return {
    sentTo: order.msisdn,
    expiresAt: expiresAt.toISOString(),
    resendAfter: new Date(now.getTime() + CODE_RESEND_MS).toISOString(),
  };
}

/** Six random digits. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Counts one code to `msisdn` asked by the citizen against the day's caps (5 a number, one a minute; 10 a
 * citizen), whatever the code is for (an application or the number watch), in the caller's transaction;
 * throws the 429 that says which cap refused. Each count is one atomic statement.
 */
export async function spendCodeAllowance(tx: Database, msisdn: string, userId: number, now: Date): Promise<void> {
  const today = moscowDay(now);
  const numberScope = `msisdn:${msisdn}`;
  const perNumber = await repo.countCodeSend(tx, numberScope, today, CODE_SENDS_A_DAY_PER_NUMBER, now, CODE_RESEND_MS);
  if (perNumber === null) throw await numberCapProblem(tx, numberScope, today, now);
  const perCitizen = await repo.countCodeSend(tx, `user:${userId}`, today, CODE_SENDS_A_DAY_PER_CITIZEN, now, 0);
  if (perCitizen === null) {
    throw tooManyCodes(
      `Сегодня вы уже запросили ${CODE_SENDS_A_DAY_PER_CITIZEN} кодов подтверждения. Попробуйте завтра.`,
    );
  }
}

function tooManyCodes(message: string): HttpProblem {
  return rateLimited(undefined, { confirmationCode: [message] });
}

/** Why the number's allowance refused a code: sent a moment ago, or the day's codes are spent. */
async function numberCapProblem(tx: Database, scope: string, day: string, now: Date): Promise<HttpProblem> {
  const row = await repo.codeSendsOf(tx, scope, day);
  if (row && row.sends < CODE_SENDS_A_DAY_PER_NUMBER) {
    const wait = Math.max(1, Math.ceil((CODE_RESEND_MS - (now.getTime() - row.lastSentAt.getTime())) / 1000));
    return tooManyCodes(`Новый код можно запросить через ${wait} с.`);
  }
  return tooManyCodes(
    `На этот номер сегодня уже отправлено ${CODE_SENDS_A_DAY_PER_NUMBER} кодов подтверждения. Попробуйте завтра.`,
  );
}

/**
 * Checks a typed code. The attempt is spent in the same statement that reads the code to compare with,
 * so parallel guesses cannot check more codes than there are attempts; a wrong one stays spent.
 */
export async function checkCode(
  deps: PortingDeps,
  order: repo.OrderRow,
  code: string | undefined,
): Promise<string | null> {
  if (code === undefined || code.trim() === '') {
    return 'Подтвердите номер: запросите код и введите его из SMS.';
  }
  const now = deps.now();
  const taken = await repo.takeCodeAttempt(deps.db, order.id, now);
  if (!taken || taken.msisdn !== order.msisdn) {
    const stored = await repo.findCode(deps.db, order.id);
    if (!stored || stored.msisdn !== order.msisdn) return 'Код не запрашивался: нажмите «Получить код».';
    if (stored.expiresAt.getTime() <= now.getTime()) return 'Срок действия кода истёк: запросите новый.';
    return 'Попытки ввода исчерпаны: запросите новый код.';
  }
  if (keyedHash(deps.keys.code, `${order.id}:${code.trim()}`) !== taken.codeHash) {
    return taken.attemptsLeft > 0
      ? `Неверный код. Осталось попыток: ${taken.attemptsLeft}.`
      : 'Неверный код. Попытки исчерпаны: запросите новый код.';
  }
  return null;
}
