// The public face of this module: other modules import only this file (docs/architecture.md, decision 110).
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
