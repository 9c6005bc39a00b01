// The account feature's public face: other features, pages and the app import only what is listed here.
export {
  type AccountOrder,
  type AccountPortation,
  getAccountInfoQueryOptions,
  getAccountOrdersQueryOptions,
  getAccountPortationsQueryOptions,
  getPortationInfoQueryOptions,
  isMsisdn,
  type MsisdnInfo,
  parsePage,
  readListAddress,
} from './api';
export { AccountPager } from './components/account-pager';
export { AccountRecords, type RecordField } from './components/account-records';
export {
  ERASED_DONE,
  ERASED_ITEMS,
  ERASED_URL,
  EraseMyData,
  getErasureQueryOptions,
  KEPT_AFTER_ERASURE,
} from './components/erase-my-data';
export { MsisdnHeader } from './components/msisdn-header';
