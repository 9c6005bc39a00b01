import type { LookupConfig } from '../../config/env';
import { HttpProblem, NOT_FOUND_TITLE } from '../../lib/problem';
import type { QuotaClient } from './quota/store';

/**
 * The lookup's rules that are not HTTP: whose quota a request spends, and the refusals a lookup
 * answers with. The routes carry them to the wire; porting step 1 spends and refuses the same way.
 */

/**
 * Whose lookup quota a request spends: a signed-in user's own, else its client address's. Every call
 * that names a number's operator and region spends from it (the lookups, porting step 1).
 */
export function quotaClientOf(
  user: { userId: number } | null | undefined,
  ip: string,
  limits: Pick<LookupConfig, 'quotaAnonymous' | 'quotaSignedIn'>,
): QuotaClient {
  return user
    ? { key: `user:${user.userId}`, limit: limits.quotaSignedIn }
    : { key: `ip:${ip}`, limit: limits.quotaAnonymous };
}

/**
 * The refusal of a spent quota: 429 with when it renews (`refreshAt`, and `Retry-After` in seconds),
 * the same for a lookup and for porting step 1, which names what a lookup names.
 */
export function quotaExhausted(refreshAt: Date, now: Date): HttpProblem {
  const seconds = Math.max(1, Math.ceil((refreshAt.getTime() - now.getTime()) / 1000));
  return new HttpProblem(
    429,
    'Лимит проверок на сегодня исчерпан',
    undefined,
    'Новые проверки станут доступны в 00:00 по московскому времени.',
    { refreshAt: refreshAt.toISOString() },
    { 'Retry-After': String(seconds) },
  );
}

/** A number in no range of the numbering plan: 404, with the quota the lookup left (it was spent). */
export function numberNotFound(quota: { remainingCount: number; refreshAt: string }): HttpProblem {
  return new HttpProblem(404, NOT_FOUND_TITLE, undefined, 'Номер не входит ни в один диапазон плана нумерации.', {
    quota,
  });
}

/** Every batch slot of the node is taken: 503, try again in `seconds` (nothing was spent). */
export function batchBusy(seconds: number): HttpProblem {
  return new HttpProblem(
    503,
    'Сервер занят',
    undefined,
    `Сервер занят обработкой файлов, попробуйте через ${seconds} с.`,
    { retryAfter: seconds },
    { 'Retry-After': String(seconds) },
  );
}
