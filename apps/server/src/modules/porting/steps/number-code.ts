import { and, eq, gt, sql } from 'drizzle-orm';
import { unavailable } from '../../../lib/problem';
import { keyedHash } from '../../../lib/seal';
import { SECRET_MASK } from '../../notifications';
import type { PortingDeps } from '../deps';
import { numberCodes } from '../tables';
import { CODE_ATTEMPTS, CODE_RESEND_MS, CODE_TTL_MS, newCode, spendCodeAllowance } from './code';

/**
 * «Получить код» of the number watch: a person shows a number of their account is theirs without an
 * application, by the code sent to it. The code counts against the same caps as an application's (a
 * number's 5 a day and one a minute, a citizen's 10 a day), and the number's watchers hear of it: a proof
 * of the number lets its holder hold other people's applications (docs/product.md §5).
 */
export async function sendNumberCode(deps: PortingDeps, userId: number, msisdn: string) {
  if (!deps.smsEnabled) {
    throw unavailable('Отправка SMS недоступна', 'Подтвердить номер кодом сейчас нельзя.');
  }
  const now = deps.now();
  const code = newCode();
  const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
  const codeHash = keyedHash(deps.keys.code, `number:${userId}:${msisdn}:${code}`);
  const watchers = await deps.db.transaction(async (tx) => {
    await spendCodeAllowance(tx, msisdn, userId, now);
    await tx
      .insert(numberCodes)
      .values({ userId, msisdn, codeHash, expiresAt, attemptsLeft: CODE_ATTEMPTS })
      .onConflictDoUpdate({
        target: [numberCodes.userId, numberCodes.msisdn],
        set: { codeHash, expiresAt, attemptsLeft: CODE_ATTEMPTS },
      });
    await deps.notify(tx, [
      {
        userId,
        orderId: null,
        channel: 'sms',
        recipient: msisdn,
        subject: '',
        body: `Код подтверждения: ${SECRET_MASK}. Он подтверждает, что номер ваш, чтобы включить оповещения о попытках его перенести; никому его не сообщайте. Код действует 10 минут.`,
        secret: { value: code, expiresAt },
      },
    ]);
    const { alerted } = await deps.watch.alert(tx, {
      kind: 'code',
      msisdn,
      actorUserId: userId,
      orderId: null,
      at: now,
    });
    return alerted;
  });
  deps.peopleChanged?.(watchers);
  return {
    sentTo: msisdn,
    expiresAt: expiresAt.toISOString(),
    resendAfter: new Date(now.getTime() + CODE_RESEND_MS).toISOString(),
  };
}

/**
 * Checks a typed code of `sendNumberCode`; null when right (the number is then confirmed from now, and
 * the code spent), else why not. The attempt is spent in the statement that reads the code to compare
 * with, so parallel guesses cannot check more codes than there are attempts.
 */
export async function confirmNumberCode(
  deps: PortingDeps,
  userId: number,
  msisdn: string,
  code: string,
): Promise<string | null> {
  const now = deps.now();
  const mine = and(eq(numberCodes.userId, userId), eq(numberCodes.msisdn, msisdn));
  const [taken] = await deps.db
    .update(numberCodes)
    .set({ attemptsLeft: sql`${numberCodes.attemptsLeft} - 1` })
    .where(and(mine, gt(numberCodes.attemptsLeft, 0), gt(numberCodes.expiresAt, now)))
    .returning({ codeHash: numberCodes.codeHash, attemptsLeft: numberCodes.attemptsLeft });
  if (!taken) {
    const [stored] = await deps.db.select().from(numberCodes).where(mine);
    if (!stored) return 'Код не запрашивался: нажмите «Получить код».';
    if (stored.expiresAt.getTime() <= now.getTime()) return 'Срок действия кода истёк: запросите новый.';
    return 'Попытки ввода исчерпаны: запросите новый код.';
  }
  if (keyedHash(deps.keys.code, `number:${userId}:${msisdn}:${code.trim()}`) !== taken.codeHash) {
    return taken.attemptsLeft > 0
      ? `Неверный код. Осталось попыток: ${taken.attemptsLeft}.`
      : 'Неверный код. Попытки исчерпаны: запросите новый код.';
  }
  // Spent: the code cannot be typed again; the number is confirmed from now.
  await deps.db
    .update(numberCodes)
    .set({ confirmedAt: now, expiresAt: now, attemptsLeft: 0 })
    .where(and(mine, eq(numberCodes.codeHash, taken.codeHash)));
  return null;
}
