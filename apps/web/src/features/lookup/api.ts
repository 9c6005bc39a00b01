import { ApiError, type Schemas } from '@perenos/api-client';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { type ErrorBody, isQuotaExceeded, TOO_MANY, userMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';

export type MsisdnInfo = Schemas['MsisdnInfo'];
export type Quota = Schemas['Quota'];

/** The key prefix of the quota, signed in or not: whatever spends a lookup marks it stale. */
export const QUOTA_QUERY_KEY = ['lookup', 'detail', { kind: 'quota' }] as const;

export const getQuotaQueryOptions = (isLogged: boolean) =>
  queryOptions({
    // The quota belongs to the account when signed in, to the address otherwise.
    queryKey: ['lookup', 'detail', { kind: 'quota', isLogged }],
    queryFn: async () => api.post('/api/v1.1/msisdn/info/quota', { body: {} }),
    // An anonymous visitor's quota is their address's: asked by the browser, so the page is everyone's.
    meta: { browserOnly: !isLogged },
  });

export const getNumberingPlanQueryOptions = () =>
  queryOptions({
    queryKey: ['lookup', 'detail', { kind: 'plan' }],
    queryFn: async () => api.get('/api/v1.1/msisdn/info/plan'),
    staleTime: 5 * 60_000,
  });

/** An answer or the reason there is none: the page shows lookup errors in place, not as a notification. */
export type Outcome<T> = { ok: true; data: T } | { ok: false; message: string };

async function outcome<T>(run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, data: await run() };
  } catch (error) {
    return { ok: false, message: lookupErrorMessage(error) };
  }
}

/** The quota an answer of the single lookup carries: 200 and 404 say it, 429 means none is left. */
export function quotaOfAnswer(answer: unknown): Quota | null {
  if (answer instanceof ApiError) {
    const body = answer.result as (ErrorBody & { quota?: Quota }) | null;
    if (body?.quota) return body.quota;
    // Told apart by the problem's type: a rate limit's 429 says nothing of the day's quota.
    if (isQuotaExceeded(body) && body?.refreshAt) return { remainingCount: 0, refreshAt: body.refreshAt };
    return null;
  }
  return (answer as MsisdnInfo | undefined)?.quota ?? null;
}

/**
 * Looks one number up. The answer carries the quota left, so the page shows it without asking
 * again; only an answer without it (a network error, a bad number) leaves the shown quota as it was.
 */
export function useLookupMsisdn(isLogged: boolean) {
  const queryClient = useQueryClient();
  const show = (quota: Quota | null) => {
    if (quota) queryClient.setQueryData(getQuotaQueryOptions(isLogged).queryKey, quota);
  };
  return useMutation({
    mutationFn: (msisdn: string) =>
      outcome(async () => {
        try {
          const info = await api.post('/api/v1.1/msisdn/info/single', { body: { msisdn } });
          if (!info) throw new Error('empty answer');
          show(quotaOfAnswer(info));
          return info;
        } catch (error) {
          show(quotaOfAnswer(error));
          throw error;
        }
      }),
  });
}

/** Uploads a file of numbers and hands back the answered file. */
export function useBatchLookup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      outcome(() => api.download('post', '/api/v1.1/msisdn/info/batch', { multipart: { File: file } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUOTA_QUERY_KEY }),
  });
}

/** «Лимит проверок на сегодня исчерпан. Новые проверки будут доступны 27.11.2026, 00:00 (МСК).» */
export function quotaExhaustedMessage(refreshAt: string | undefined): string {
  const when = refreshAt ? ` Новые проверки будут доступны ${formatDateTime(refreshAt)} (МСК).` : '';
  return `Лимит проверок на сегодня исчерпан.${when}`;
}

const UNAVAILABLE = 'Сервис проверки временно недоступен. Попробуйте позже.';

/** The Russian sentence for a failed lookup: invalid number, not found, quota spent, file refused, server busy. */
export function lookupErrorMessage(error: unknown): string {
  return userMessage(error, {
    byStatus: {
      400: 'Проверьте номер или файл.',
      404: 'Номер не найден: он не входит ни в один диапазон плана нумерации.',
      413: 'Файл слишком большой.',
      429: (body) => (isQuotaExceeded(body) ? quotaExhaustedMessage(body?.refreshAt) : TOO_MANY),
      // A node busy with other files says when to come back («…попробуйте через 7 с.»).
      503: (body) => body?.detail ?? UNAVAILABLE,
    },
    unavailable: UNAVAILABLE,
  });
}

/** A small CSV of numbers written in different ways, to show what a batch file may look like. */
export function sampleBatchFile(): Blob {
  const rows = [
    'Номер;Комментарий',
    '+7 916 123-45-67;мобильный МТС',
    '8 (926) 000-00-00;МегаФон',
    '79031234567;Билайн',
    '9990000000;без восьмёрки',
  ];
  return new Blob([`\uFEFF${rows.join('\r\n')}\r\n`], { type: 'text/csv;charset=utf-8' });
}
