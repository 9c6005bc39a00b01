// The porting feature's public face: other features, pages and the app import only what is listed here.
export {
  type ContractTerms,
  draftStepUrl,
  getPortationOfficesQueryOptions,
  getPortationOrderQueryOptions,
  getPortationSignatureQueryOptions,
  getPortationTermsQueryOptions,
  type Outcome,
  type PortationOrder,
  type PortationSignature,
  parseOrderId,
  type RecipientOffice,
  type SimChoice,
  type SimKind,
  takeEndedHere,
  useAccountEvents,
  useDeletePortation,
  useInitPortation,
  useRefilePortation,
  useSendPortationCode,
  useStartSignature,
  useSubmitPortation,
  useUpdatePortation,
} from './api';
export { ContractTermsSection } from './components/contract-terms';
export { EndedAdvice } from './components/ended-advice';
export { GoskeySigning, isSigned } from './components/goskey-signing';
export { OrderGate, OrderNotFound } from './components/order-gate';
export { OrderSummary } from './components/order-summary';
export { OrderTimeline } from './components/order-timeline';
export { PortingCalendar } from './components/porting-calendar';
export { PortingDetails } from './components/porting-details';
export { RefusalAlert } from './components/refusal-alert';
export { SimChoiceField } from './components/sim-choice';
export { StatusBadge } from './components/status-badge';
export { WITHDRAW_CLOSED, WITHDRAW_WHILE, WithdrawOrder } from './components/withdraw-order';
export { WizardSteps } from './components/wizard-steps';
export { initialDay, isAllowedDay, windowLine } from './dates';
export { type RefusalAdvice, refusalAdvice } from './refusal-advice';
export { type Saving, savingLabel, savingOf, todayMonthly } from './savings';
export {
  debtMessage,
  formatEdition,
  isWholeAddress,
  SIM_KIND_LABELS,
  simChoiceProblem,
  simForServer,
  simOfOrder,
} from './sim';
export {
  applicationTitle,
  type EndingKind,
  endingOf,
  nextSteps,
  type OrderPhase,
  PHASE_HEADINGS,
  type PortingStatus,
  phaseOf,
  portationTitle,
  STATUS_COLORS,
  STATUS_LABELS,
  STATUS_MEANINGS,
  statusName,
} from './status';
