// The public face of this module: other modules import only this file (docs/architecture.md, decision 110).
export { revokeAllSessions } from './repository';
export {
  endSession,
  familyOfRefreshToken,
  REFRESH_TTL_SECONDS,
  type RefreshResult,
  refreshSession,
  type SessionTokens,
  type SessionUser,
  startSession,
} from './tokens';
