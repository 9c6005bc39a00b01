import { queryOptions, useQuery } from '@tanstack/react-query';

export interface AuthInfo {
  isLogged: boolean;
  expireAt: string | null;
}

const LOGGED_OUT: AuthInfo = { isLogged: false, expireAt: null };

export const getAuthQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'detail', {}],
    // Sign-in arrives with the ESIA issue; until then every visitor is anonymous.
    queryFn: async (): Promise<AuthInfo> => LOGGED_OUT,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useAuth = () => useQuery(getAuthQueryOptions()).data ?? LOGGED_OUT;

/** Where the browser goes to sign in through ESIA and come back to `returnUrl`. */
export function loginUrl(returnUrl: string): string {
  return `/api/v1/esia/login?returnUrl=${encodeURIComponent(returnUrl)}`;
}

/** Where the browser goes to sign out of the site and ESIA, ending on the site's front page. */
export function logoutUrl(): string {
  return `/api/v1/esia/logout?returnUrl=${encodeURIComponent(window.location.origin)}`;
}
