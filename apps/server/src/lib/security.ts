/**
 * The cookies that identify a caller, as OpenAPI security schemes. The names are those of plain HTTP;
 * over HTTPS each carries the `__Host-` prefix (plugins/session.ts, modules/porting/routes.ts).
 */
export const SECURITY_SCHEMES = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'perenos-at',
    description: 'Сессия после входа через ЕСИА (access-токен, HttpOnly cookie)',
  },
  refreshSession: {
    type: 'apiKey',
    in: 'cookie',
    name: 'perenos-rt',
    description: 'Refresh-токен сессии (HttpOnly cookie), обменивается на новую пару токенов',
  },
  orderOwner: {
    type: 'apiKey',
    in: 'cookie',
    name: 'perenos-order-owner',
    description: 'Подписанная cookie браузера, создавшего заявление без входа',
  },
} as const;

type SchemeName = keyof typeof SECURITY_SCHEMES;
type Requirement = readonly Partial<Record<SchemeName, readonly string[]>>[];

/** Needs sign-in. */
export const SIGNED_IN: Requirement = [{ session: [] }];
/** Anyone; a session, when there is one, changes the answer. */
export const SESSION_OPTIONAL: Requirement = [{}, { session: [] }];
/** The refresh cookie. */
export const REFRESH_SESSION: Requirement = [{ refreshSession: [] }];
/** An order's owner: the signed-in user, or the browser that created it without sign-in. */
export const ORDER_OWNER: Requirement = [{ session: [] }, { orderOwner: [] }];
