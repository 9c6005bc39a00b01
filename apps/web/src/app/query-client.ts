import { type DehydratedState, hydrate, MutationCache, type Query, QueryClient } from '@tanstack/react-query';
import { userMessage } from '../lib/errors';

/** How long the data a page was drawn with on the server counts as fresh in the browser. */
export const SERVER_DATA_FRESH_MS = 30_000;

/** What the server put into the page beside its HTML (see entry-server.tsx). */
export interface ServerState {
  theme: string;
  queries: DehydratedState;
}

export const SERVER_STATE_ID = 'server-state';

// Queries the page arrived with, by hash, with the moment they arrived.
const fromServer = new Map<string, number>();

/**
 * One query client; failed mutations tell the user in Russian, queries show their errors in place.
 * Data is stale at once (every mount refetches), except what the server drew the page with: that is not
 * asked again in the first 30 seconds, or the first visit would make every request twice.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: 1,
        refetchOnWindowFocus: false,
        staleTime: (query: Query) =>
          fromServer.get(query.queryHash) === query.state.dataUpdatedAt ? SERVER_DATA_FRESH_MS : 0,
      },
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

/** The server's state from the page, or undefined when the page came without one. */
export function readServerState(): ServerState | undefined {
  const script = document.getElementById(SERVER_STATE_ID);
  if (!script?.textContent) return undefined;
  try {
    return JSON.parse(script.textContent) as ServerState;
  } catch {
    return undefined;
  }
}

/** Puts the server's answers into the cache, stamped with the browser's clock (the server's may differ). */
export function hydrateServerQueries(queryClient: QueryClient, state: DehydratedState): void {
  const now = Date.now();
  for (const query of state.queries) {
    query.state.dataUpdatedAt = now;
    fromServer.set(query.queryHash, now);
  }
  hydrate(queryClient, state);
}
