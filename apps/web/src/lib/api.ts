import type { ApiClient } from '@perenos/api-client';

// The client's code (openapi-fetch and the table of every operation, ~5 KB gzip) arrives with the first
// call, not with the first page: a page drawn on the server calls nothing before it is interactive.
let loaded: Promise<ApiClient> | undefined;
const client = () => {
  loaded ??= import('./api-instance').then((m) => m.client);
  return loaded;
};

/** A method of the client that waits for the client's code, then calls it with the same arguments. */
function deferred<M extends keyof ApiClient>(method: M): ApiClient[M] {
  const call = (...args: unknown[]) =>
    client().then((c) => (c[method] as unknown as (...a: unknown[]) => Promise<unknown>)(...args));
  return call as unknown as ApiClient[M];
}

/** The one client of the site's API; same origin, cookies travel with every call. */
export const api: ApiClient = {
  get: deferred('get'),
  post: deferred('post'),
  put: deferred('put'),
  delete: deferred('delete'),
  download: deferred('download'),
};
