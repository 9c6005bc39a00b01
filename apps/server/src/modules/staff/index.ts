// The public face of this module: other modules import only this file (docs/architecture.md, decision 110).
export { actorOf } from './routes';
export { STAFF_SCHEMA } from './schemas';
export { audit, endRolesOf, type StaffActor, staffRolesOf } from './service';
