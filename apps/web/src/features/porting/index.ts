// The porting feature's public face: other features, pages and the app import only what is listed here.
export {
  type Outcome,
  type PortationOrder,
  parseOrderId,
  useAccountEvents,
  useDeletePortation,
  useInitPortation,
  useSendPortationCode,
  useSubmitPortation,
  useUpdatePortation,
} from './api';
export { OrderGate, OrderNotFound } from './components/order-gate';
export { OrderSummary } from './components/order-summary';
export { OrderTimeline } from './components/order-timeline';
export { RefusalAlert } from './components/refusal-alert';
export { WizardSteps } from './components/wizard-steps';
export { formatDay, initialDay, isAllowedDay } from './dates';
export { type Saving, savingLabel, savingOf, todayMonthly } from './savings';
