// The public face of this module: other code imports only this file (docs/architecture.md, decisions 110 and 130).
export { eraseWatches } from './repository';
export {
  alertOf,
  alertsPage,
  findAlert,
  holdClosedText,
  numberWatch,
  refreshProofs,
  registryWatch,
  setWatch,
  watchList,
  watchProof,
} from './service';
export { ALERT_KINDS, HOLD_STATES, type Proof } from './tables';
