import type { Schemas } from '@perenos/api-client';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type AuthInfo = Schemas['AuthInfo'];
export type PersonalInfo = Schemas['PersonalInfo'];

const LOGGED_OUT: AuthInfo = { isLogged: false, expireAt: null, userName: null, isStaff: false };

/** The refresh happens when less than this is left before the access token expires. */
export const REFRESH_BEFORE_MS = 60_000;

export const getAuthQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'detail', {}],
    queryFn: async (): Promise<AuthInfo> => (await api.get('/api/v1/esia/userinfo')) ?? LOGGED_OUT,
    // The session keeper refreshes it on its own schedule; a page never needs to refetch it.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** What Госуслуги told the site about the signed-in person: name, passport (masked), verified mobiles, e-mail. */
export const getPersonalInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'detail', { kind: 'personal' }],
    queryFn: async () => api.get('/api/v1/esia/personalinfo'),
    staleTime: 5 * 60_000,
  });

/** Whether someone is signed in, until when, and their name. */
export const useAuth = () => useQuery(getAuthQueryOptions()).data ?? LOGGED_OUT;

let refreshing: Promise<AuthInfo> | null = null;

/**
 * Renews the access token through `POST /api/v1/openid/token`. One refresh at a time per tab; when it
 * fails (another tab already rotated the token, or the session ended) the auth check runs again.
 */
export function refreshSession(queryClient: QueryClient): Promise<AuthInfo> {
  const pending =
    refreshing ??
    (async () => {
      try {
        const info = (await api.post('/api/v1/openid/token', { form: { grant_type: 'refresh_token' } })) ?? LOGGED_OUT;
        queryClient.setQueryData(getAuthQueryOptions().queryKey, info);
        return info;
      } catch {
        return queryClient.fetchQuery({ ...getAuthQueryOptions(), staleTime: 0 });
      } finally {
        refreshing = null;
      }
    })();
  refreshing = pending;
  return pending;
}

/** Milliseconds until the refresh is due (0 when it already is). */
export function refreshDelay(expireAt: string, now = Date.now()): number {
  return Math.max(0, new Date(expireAt).getTime() - REFRESH_BEFORE_MS - now);
}

/**
 * Where the browser goes to sign in through ESIA and come back to `returnUrl`. `from` is the page the
 * visitor leaves (default: `returnUrl`): the back button from the page after sign-in passes ESIA's page
 * again, and the server sends a signed-in browser from there back to `from` (decision 080).
 */
export function loginUrl(returnUrl: string, from?: string): string {
  const back = from && from !== returnUrl ? `&from=${encodeURIComponent(from)}` : '';
  return `/api/v1/esia/login?returnUrl=${encodeURIComponent(returnUrl)}${back}`;
}

/** Where the browser goes to sign out of the site and ESIA, ending on the site's front page. */
export function logoutUrl(): string {
  // A path, not an absolute address: the server adds its own origin (and the page may be drawn on the server).
  return `/api/v1/esia/logout?returnUrl=${encodeURIComponent('/')}`;
}
