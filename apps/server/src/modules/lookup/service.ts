import type { LookupConfig } from '../../config/env';
import { type HttpProblem, notFound, quotaExceeded, serverBusy } from '../../lib/problem';
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

/** The refusal of a spent quota (lib/problem.ts): porting step 1 answers it too. */
export const quotaExhausted = quotaExceeded;

/** A number in no range of the numbering plan: 404, with the quota the lookup left (it was spent). */
export function numberNotFound(quota: { remainingCount: number; refreshAt: string }): HttpProblem {
  return notFound('Номер не входит ни в один диапазон плана нумерации.', { quota });
}

/** Every batch slot of the node is taken: 503, try again in `seconds` (nothing was spent). */
export function batchBusy(seconds: number): HttpProblem {
  return serverBusy('Сервер занят', `Сервер занят обработкой файлов, попробуйте через ${seconds} с.`, seconds);
}
