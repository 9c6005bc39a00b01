// The public face of this module: other modules import only this file (docs/architecture.md, decision 110).

export type { PortingDeps } from './deps';
export {
  findPortation,
  listOrders,
  listPortations,
  type OrderSort,
  orderedNumbersSql,
  type PortationSort,
} from './history';
export { type Answerer, answerHold, type HoldAnswer } from './hold';
export {
  eraseApplications,
  forgetEndedApplications,
  forgetIdlePassports,
  forgetStandinPassports,
  runningApplications,
} from './personal-data';
export { confirmNumberCode, sendNumberCode } from './steps/number-code';
export { ORDER_STATUSES } from './tables';
