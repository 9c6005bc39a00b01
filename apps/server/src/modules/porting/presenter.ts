import { formatDayNumeric, moscowDay } from '../../lib/moscow';
import { presentOperator } from '../operators';
import { PORTING_FEE_RUB } from './contract-terms';
import type { findOrder, orderEvents } from './repository';
import { portationWindow } from './rules';

type OrderView = NonNullable<Awaited<ReturnType<typeof findOrder>>>;
type EventRow = Awaited<ReturnType<typeof orderEvents>>[number];

/** The applicant as step 3 shows them (read-only, from Госуслуги). */
export interface Personal {
  fullName: string;
  birthDate: string | null;
  passport: string | null;
}

/** An order as the API answers it. */
export function presentOrder(
  view: OrderView,
  events: EventRow[],
  extra: { isMsisdnConfirmed: boolean; now: Date; personal?: Personal | null; courierAddress: string | null },
) {
  const o = view.order;
  const p = view.portation;
  const window = portationWindow(extra.now);
  return {
    id: o.id,
    msisdn: o.msisdn,
    status: o.status,
    regionCode: o.regionCode,
    regionName: view.regionName,
    fromOperator: presentOperator(view.fromOperator),
    toOperator: presentOperator(view.toOperator),
    tariffId: o.tariffId,
    tariffName: o.tariffName,
    // The porting's day: the night the central database set once it did (at the demo's time scale, days
    // before the one asked for), else the one asked for — the account and the registry say the same.
    portationAt: p?.portationAt ? moscowDay(p.portationAt) : o.portationDate,
    // The window as the central database set it, in real time (minutes apart at a demo's scale).
    window:
      p?.windowStart && p.windowEnd ? { start: p.windowStart.toISOString(), end: p.windowEnd.toISOString() } : null,
    email: o.email,
    createdAt: o.createdAt.toISOString(),
    lastUpdatedAt: o.lastUpdateAt.toISOString(),
    portationId: p?.id ?? null,
    reason: o.reason,
    isMsisdnConfirmed: extra.isMsisdnConfirmed,
    // A draft can always be deleted; a submitted application only until the window is scheduled.
    canWithdraw: o.status === 'Initialized' || (o.status === 'PendingBDPN' && !p?.windowStart),
    sim: o.simKind
      ? {
          kind: o.simKind,
          officeId: o.simOfficeId,
          office: view.office?.id ? { ...view.office } : null,
          address: o.simKind === 'courier' ? extra.courierAddress : null,
        }
      : null,
    fee: PORTING_FEE_RUB,
    contractVersion: o.contractVersion,
    contractAcceptedAt: o.contractAcceptedAt?.toISOString() ?? null,
    consentVersion: o.consentVersion,
    consentAcceptedAt: o.consentAcceptedAt?.toISOString() ?? null,
    simIssuedAt: p?.simIssuedAt?.toISOString() ?? null,
    temporaryMsisdn: p?.temporaryMsisdn ?? null,
    esimActivationCode: p?.esimActivationCode ?? null,
    debt:
      p?.debtAmount != null && p.debtPayBy
        ? {
            amount: p.debtAmount,
            payBy: p.debtPayBy.toISOString(),
            paidAt: p.debtPaidAt?.toISOString() ?? null,
            numbers: p.debtNumbers ?? [],
          }
        : null,
    earliestPortationAt: window.earliest,
    latestPortationAt: window.latest,
    events: events.map((e) => ({
      occurredAt: e.occurredAt.toISOString(),
      status: e.status,
      kind: e.kind as never,
      description: e.description,
    })),
    ...(extra.personal !== undefined ? { personal: extra.personal } : {}),
  };
}

export type PresentedOrder = ReturnType<typeof presentOrder>;

/** «с 02.12.2026 по 24.05.2027». */
export function windowRangeText(now: Date): string {
  const w = portationWindow(now);
  return `с ${formatDayNumeric(w.earliest)} по ${formatDayNumeric(w.latest)}`;
}
