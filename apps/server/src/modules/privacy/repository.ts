// The person's own row belongs to the users module; this module decides when personal data ends
// (docs/privacy.md) and asks each module, through its face, to clear what it keeps.
export { lockUserForErasure as lockPerson, tombstoneUser as tombstonePerson } from '../users';
