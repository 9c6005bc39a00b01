// The account feature's public face: other features, pages and the app import only what is listed here.
export {
  getAccountInfoQueryOptions,
  getAccountOrdersQueryOptions,
  getAccountPortationsQueryOptions,
  getPortationInfoQueryOptions,
  isMsisdn,
  type MsisdnInfo,
  parsePage,
  STATUS_LABELS,
} from './api';
export { AccountPager } from './components/account-pager';
export { MsisdnHeader } from './components/msisdn-header';
export { OperatorName } from './components/operator-name';
export { RecordCards } from './components/record-cards';
export { StatusBadge } from './components/status-badge';
