import {
  type DehydratedState,
  hashKey,
  MutationCache,
  type Query,
  QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { userMessage } from '../lib/errors';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The page says this mutation's failure itself (an alert beside the form): no toast as well. */
      errorShownInPlace?: boolean;
    };
  }
}

/** How long the data a page was drawn with on the server counts as fresh in the browser. */
export const SERVER_DATA_FRESH_MS = 30_000;

/**
 * An answer the page was drawn with: its query's key and data. Only these travel (decision 121): the rest
 * of TanStack's dehydrated query (its hash, counters, timestamps, statuses) is the same for every answer
 * the server sends, 300 bytes each, and the browser stamps them with its own clock anyway.
 */
export type ServerQuery = [queryKey: QueryKey, data: unknown];

/** What the server put into the page beside its HTML (see entry-server.tsx). */
export interface ServerState {
  theme: string;
  queries: ServerQuery[];
}

/** The answers of a dehydrated query client, as the page carries them. */
export function serverQueries(state: DehydratedState): ServerQuery[] {
  return state.queries.map((query) => [query.queryKey, query.state.data]);
}

export const SERVER_STATE_ID = 'server-state';

/** How long what a route's loader fetched while the browser navigated counts as fresh for the page it drew. */
export const LOADED_DATA_FRESH_MS = 5_000;

// Queries the page arrived with or a navigation's loader fetched, by hash: the moment they arrived and
// how long they count as fresh.
const fromServer = new Map<string, { at: number; freshMs: number }>();

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
        staleTime: (query: Query) => {
          const arrived = fromServer.get(query.queryHash);
          return arrived?.at === query.state.dataUpdatedAt ? arrived.freshMs : 0;
        },
      },
    },
    mutationCache: new MutationCache({
      // The notifications' code is loaded with the first message, not with the first page. A mutation
      // whose page says its failure in place (`meta.errorShownInPlace`) gets no second, vaguer message.
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.errorShownInPlace === true) return;
        void import('@mantine/notifications').then(({ notifications }) =>
          notifications.show({ color: 'red', title: 'Не получилось', message: userMessage(error) }),
        );
      },
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
export function hydrateServerQueries(queryClient: QueryClient, queries: ServerQuery[]): void {
  const now = Date.now();
  for (const [queryKey, data] of queries) {
    fromServer.set(hashKey(queryKey), { at: now, freshMs: SERVER_DATA_FRESH_MS });
    queryClient.setQueryData(queryKey, data, { updatedAt: now });
  }
}

/**
 * Counts what a navigation's loader fetched (answers that arrived since `since`) as fresh for a moment,
 * so the page it loaded for does not ask for it again as it mounts.
 */
export function markLoaded(queryClient: QueryClient, since: number): void {
  for (const query of queryClient.getQueryCache().getAll()) {
    const at = query.state.dataUpdatedAt;
    if (at >= since && query.state.status === 'success') {
      fromServer.set(query.queryHash, { at, freshMs: LOADED_DATA_FRESH_MS });
    }
  }
}
