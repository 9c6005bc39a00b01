import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** This server's own address, when it listens. */
function ownAddress(app: FastifyInstance): string | null {
  if (!app.server.listening) return null;
  const address = app.server.address() as AddressInfo | null;
  if (!address) return null;
  const host =
    address.address === '0.0.0.0'
      ? '127.0.0.1'
      : address.address === '::'
        ? '[::1]'
        : address.family === 'IPv6'
          ? `[${address.address}]`
          : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * A fetch for the stand-ins this server hosts (ESIA, the central database, the outbox): over a real
 * socket to its own address when it listens, through `inject` when a test drives the app without one,
 * or always with `inProcess` (the porting engine's calls to the central-database stand-in: a fetch
 * client and a socket cost more than the stand-in's own work, decision 146). Only the path and query of
 * the URL are used.
 */
export function selfFetch(
  app: FastifyInstance,
  options: { inProcess?: boolean } = {},
): (url: string, init?: RequestInit) => Promise<Response> {
  return async (url, init = {}) => {
    const own = options.inProcess ? null : ownAddress(app);
    const u = new URL(url, 'http://localhost');
    if (own) return fetch(`${own}${u.pathname}${u.search}`, init);
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET' | 'POST',
      url: u.pathname + u.search,
      headers: init.headers as Record<string, string>,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    return new Response(res.statusCode === 204 ? null : res.rawPayload, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    });
  };
}
