import type { Schemas } from '@perenos/api-client';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { retryOnce } from '../../lib/errors';

/** Rows on a page of orders or portations (docs/product.md §9). */
export const ACCOUNT_PAGE_SIZE = 10;

export type OrderStatus = Schemas['PortationOrderStatus'];
export type AccountOperator = Schemas['AccountOperator'];
export type MsisdnInfo = Schemas['AccountMsisdnInfo'];
export type AccountOrder = Schemas['AccountOrder'];
export type AccountPortation = Schemas['AccountPortation'];

export const getAccountInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'detail', {}],
    queryFn: async () => api.get('/api/v1/account/info'),
    retry: retryOnce,
  });

export const getAccountOrdersQueryOptions = (msisdn: string, page: number) =>
  queryOptions({
    queryKey: ['account', 'list', { kind: 'orders', msisdn, page }],
    queryFn: async () =>
      api.get('/api/v1/account/orders', {
        query: {
          Msisdn: msisdn,
          Skip: (page - 1) * ACCOUNT_PAGE_SIZE,
          Take: ACCOUNT_PAGE_SIZE,
          SortBy: 'lastUpdate',
          SortDesc: true,
        },
      }),
    placeholderData: keepPreviousData,
    retry: retryOnce,
  });

export const getAccountPortationsQueryOptions = (msisdn: string, page: number) =>
  queryOptions({
    queryKey: ['account', 'list', { kind: 'portations', msisdn, page }],
    queryFn: async () =>
      api.get('/api/v1/account/portations', {
        query: {
          Msisdn: msisdn,
          Skip: (page - 1) * ACCOUNT_PAGE_SIZE,
          Take: ACCOUNT_PAGE_SIZE,
          SortBy: 'transfered',
          SortDesc: true,
        },
      }),
    placeholderData: keepPreviousData,
    retry: retryOnce,
  });

export const getPortationInfoQueryOptions = (msisdn: string, portationId: number) =>
  queryOptions({
    queryKey: ['account', 'detail', { msisdn, portationId }],
    queryFn: async () =>
      api.get('/api/v1/account/portationinfo', { query: { Msisdn: msisdn, PortationId: portationId } }),
    retry: retryOnce,
  });

/** 1-based page from the URL; undefined when the segment is not a page number. */
export function parsePage(raw: string | undefined): number | undefined {
  if (raw === undefined) return 1;
  return /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : undefined;
}

/** An msisdn from the URL: 11 digits starting with 7. */
export function isMsisdn(value: string | undefined): value is string {
  return value !== undefined && /^7\d{10}$/.test(value);
}

/** The number and page of an account list's address (`/account/:msisdn/orders/:page?`); undefined when either is not one. */
export function readListAddress(params: {
  msisdn?: string;
  page?: string;
}): { msisdn: string; page: number } | undefined {
  const page = parsePage(params.page);
  return isMsisdn(params.msisdn) && page !== undefined ? { msisdn: params.msisdn, page } : undefined;
}
