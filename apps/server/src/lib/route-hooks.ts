import type { onRequestHookHandler, onSendHookHandler, preValidationHookHandler, RouteOptions } from 'fastify';

interface RouteHooks {
  onRequest: onRequestHookHandler;
  preValidation: preValidationHookHandler;
  onSend: onSendHookHandler;
}

/**
 * Adds a hook to one route from an `onRoute` hook, after the route's own: a check that only some
 * routes need (a feature flag, sign-in, a schema's number fields, an ETag) is paid by those routes
 * only, not by every request (decision 108). `first` puts it before the hooks the route already has
 * (a HEAD route's own `onSend` empties the body). Always a new array: Fastify copies a GET route's options
 * for its HEAD twin before `onRoute` runs, and pushing onto a shared array would give the twin the hook
 * twice.
 */
export function addRouteHook<Name extends keyof RouteHooks>(
  route: RouteOptions,
  name: Name,
  hook: RouteHooks[Name],
  { first = false } = {},
) {
  const existing: unknown = route[name];
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  (route as unknown as Record<Name, unknown>)[name] = first ? [hook, ...list] : [...list, hook];
}
