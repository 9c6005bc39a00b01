import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useCurrentUrl } from '../../../lib/location';
import { refreshDelay, refreshSession, useAuth } from '../api';

const ESIA_ERRORS: Record<string, string> = {
  denied: 'Вход через Госуслуги отменён.',
  failed: 'Не удалось войти через Госуслуги. Попробуйте ещё раз.',
  unavailable: 'Вход через Госуслуги сейчас недоступен.',
};

/**
 * Keeps the session alive: refreshes the access token a minute before it expires (and at once when a
 * sleeping tab wakes up late), and tells the visitor why a sign-in did not happen.
 */
export function SessionKeeper() {
  const queryClient = useQueryClient();
  const { isLogged, expireAt } = useAuth();
  const location = useCurrentUrl();
  const [, navigate] = useLocation();

  useEffect(() => {
    if (!isLogged || !expireAt) return;
    // A little jitter keeps two open tabs from refreshing in the same instant.
    const timer = window.setTimeout(
      () => void refreshSession(queryClient),
      refreshDelay(expireAt) + Math.floor(Math.random() * 5000),
    );
    const onWake = () => {
      if (document.visibilityState === 'visible' && refreshDelay(expireAt) === 0) void refreshSession(queryClient);
    };
    document.addEventListener('visibilitychange', onWake);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onWake);
    };
  }, [isLogged, expireAt, queryClient]);

  useEffect(() => {
    // An address of before (`/?dataErased=1`) still leads to the page that says what was erased.
    if (new URLSearchParams(location.search).get('dataErased') === '1') navigate('/account/erased', { replace: true });
  }, [location, navigate]);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const reason = params.get('esiaError');
    if (!reason) return;
    // Loaded here, not with the first page: a failed sign-in is rare.
    void import('@mantine/notifications').then(({ notifications }) =>
      notifications.show({
        color: 'red',
        title: 'Вход не выполнен',
        message: ESIA_ERRORS[reason] ?? ESIA_ERRORS.failed,
      }),
    );
    params.delete('esiaError');
    const search = params.toString();
    navigate(`${location.pathname}${search ? `?${search}` : ''}${location.hash}`, { replace: true });
  }, [location, navigate]);

  return null;
}
