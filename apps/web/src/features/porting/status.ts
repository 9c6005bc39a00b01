import type { Schemas } from '@perenos/api-client';
import { formatDayInWords } from '@perenos/porting-rules';

export type PortingStatus = Schemas['PortationOrderStatus'];

/**
 * The one Russian name of each status, what it means, and a refusal's own name («Отказ оператора») are
 * @perenos/porting-rules' (decisions 081, 136): the server's timeline, messages and back office say the
 * same. The done page, the account's lists and portation page, and /about show them.
 */
export {
  DEBT_TEXTS,
  type EndingKind,
  endingOf,
  nextSteps,
  type OrderPhase,
  PHASE_HEADINGS,
  phaseOf,
  SIM_BEFORE_NIGHT,
  STATUS_MEANINGS,
  STATUS_NAMES as STATUS_LABELS,
  statusName,
} from '@perenos/porting-rules/states';

export const STATUS_COLORS: Record<PortingStatus, string> = {
  Initialized: 'gray',
  PendingBDPN: 'yellow',
  Done: 'green',
  Deleted: 'red',
};

/** «Заявление № 24»: the number a person sees for a porting is always its application's. */
export function applicationTitle(orderId: number): string {
  return `Заявление № ${orderId}`;
}

/**
 * A porting named by its application («Перенос по заявлению № 24»), so one porting never shows two
 * numbers; a porting made elsewhere (no application here) is named by its day.
 */
export function portationTitle(p: { orderId: number | null }, day: string | null): string {
  if (p.orderId !== null) return `Перенос по заявлению № ${p.orderId}`;
  return day ? `Перенос ${formatDayInWords(day)}` : 'Перенос, оформленный не на сайте';
}
