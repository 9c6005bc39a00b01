import { ApiError, type Schemas } from '@perenos/api-client';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../lib/api';
import { type ErrorBody, isQuotaExceeded, retryOnce, TOO_MANY, userMessage } from '../../lib/errors';
import { QUOTA_QUERY_KEY, quotaExhaustedMessage } from '../lookup';

export type PortationOrder = Schemas['PortationOrder'];
export type PortationRefusal = NonNullable<Schemas['PortationProblem']['refusal']>;
export type RecipientOffice = Schemas['RecipientOffices'][number];
export type ContractTerms = Schemas['ContractTerms'];
export type PortationSignature = Schemas['PortationSignature'];
export type SimKind = 'esim' | 'office' | 'courier';
/** How the new SIM reaches the subscriber, as steps 2–3 send it. */
export interface SimChoice {
  kind: SimKind;
  officeId?: string;
  address?: string;
}

export const portationKeys = {
  all: ['portation'] as const,
  order: (id: number, withPersonal: boolean) => ['portation', 'detail', { id, withPersonal }] as const,
};

/** The order of the wizard (owner only: anybody else gets 404); step 3 asks for the applicant's data too. */
export const getPortationOrderQueryOptions = (id: number, withPersonal = false) =>
  queryOptions({
    queryKey: portationKeys.order(id, withPersonal),
    queryFn: async () =>
      api.get('/api/v1/order/portation/{id}', { path: { id }, ...(withPersonal ? { query: { withPersonal } } : {}) }),
    retry: retryOnce,
  });

/** Step 3: the recipient's offices in the number's region, where the new SIM is collected. */
export const getPortationOfficesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['portation', 'offices', { id }] as const,
    queryFn: async () => (await api.get('/api/v1/order/portation/{id}/offices', { path: { id } })) ?? [],
    staleTime: 10 * 60_000,
    retry: retryOnce,
  });

/** Step 3: the recipient's contract terms, the fee and the consent text, each with its edition. */
export const getPortationTermsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['portation', 'terms', { id }] as const,
    queryFn: async () => api.get('/api/v1/order/portation/{id}/terms', { path: { id } }),
    staleTime: 10 * 60_000,
    retry: retryOnce,
  });

/**
 * The order's signing in Госключ (owner only; `none` before it was first sent). Its key lies under the
 * order's, so the live stream's refetch of the order refetches it too.
 */
export const getPortationSignatureQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['portation', 'detail', { id }, 'signature'] as const,
    queryFn: async () => api.get('/api/v1/order/portation/{id}/signature', { path: { id } }),
    retry: retryOnce,
  });

/** Step 3 with Goskey: sends the application to Госключ; the answer is the waiting signing. */
export function useStartSignature(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => outcome(() => api.post('/api/v1/order/portation/{id}/signature', { path: { id } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: getPortationSignatureQueryOptions(id).queryKey }),
  });
}

/** An order id from the URL: a positive 32-bit integer, else undefined (the page is then not found). */
export function parseOrderId(raw: string | undefined): number | undefined {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n <= 2_147_483_647 ? n : undefined;
}

/** Why step 1 refused a number, in the server's words, with what the page can link or date. */
export interface Refusal {
  message: string;
  /** The answer's HTTP status (a 503 is worth another try, a 400 is not); undefined without an answer. */
  status?: number | undefined;
  refusal?: PortationRefusal | undefined;
  /** The day's lookup quota is spent (told by the problem's type, not its status). */
  quotaExceeded?: boolean | undefined;
  availableFrom?: string | undefined;
  orderId?: number | undefined;
}

/** An answer or the reason there is none: wizard steps show refusals in place, not as a notification. */
export type Outcome<T> = { ok: true; data: T } | { ok: false; refusal: Refusal; fields: Record<string, string[]> };

export function refusalOf(error: unknown): { refusal: Refusal; fields: Record<string, string[]> } {
  const body =
    error instanceof ApiError
      ? (error.result as
          | (ErrorBody & {
              refusal?: PortationRefusal;
              availableFrom?: string;
              orderId?: number;
            })
          | null)
      : null;
  return {
    refusal: {
      message: userMessage(error, {
        byStatus: {
          // Step 1 names what a lookup names, so it spends the same daily quota; a day's cap of new
          // applications says what it is in `detail`.
          429: (b) => (isQuotaExceeded(b) ? quotaExhaustedMessage(b?.refreshAt) : (b?.detail ?? TOO_MANY)),
          503: (b) => b?.detail ?? 'Сервис временно недоступен. Попробуйте через несколько минут.',
        },
      }),
      status: error instanceof ApiError ? error.status : undefined,
      refusal: body?.refusal,
      quotaExceeded: isQuotaExceeded(body),
      availableFrom: body?.availableFrom,
      orderId: body?.orderId,
    },
    fields: body?.errors ?? {},
  };
}

async function outcome<T>(run: () => Promise<T | null | undefined>): Promise<Outcome<NonNullable<T>>> {
  try {
    const data = await run();
    if (data === undefined || data === null) throw new Error('empty answer');
    return { ok: true, data };
  } catch (error) {
    return { ok: false, ...refusalOf(error) };
  }
}

/** Puts a fresh answer of the order into both cached views of it (with and without personal data). */
function useRemember() {
  const queryClient = useQueryClient();
  return (order: PortationOrder) => {
    for (const withPersonal of [false, true]) {
      queryClient.setQueryData(portationKeys.order(order.id, withPersonal), (old: PortationOrder | undefined) =>
        old
          ? { ...order, ...(old.personal !== undefined ? { personal: old.personal } : {}) }
          : withPersonal
            ? old
            : order,
      );
    }
    void queryClient.invalidateQueries({ queryKey: ['account'] });
  };
}

/** Step 1: a new order for the number (anonymous allowed); it spends one lookup of the day's quota. */
export function useInitPortation() {
  const remember = useRemember();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { msisdn: string; operatorId?: number }) =>
      outcome(() => api.post('/api/v1/order/portation/init', { body })),
    onSuccess: (r) => {
      if (r.ok) remember(r.data);
      void queryClient.invalidateQueries({ queryKey: QUOTA_QUERY_KEY });
    },
  });
}

export interface OrderChoice {
  operatorId: number;
  tariffId: number;
  portationAt: string;
  email?: string | null;
  sim?: SimChoice;
}

/** Steps 2–3: the new operator, tariff, porting day and e-mail, saved on the server. */
export function useUpdatePortation(id: number) {
  const remember = useRemember();
  return useMutation({
    mutationFn: (body: OrderChoice) => outcome(() => api.put('/api/v1/order/portation/{id}', { path: { id }, body })),
    onSuccess: (r) => {
      if (r.ok) remember(r.data);
    },
  });
}

/** Step 3: an SMS code to the number, when it is not a verified ESIA mobile. */
export function useSendPortationCode(id: number) {
  return useMutation({
    mutationFn: () => outcome(() => api.post('/api/v1/order/portation/{id}/code', { path: { id } })),
  });
}

/** Step 3: signs and sends the application. */
export function useSubmitPortation(id: number) {
  const remember = useRemember();
  return useMutation({
    mutationFn: (body: { consent: boolean; contractVersion: string; sim?: SimChoice; confirmationCode?: string }) =>
      outcome(() => api.put('/api/v1/order/portation/{id}/submit', { path: { id }, body })),
    onSuccess: (r) => {
      if (r.ok) remember(r.data);
    },
  });
}

/**
 * «Подать заново»: a new draft with the same operator, tariff, SIM way and e-mail and the earliest date,
 * made from an ended application; the server refuses (in Russian) while the rules do not allow it yet.
 */
export function useRefilePortation(id: number) {
  const remember = useRemember();
  return useMutation({
    mutationFn: () => outcome(() => api.post('/api/v1/order/portation/{id}/refile', { path: { id } })),
    onSuccess: (r) => {
      if (r.ok) remember(r.data);
    },
  });
}

/** Where a fresh draft continues: step 3 once operator and tariff are chosen, else step 2. */
export function draftStepUrl(order: Pick<PortationOrder, 'id' | 'toOperator' | 'tariffId'>): string {
  return order.toOperator !== null && order.tariffId !== null
    ? `/portation/${order.id}/submit`
    : `/portation/${order.id}/tariffs`;
}

/** Orders this tab deleted or withdrew: the page that shows one next moves focus to what happened. */
const endedHere = new Set<number>();

/** True once for an order this tab has just deleted or withdrawn. */
export function takeEndedHere(id: number): boolean {
  return endedHere.delete(id);
}

/**
 * Withdraws the application (or deletes a draft) while the order says it can (`canWithdraw`). Whatever
 * the answer, the order is read again before the outcome comes back: after a refusal (the window was
 * scheduled meanwhile) the page then offers no button and says why.
 */
export function useDeletePortation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<Outcome<true>> => {
      let result: Outcome<true>;
      try {
        await api.delete('/api/v1/order/portation/{id}', { path: { id } });
        endedHere.add(id);
        result = { ok: true, data: true };
      } catch (error) {
        result = { ok: false, ...refusalOf(error) };
      }
      await queryClient.invalidateQueries({ queryKey: ['portation', 'detail', { id }] });
      void queryClient.invalidateQueries({ queryKey: ['account'] });
      return result;
    },
  });
}

/** One change of the user's orders and portations, as the server's event stream tells it. */
export interface PortationChange {
  orderId: number;
  portationId: number | null;
  msisdn: string;
  status: PortationOrder['status'];
}

/**
 * Listens to the signed-in user's event stream and refetches what the change touches, so an open
 * order or portation page follows the porting without a reload. The browser reconnects by itself.
 */
export function useAccountEvents(enabled: boolean, onChange?: (change: PortationChange) => void): void {
  const queryClient = useQueryClient();
  const handler = useRef(onChange);
  handler.current = onChange;
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/v1/account/events', { withCredentials: true });
    const listener = (event: MessageEvent<string>) => {
      let change: PortationChange;
      try {
        change = JSON.parse(event.data) as PortationChange;
      } catch {
        return;
      }
      void queryClient.invalidateQueries({ queryKey: ['portation', 'detail', { id: change.orderId }] });
      void queryClient.invalidateQueries({ queryKey: ['account'] });
      handler.current?.(change);
    };
    source.addEventListener('portation', listener);
    return () => {
      source.removeEventListener('portation', listener);
      source.close();
    };
  }, [enabled, queryClient]);
}
