/**
 * What a person reads about an application in each of its states, in one place for the server (the
 * timeline's events, the SMS and e-mail subjects, the back office) and the web app (the badge, the done
 * page, the account, /about): the statuses' names and meanings, the events' names, the ending that names a
 * finished application, and the sentences that belong to one phase of the porting and to no other
 * (decision 136). Numbers of days come from the rules' constants, never typed into a sentence.
 */

import { formatWindow } from './dates';
import { DRAFT_LIFETIME_DAYS, HOLD_HOURS, MIN_DAYS_BETWEEN_PORTINGS, MONTHS_GENITIVE, moscowDay } from './index';

/** Order statuses (docs/product.md §6): created, with the central database (БДПН), done, deleted. */
export const ORDER_STATUSES = ['Initialized', 'PendingBDPN', 'Done', 'Deleted'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Which of the three Russian forms a count takes: 1, 21 → one; 2–4, 22 → few; 0, 5–20, 25 → many. */
export function pluralForm(n: number, [one, few, many]: readonly [string, string, string]): string {
  const last = Math.abs(n) % 10;
  const lastTwo = Math.abs(n) % 100;
  if (last === 1 && lastTwo !== 11) return one;
  if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return few;
  return many;
}

/** «7 дней», «1 день», «24 часа». */
export function daysText(n: number): string {
  return `${n} ${pluralForm(n, ['день', 'дня', 'дней'])}`;
}
export function hoursText(n: number): string {
  return `${n} ${pluralForm(n, ['час', 'часа', 'часов'])}`;
}

/** «1 ноября 2026» for a `YYYY-MM-DD` day, as written (no time zone). */
export function dayInWords(day: string): string {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number) as [number, number, number];
  return `${d} ${MONTHS_GENITIVE[m - 1]} ${y}`;
}

/** The statuses in the subscriber's words: the badge, the account, /about, the desk (decision 081). */
export const STATUS_NAMES: Record<OrderStatus, string> = {
  Initialized: 'Черновик',
  PendingBDPN: 'В обработке',
  Done: 'Номер перенесён',
  Deleted: 'Отменено',
};

/** What each status means, for /about's table and whoever explains a status in words. */
export const STATUS_MEANINGS: Record<OrderStatus, string> = {
  Initialized: `Заявление начато, но не отправлено: его можно дополнить, отправить или удалить. Черновик, не отправленный за ${daysText(DRAFT_LIFETIME_DAYS)}, удаляется.`,
  PendingBDPN:
    'Заявление отправлено: его проверяют центральная база перенесённых номеров (БДПН) и прежний оператор, затем БДПН назначает окно переноса. Пока окно не назначено, заявление можно отозвать.',
  Done: 'Номер перенесён: его обслуживает новый оператор.',
  Deleted:
    'Перенос не состоится: заявление отозвано, прежний оператор или БДПН отказали, или черновик не отправили вовремя. Причина и что делать дальше — на странице заявления.',
};

/** What a timeline event says happened. */
export const EVENT_KINDS = [
  'created',
  'submitted',
  'registered',
  'accepted',
  'rejected',
  'donor-check',
  'donor-accepted',
  'donor-rejected',
  'scheduled',
  'started',
  'ported',
  'cancelled',
  'expired',
  'failed',
  'withdrawal-confirmed',
  'withdrawal-refused',
  'withdrawal-failed',
  'contract-signed',
  'sim-issued',
  'debt-notice',
  'debt-paid',
  'rescheduled',
  'held',
  'hold-confirmed',
  'hold-refused',
  'hold-lapsed',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/**
 * Each event's short name: the subject of its SMS and e-mail, and its label in the back office (the
 * timeline itself says more, in EVENT_TEXT on the server).
 */
export const EVENT_NAMES: Record<EventKind, string> = {
  created: 'Заявление создано',
  submitted: 'Заявление отправлено',
  registered: 'Заявление зарегистрировано в БДПН',
  accepted: 'Заявление принято БДПН',
  rejected: 'Отказ БДПН',
  'donor-check': 'Проверка у нынешнего оператора',
  'donor-accepted': 'Оператор подтвердил перенос',
  'donor-rejected': 'Отказ оператора',
  scheduled: 'Назначено окно переноса',
  started: 'Перенос начат',
  ported: 'Номер перенесён',
  cancelled: 'Заявление отозвано',
  expired: 'Черновик удалён',
  failed: 'Заявление не дошло до БДПН',
  'withdrawal-confirmed': 'БДПН подтвердила отзыв',
  'withdrawal-refused': 'БДПН не приняла отзыв',
  'withdrawal-failed': 'Отозвать не удалось',
  'contract-signed': 'Договор оформлен',
  'sim-issued': 'SIM-карта нового оператора',
  'debt-notice': 'Оплатите задолженность',
  'debt-paid': 'Задолженность оплачена',
  rescheduled: 'Перенос отложен',
  held: 'Ждёт подтверждения владельца номера',
  'hold-confirmed': 'Владелец номера подтвердил заявление',
  'hold-refused': 'Владелец номера отклонил заявление',
  'hold-lapsed': 'Владелец номера не ответил',
};

/** The events that end an application without a porting. */
export const ENDING_KINDS = [
  'donor-rejected',
  'rejected',
  'failed',
  'expired',
  'cancelled',
  'withdrawal-confirmed',
  'hold-refused',
] as const satisfies readonly EventKind[];
export type EndingKind = (typeof ENDING_KINDS)[number];

const ENDINGS: ReadonlySet<string> = new Set(ENDING_KINDS);

/** How an application that ended without a porting ended, from its timeline (its last ending event). */
export function endingOf(events: readonly { kind: string }[]): EndingKind | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const kind = events[i]?.kind;
    if (kind !== undefined && ENDINGS.has(kind)) return kind as EndingKind;
  }
  return null;
}

/** A refusal is named for who refused, not «Отменено»: the person did not cancel anything. */
const ENDING_NAMES: Partial<Record<EndingKind, string>> = {
  'donor-rejected': 'Отказ оператора',
  rejected: 'Отказ БДПН',
};

/** The one name of an application's state: its status's, or for a refusal the refusal's. */
export function statusName(status: OrderStatus, ending?: EndingKind | null): string {
  return (status === 'Deleted' && ending && ENDING_NAMES[ending]) || STATUS_NAMES[status];
}

/** Why a donor refused, in plain words, by the central database's reason code (the words it sent otherwise). */
const DONOR_REASONS: Record<string, (said: string) => string> = {
  passport: () => 'паспорт в заявлении (из Госуслуг) не совпал с паспортом владельца номера в договоре с оператором',
  blocked: (said) =>
    `${/заблокир/i.test(said) ? said : `номер заблокирован${said ? ` (${said})` : ''}`}: пока блокировка не снята, перенести его нельзя`,
  debt: (said) => `${said || 'задолженность не оплачена вовремя'}`,
};

/** «Нынешний оператор отказал в переносе: …» — the donor's refusal as the timeline and the SMS say it. */
export function donorRefusalText(reason: string, code?: string | null): string {
  const plain = code && DONOR_REASONS[code] ? DONOR_REASONS[code](reason) : reason;
  return `Нынешний оператор отказал в переносе: ${plain}`;
}

/** The terms the recipient's contract was made on, in words: «на условиях от 1 ноября 2026 года». */
export function termsEditionText(version: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(version)
    ? `на условиях от ${dayInWords(version)} года`
    : `на условиях «${version}»`;
}

/**
 * The phase of an application a page speaks of: a draft; submitted, before the central database set the
 * night; the night is set; the number moved; it ended without a porting. A sentence that belongs to one
 * phase is never shown in another (the state test in apps/web renders every phase).
 */
export type OrderPhase = 'draft' | 'filed' | 'scheduled' | 'ported' | 'ended';

export function orderPhase(order: { status: OrderStatus; windowScheduled: boolean }): OrderPhase {
  switch (order.status) {
    case 'Initialized':
      return 'draft';
    case 'PendingBDPN':
      return order.windowScheduled ? 'scheduled' : 'filed';
    case 'Done':
      return 'ported';
    default:
      return 'ended';
  }
}

/** The done page's heading in each phase. */
export const PHASE_HEADINGS: Record<OrderPhase, string> = {
  draft: 'Черновик заявления',
  filed: 'Заявление отправлено',
  scheduled: 'Окно переноса назначено',
  ported: STATUS_NAMES.Done,
  ended: 'Перенос не состоится',
};

/** «Что дальше» while the porting is under way: before the night is set, and once it is. */
export function nextSteps(
  phase: OrderPhase,
  facts: {
    donor: string;
    night: string | null;
    email: string | null;
    /** The window the central database set (real instants; minutes apart at a demo's time scale). */
    window?: { start: string; end: string } | null;
  },
): string[] {
  const told = `Обо всех шагах мы сообщим${facts.email ? ` на ${facts.email} и` : ''} по SMS.`;
  if (phase === 'filed') {
    return [
      'Заявление проверит центральная база данных перенесённых номеров (БДПН).',
      `Ваш нынешний оператор (${facts.donor}) проверит паспорт владельца договора и задолженность — долг нужно погасить до переноса.`,
      `${NEXT_WINDOW_WILL_BE_SET}: ночь ${facts.night ? dayInWords(facts.night) : 'выбранной даты'}, с 00:00 до 06:00 по Москве.`,
      `Новый оператор передаст SIM-карту; после переноса номер заработает в его сети. ${told}`,
    ];
  }
  if (phase === 'scheduled') {
    return [
      facts.window
        ? `${PORTING_IN_THE_WINDOW}: ${formatWindow(facts.window.start, facts.window.end)}.`
        : `${PORTING_IN_THE_WINDOW}${facts.night ? `: ${dayInWords(facts.night)}` : ''}, с 00:00 до 06:00 по Москве.`,
      'Во время переноса связь может пропадать до 30 минут; затем номер заработает на SIM-карте нового оператора.',
      told,
    ];
  }
  return [];
}

/** Said only before the central database set the night. */
export const NEXT_WINDOW_WILL_BE_SET = 'БДПН назначит окно переноса';
/**
 * Said only once the window is set and before it has passed: «окно», not «ночь», so that it stays true at a
 * demo's time scale, where the window is the real minute it happens (decision 140).
 */
export const PORTING_IN_THE_WINDOW = 'Перенос состоится в назначенное окно';

/** The new SIM before the porting night (filed and scheduled phases only). */
export const SIM_BEFORE_NIGHT = {
  esimReady: 'eSIM готова к установке',
  temporaryPending: 'появится, когда оператор выдаст SIM-карту',
  temporaryNote: (msisdn: string) =>
    `До ночи переноса новая SIM-карта работает с временным номером; в ночь переноса на неё перейдёт ваш номер ${msisdn}.`,
} as const;

/** The donor's debt notice in each phase: what is due, that it was paid, or what came of it. */
export const DEBT_TEXTS = {
  /** Paid while the porting is under way (filed): it goes on. */
  paidGoesOn: 'Перенос продолжается.',
  /** Paid, the night set (scheduled). */
  paidNight: `${PORTING_IN_THE_WINDOW}.`,
  /** Unpaid, and the donor refused for it (ended by its refusal). */
  lapsed: (sum: string) => `Задолженность ${sum} не была оплачена вовремя.`,
  /** Unpaid, and the application ended otherwise (withdrawn, refused by the central database…). */
  left: (sum: string) => `Оператор сообщал о задолженности ${sum}; заявление закончилось по другой причине.`,
  /** All the person's numbers with the donor count (filed, scheduled). */
  sumOfNumbers: 'В сумму входят все ваши номера у этого оператора, в том числе те, что не переносятся.',
} as const;

/** While a submitted application can be withdrawn (filed). */
export const WITHDRAW_WHILE =
  'Отозвать заявление можно, пока БДПН не назначила окно переноса — обычно в течение нескольких часов после отправки.';
/** Once the night is set (scheduled). */
export const WITHDRAW_CLOSED = `БДПН назначила окно переноса — отозвать заявление уже нельзя. Если передумаете, после переноса номер можно вернуть к прежнему оператору, но не раньше чем через ${daysText(MIN_DAYS_BETWEEN_PORTINGS)}.`;

/** An expired draft, in the timeline and in the advice after it. */
export const DRAFT_NOT_SENT = `Заявление не было отправлено за ${daysText(DRAFT_LIFETIME_DAYS)}`;
export const DRAFT_EXPIRED = `${DRAFT_NOT_SENT} и удалено`;
export const DRAFT_EXPIRED_ADVICE = `Неотправленный черновик удаляется через ${daysText(DRAFT_LIFETIME_DAYS)}. Чтобы перенести номер, начните новое заявление.`;
/** A second porting of a number. */
export const PORT_AGAIN_AFTER = `Повторно перенести номер можно не раньше чем через ${daysText(MIN_DAYS_BETWEEN_PORTINGS)} после прошлого переноса.`;
/** The watcher who did not answer within the hold. */
export const HOLD_LAPSED = `Владелец номера не ответил за ${hoursText(HOLD_HOURS)}: заявление передаётся в БДПН`;

/**
 * Past a deadline of the process by this much, an application is stuck: the engine's background jobs
 * act within minutes of a deadline (a watcher's hold, the window's end), so an hour later nothing is
 * going to happen by itself and support should look.
 */
export const STUCK_GRACE_HOURS = 1;

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;
/** The porting night is 00:00–06:00 Moscow time of the porting date. */
const NIGHT_HOURS = 6;

/** What the desk knows of an application to tell whether it is stuck. */
export interface ProcessFacts {
  status: OrderStatus;
  createdAt: Date;
  /** The day asked for (Moscow). */
  portationDate: string | null;
  /** The window the central database set, once it did. */
  windowEnd: Date | null;
  /** Until when it waits for the number's watcher. */
  heldUntil: Date | null;
}

/** The moments before which a deadline counts as missed, for a query of stuck applications at `now`. */
export function stuckCutoffs(now: Date) {
  const grace = STUCK_GRACE_HOURS * HOUR_MS;
  const missed = new Date(now.getTime() - grace);
  // A night ends at 06:00 Moscow time of its day: a day whose night ended before `missed` is over.
  const lastOverDay = moscowDay(new Date(missed.getTime() - NIGHT_HOURS * HOUR_MS - 1));
  return {
    /** A draft made before this should have been removed. */
    draftMadeBefore: new Date(now.getTime() - DRAFT_LIFETIME_DAYS * DAY_MS - grace),
    /** A hold or a window that ended before this is missed. */
    missed,
    /** A porting date on or before this day, with no window set, has passed. */
    lastOverDay,
  };
}

/** Why an application is stuck (past what the process allows), in words for support; null when it is not. */
export function stuckReason(o: ProcessFacts, now: Date): string | null {
  const cut = stuckCutoffs(now);
  if (o.status === 'Initialized') {
    return o.createdAt < cut.draftMadeBefore
      ? `Черновик старше ${daysText(DRAFT_LIFETIME_DAYS)}: его должны были удалить`
      : null;
  }
  if (o.status !== 'PendingBDPN') return null;
  if (o.heldUntil && o.heldUntil < cut.missed) {
    return `Срок ответа владельца номера (${hoursText(HOLD_HOURS)}) прошёл, а заявление не передано в БДПН`;
  }
  if (o.windowEnd && o.windowEnd < cut.missed) {
    return `Окно переноса закончилось ${dayInWords(moscowDay(o.windowEnd))}, а номер не перенесён`;
  }
  if (!o.windowEnd && o.portationDate && o.portationDate <= cut.lastOverDay) {
    return `Ночь переноса ${dayInWords(o.portationDate)} прошла, а БДПН не назначила окно`;
  }
  return null;
}

/** The phase of an application from its status and its timeline (a window set shows as an event). */
export function phaseOf(order: { status: OrderStatus; events: readonly { kind: string }[] }): OrderPhase {
  return orderPhase({
    status: order.status,
    windowScheduled: order.events.some((e) => e.kind === 'scheduled' || e.kind === 'rescheduled'),
  });
}
