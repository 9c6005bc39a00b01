import type { FastifyRequest, RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route is one of the API's (declared under `/api/`, the docs page aside): CSRF, the API's header
     * set and the drain's exceptions are decided on this flag, set from the route's declared path when it is
     * registered, never from the request's spelling of its address (`/%61pi/…` matches the same route).
     */
    api?: boolean;
  }
}

/** A declared path of the API: everything under /api/ but the browsable docs page, which is a page. */
export function isApiPath(path: string): boolean {
  return path.startsWith('/api/') && !path.startsWith('/api/docs');
}

/**
 * The `onRoute` hook that flags every route by its declared path (issue 35). Registered before any route.
 * The static files' wildcard `/*` is left unflagged: it serves pages and files, and what it cannot serve
 * ends as a 404 whose header set `isApiRequest` picks.
 */
export function flagApiRoute(route: RouteOptions): void {
  if (route.url === '/*') return;
  route.config = { ...route.config, api: isApiPath(route.url) };
}

/**
 * Whether a request is answered as the API (JSON, its header set): the matched route's flag. Only a request
 * that matched no flagged route (a 404, the wildcard) falls back to the address's text, which then decides
 * nothing but the header set of a «not found» answer.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  return request.routeOptions.config.api ?? isApiPath(request.url);
}
