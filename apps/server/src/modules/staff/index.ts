// The public face of this module: other code imports only this file (docs/architecture.md, decisions 110 and 130).
export { actorOf } from './routes';
export { STAFF_SCHEMA } from './schemas';
export { audit, endRolesOf, type StaffActor, staffRolesOf } from './service';
