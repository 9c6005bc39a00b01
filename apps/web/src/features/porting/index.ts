// The porting feature's public face: other features, pages and the app import only what is listed here.
export {
  type Outcome,
  type PortationOrder,
  parseOrderId,
  takeEndedHere,
  useAccountEvents,
  useDeletePortation,
  useInitPortation,
  useSendPortationCode,
  useSubmitPortation,
  useUpdatePortation,
} from './api';
export { EndedAdvice } from './components/ended-advice';
export { OrderGate, OrderNotFound } from './components/order-gate';
export { OrderSummary } from './components/order-summary';
export { OrderTimeline } from './components/order-timeline';
export { PortingCalendar } from './components/porting-calendar';
export { RefusalAlert } from './components/refusal-alert';
export { StatusBadge } from './components/status-badge';
export { WITHDRAW_CLOSED, WITHDRAW_WHILE, WithdrawOrder } from './components/withdraw-order';
export { WizardSteps } from './components/wizard-steps';
export { formatDay, initialDay, isAllowedDay } from './dates';
export { type RefusalAdvice, refusalAdvice } from './refusal-advice';
export { type Saving, savingLabel, savingOf, todayMonthly } from './savings';
export {
  applicationTitle,
  type PortingStatus,
  portationTitle,
  STATUS_COLORS,
  STATUS_LABELS,
  STATUS_MEANINGS,
} from './status';
