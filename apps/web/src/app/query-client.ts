import { notifications } from '@mantine/notifications';
import { MutationCache, QueryClient } from '@tanstack/react-query';
import { userMessage } from '../lib/errors';

/** One query client; failed mutations tell the user in Russian, queries show their errors in place. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false },
    },
    mutationCache: new MutationCache({
      onError: (error) => notifications.show({ color: 'red', title: 'Не получилось', message: userMessage(error) }),
    }),
  });
}
