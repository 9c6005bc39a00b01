// The lookup feature's public face: other features, pages and the app import only what is listed here.
export {
  getNumberingPlanQueryOptions,
  getQuotaQueryOptions,
  QUOTA_QUERY_KEY,
  quotaExhaustedMessage,
  useLookupMsisdn,
} from './api';
export { BatchUpload } from './components/batch-upload';
export { LookupResult } from './components/lookup-result';
export {
  INCOMPLETE_MSISDN_MESSAGE,
  MsisdnInput,
  type PhoneField,
  phoneFieldOutcome,
  readPhoneField,
} from './components/msisdn-input';
export { QuotaInfo } from './components/quota-info';
