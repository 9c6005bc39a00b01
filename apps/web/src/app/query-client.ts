import { MutationCache, QueryClient } from '@tanstack/react-query';
import { userMessage } from '../lib/errors';

/** One query client; failed mutations tell the user in Russian, queries show their errors in place. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false },
    },
    mutationCache: new MutationCache({
      // The notifications' code is loaded with the first message, not with the first page.
      onError: (error) =>
        void import('@mantine/notifications').then(({ notifications }) =>
          notifications.show({ color: 'red', title: 'Не получилось', message: userMessage(error) }),
        ),
    }),
  });
}
