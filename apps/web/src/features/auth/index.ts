// The auth feature's public face: other features, pages and the app import only what is listed here.
export {
  getAuthQueryOptions,
  getPersonalInfoQueryOptions,
  loginUrl,
  logoutUrl,
  type PersonalInfo,
  useAuth,
} from './api';
export { SessionKeeper } from './components/session-keeper';
