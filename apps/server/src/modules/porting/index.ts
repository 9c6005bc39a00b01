// The public face of this module: other code imports only this file (docs/architecture.md, decisions 110 and 130).

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
  applicationsUnderWay,
  eraseApplications,
  forgetEndedApplications,
  forgetIdlePassports,
  forgetStandinPassports,
  runningApplications,
} from './personal-data';
export { PORTING_QUEUES } from './queues';
export { orderCountsByStatus } from './repository';
export { SIGNATURE_QUEUES } from './signature/service';
export { confirmNumberCode, sendNumberCode } from './steps/number-code';
export { ORDER_STATUSES } from './tables';
