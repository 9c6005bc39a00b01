// The public face of users: the identity every module keys its rows on (decisions 110 and 131). Its table
// is read and written only through the functions below; a foreign key to users.id stays a schema fact.
export {
  findApplicant,
  findApplicants,
  findUser,
  findUserByOid,
  forgetIdlePassports,
  holdUser,
  lockUserForErasure,
  tombstoneUser,
  upsertUser,
  userNamesByOid,
  userOid,
  userProfiles,
} from './repository';
export type { UserProfile } from './tables';
