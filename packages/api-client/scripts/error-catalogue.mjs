// The spec's §8 error catalogue (shared/spec/site-spec.md), call by call. The client shows a
// catalogued message only where this table lists the status for the call, whatever else the server
// documents: the OpenAPI document describes what the server answers, §8 what the user is told.

/** @typedef {import('../src/operation-table').CataloguedStatus} CataloguedStatus */
/** @typedef {Readonly<Record<CataloguedStatus, readonly string[]>>} ErrorCatalogue */

/** The calls §8 names, grouped as its "Where" column names them. */
const CALLS = Object.freeze({
  // "account": the spec's account calls and the account's event stream.
  account: [
    'GET /api/v1/account/info',
    'GET /api/v1/account/orders',
    'GET /api/v1/account/portations',
    'GET /api/v1/account/portationinfo',
    'GET /api/v1/account/events',
    // The number watch (issue 22): account calls like the others.
    'GET /api/v1/account/watch',
    'PUT /api/v1/account/watch/{msisdn}',
    'GET /api/v1/account/alerts',
    'POST /api/v1/account/alerts/{id}/confirm',
    'POST /api/v1/account/alerts/{id}/refuse',
    // «Удалить мои данные» (issue 24).
    'DELETE /api/v1/account',
  ],
  // "sign-in": the ESIA calls of §7 and the token exchange.
  signIn: [
    'GET /api/v1/esia/login',
    'GET /api/v1/esia/callback',
    'GET /api/v1/esia/logout',
    'GET /api/v1/esia/userinfo',
    'GET /api/v1/esia/personalinfo',
    'POST /api/v1/openid/token',
  ],
  batchLookup: ['POST /api/v1.1/msisdn/info/batch'],
  portationOrder: [
    'POST /api/v1/order/portation/init',
    'GET /api/v1/order/portation/{id}',
    'PUT /api/v1/order/portation/{id}',
    'DELETE /api/v1/order/portation/{id}',
    'POST /api/v1/order/portation/{id}/code',
    'PUT /api/v1/order/portation/{id}/submit',
  ],
  newsList: ['GET /api/v1/news'],
  newsItem: ['GET /api/v1/news/{slug}'],
  tokenExchange: ['POST /api/v1/openid/token'],
  operatorList: ['GET /api/v1/operator/list'],
  operatorItem: ['GET /api/v1/operator/{slug}'],
  operatorTile: ['GET /api/v1/operator/tile/{id}'],
  tileLists: ['GET /api/v1.1/operator/tile/list', 'GET /api/v1.2/operator/tile/list'],
  regionOperators: ['GET /api/v1/region/operators'],
  features: ['GET /api/v1/setting/feature/list'],
  // §7's two tariff list calls; the filters and the region's full list are not among them.
  tariffLists: ['GET /api/v1.4/tariff/list', 'GET /api/v2/tariff/list'],
  tariffById: ['GET /api/v1.1/tariff/{id}', 'GET /api/v2/tariff/{id}'],
  singleTariff: ['GET /api/v1.2/tariff'],
});

/** §8's rows: the status and the calls it applies to. */
export const SPEC_ERROR_CATALOGUE = /** @type {ErrorCatalogue} */ (
  Object.freeze({
    401: [...CALLS.account, ...CALLS.signIn, ...CALLS.batchLookup, ...CALLS.portationOrder],
    400: [
      ...CALLS.newsList,
      ...CALLS.tokenExchange,
      ...CALLS.operatorList,
      ...CALLS.tileLists,
      ...CALLS.portationOrder,
      ...CALLS.regionOperators,
      ...CALLS.features,
      ...CALLS.tariffLists,
    ],
    404: [
      ...CALLS.newsItem,
      ...CALLS.operatorItem,
      ...CALLS.operatorTile,
      'GET /api/v1/order/portation/{id}',
      'DELETE /api/v1/order/portation/{id}',
      ...CALLS.tariffById,
      ...CALLS.singleTariff,
    ],
  })
);
