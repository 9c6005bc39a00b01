import type { Schemas } from '@perenos/api-client';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { retryOnce } from '../../lib/errors';

export type WatchSwitch = Schemas['WatchSwitch'];
export type WatchAlert = Schemas['WatchAlert'];
export type HoldState = NonNullable<WatchAlert['hold']>['state'];

/** Alerts on a page of the alerts list, as on the other account lists. */
export const ALERTS_PAGE_SIZE = 10;
/** An open account page looks for new alerts this often (someone may be porting the number right now). */
const ALERTS_REFRESH_MS = 30_000;

export const watchKeys = {
  all: ['watch'] as const,
  switches: () => ['watch', 'list', { kind: 'switches' }] as const,
  alerts: (page: number, size: number) => ['watch', 'list', { kind: 'alerts', page, size }] as const,
};

/** The switch «Сообщать о попытках перенести номер» of each of the person's numbers. */
export const getWatchSwitchesQueryOptions = () =>
  queryOptions({
    queryKey: watchKeys.switches(),
    queryFn: async () => api.get('/api/v1/account/watch'),
    retry: retryOnce,
  });

/** A page of the person's alerts, newest first (1-based page). */
export const getAlertsQueryOptions = (page: number, size = ALERTS_PAGE_SIZE) =>
  queryOptions({
    queryKey: watchKeys.alerts(page, size),
    queryFn: async () => api.get('/api/v1/account/alerts', { query: { Skip: (page - 1) * size, Take: size } }),
    placeholderData: keepPreviousData,
    refetchInterval: ALERTS_REFRESH_MS,
    retry: retryOnce,
  });

/** Switches the watch of a number; the list is updated from the server's answer. */
export function useSetWatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { msisdn: string; enabled: boolean }) =>
      api.put('/api/v1/account/watch/{msisdn}', { path: { msisdn: input.msisdn }, body: { enabled: input.enabled } }),
    onSuccess: (answer) => {
      if (!answer) return queryClient.invalidateQueries({ queryKey: watchKeys.switches() });
      queryClient.setQueryData(watchKeys.switches(), (old: WatchSwitch[] | undefined) =>
        old?.map((s) => (s.msisdn === answer.msisdn ? answer : s)),
      );
    },
  });
}

/** «Получить код»: an SMS code to the number, to show it is the person's. */
export function useSendWatchCode() {
  return useMutation({
    mutationFn: (msisdn: string) => api.post('/api/v1/account/watch/{msisdn}/code', { path: { msisdn } }),
    // Said under the switch (the code's field or the button), not again as a toast.
    meta: { errorShownInPlace: true },
  });
}

/** The code typed: the number is confirmed and its watch switched on; the list takes the server's answer. */
export function useConfirmWatchCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { msisdn: string; code: string }) =>
      api.post('/api/v1/account/watch/{msisdn}/confirm', {
        path: { msisdn: input.msisdn },
        body: { code: input.code },
      }),
    meta: { errorShownInPlace: true },
    onSuccess: (answer) => {
      if (!answer) return queryClient.invalidateQueries({ queryKey: watchKeys.switches() });
      queryClient.setQueryData(watchKeys.switches(), (old: WatchSwitch[] | undefined) =>
        old?.map((s) => (s.msisdn === answer.msisdn ? answer : s)),
      );
    },
  });
}

/** «Да, это я» or «Это не я» on a held application's alert. */
export function useAnswerAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; answer: 'confirm' | 'refuse' }) =>
      input.answer === 'confirm'
        ? api.post('/api/v1/account/alerts/{id}/confirm', { path: { id: input.id } })
        : api.post('/api/v1/account/alerts/{id}/refuse', { path: { id: input.id } }),
    // Answered or not (another answer may have won), the list shows where the application stands now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['watch', 'list'] }),
  });
}

/** Russian names of where a held application stands. */
export const HOLD_LABELS: Record<HoldState, string> = {
  pending: 'Ждёт вашего ответа',
  confirmed: 'Вы подтвердили',
  refused: 'Вы отклонили',
  lapsed: 'Передано без ответа',
  withdrawn: 'Заявление отозвано',
  outranked: 'Подано через Госуслуги',
  disputed: 'Спор передан в поддержку',
};
