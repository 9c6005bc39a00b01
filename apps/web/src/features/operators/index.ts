// The operators feature's public face: other features, pages and the app import only what is listed here.
export {
  getOperatorListQueryOptions,
  getOperatorQueryOptions,
  getOperatorTileQueryOptions,
  OPERATORS_PAGE_SIZE,
} from './api';
export { OperatorLogo } from './components/operator-logo';
export { type NamedOperator, OperatorName } from './components/operator-name';
