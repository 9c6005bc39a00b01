import { createApiClient } from '@perenos/api-client';

type Fetch = typeof fetch;
let serverFetch: Fetch | undefined;

/** On the server, where the API calls of a page being drawn go (entry-server.tsx sets it once). */
export function setServerFetch(fetchImpl: Fetch): void {
  serverFetch = fetchImpl;
}

/** The client itself (see lib/api.ts): same origin in the browser, this server's own routes on the server. */
export const client = import.meta.env.SSR
  ? // A URL needs an origin on the server; the fetch there answers from the server's routes and ignores it.
    createApiClient({
      baseUrl: 'http://server-render.invalid',
      fetch: (input, init) => {
        if (!serverFetch) throw new Error('setServerFetch was not called');
        return serverFetch(input, init);
      },
    })
  : createApiClient({ baseUrl: '' });
