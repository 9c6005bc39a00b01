// The public face of this module: other code imports only this file (docs/architecture.md, decisions 110 and 130).
export { revokeAllSessions } from './repository';
export {
  type AccessClaims,
  deriveAccessKey,
  endSession,
  familyOfRefreshToken,
  isFamilyActive,
  REFRESH_TTL_SECONDS,
  type RefreshResult,
  refreshSession,
  type SessionTokens,
  type SessionUser,
  startSession,
  verifyAccessToken,
} from './tokens';
