import { formatMsisdn } from '@perenos/phone';
import { formatMomentInWords, formatWindow } from '@perenos/porting-rules';
import {
  DRAFT_EXPIRED,
  donorRefusalText,
  type EventKind,
  HOLD_LAPSED,
  termsEditionText,
} from '@perenos/porting-rules/states';
import { formatMoscowDateTime } from '../../lib/moscow';
import type { OrderStatus, SimKind } from './tables';

// The events' kinds and the statuses' names are @perenos/porting-rules' (decision 136): the web app, the
// back office and the messages read the same words.
export { EVENT_KINDS, type EventKind, STATUS_NAMES } from '@perenos/porting-rules/states';

/** An event about to be written: its kind, the status after it and the words the subscriber reads. */
export interface NewEvent {
  kind: EventKind;
  status: OrderStatus;
  description: string;
  occurredAt: Date;
}

/**
 * «2 декабря 2026, 00:00–06:00 (МСК)»: the window's real start and end, as the central database sent them
 * (at a demo's time scale, the minute it really happens: decision 140).
 */
export function windowText(start: Date, end: Date): string {
  return formatWindow(start, end);
}

const rubles = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });

/** «1 840 ₽». */
/** «: +7 (927) 555-12-34 — 1 240 ₽, +7 (927) 555-12-35 — 600 ₽», the numbers a debt is on; nothing for none. */
export function debtParts(numbers: { msisdn: string; amount: number }[]): string {
  return numbers.length > 0
    ? `: ${numbers.map((n) => `${formatMsisdn(n.msisdn)} — ${rubText(n.amount)}`).join(', ')}`
    : '';
}

export function rubText(amount: number): string {
  return `${rubles.format(amount)}\u00a0₽`;
}

/** The SIM's arrival in words: what came and where, and the temporary number it works with until the porting night. */
function simText(kind: SimKind, temporaryMsisdn: string | null): string {
  const what =
    kind === 'esim'
      ? 'Новый оператор выпустил eSIM: код активации и QR-код — на странице заявления в личном кабинете'
      : kind === 'office'
        ? 'SIM-карта нового оператора готова: заберите её в выбранном офисе с паспортом'
        : 'Курьер доставил SIM-карту нового оператора';
  // Said so that it stays true after the porting night: the timeline keeps it.
  return temporaryMsisdn
    ? `${what}. Временный номер на ней, пока номер не перенесён: ${formatMsisdn(temporaryMsisdn)}`
    : what;
}

/** Why an application the number's watcher disowned ended: the applicant reads it. */
export const HOLD_REFUSED =
  'Владелец номера ответил, что не подавал это заявление: оно отклонено. Если номер ваш, перенесите его в офисе нового оператора с паспортом или обратитесь к своему оператору';

/** The subscriber's words for each kind of event. */
export const EVENT_TEXT = {
  created: () => 'Заявление создано',
  submitted: () => 'Заявление подписано и отправлено в центральную базу перенесённых номеров (БДПН)',
  registered: () => 'Заявление зарегистрировано в БДПН',
  accepted: () => 'Заявление принято БДПН',
  rejected: (reason: string) => `Отказ БДПН: ${reason}`,
  'donor-check': () => 'Проверка у оператора-донора: паспортные данные владельца и задолженность',
  'donor-accepted': () => 'Оператор-донор подтвердил перенос',
  'donor-rejected': (reason: string, code?: string | null) => donorRefusalText(reason, code),
  scheduled: (start: Date, end: Date) => `Назначено окно переноса: ${windowText(start, end)}`,
  started: () => 'Перенос номера начат',
  ported: () => 'Номер перенесён',
  cancelled: () => 'Заявление отозвано по вашей просьбе',
  expired: () => DRAFT_EXPIRED,
  failed: () =>
    'Не удалось передать заявление в БДПН: центральная база не отвечала. Заявление отменено, подайте его ещё раз',
  'withdrawal-confirmed': () => 'БДПН подтвердила отзыв заявления: номер не будет перенесён',
  'withdrawal-refused': (reason: string) =>
    `БДПН не приняла отзыв заявления: ${reason}. Номер может быть перенесён — обратитесь к новому оператору`,
  'contract-signed': (version: string) => `Новый оператор оформил договор ${termsEditionText(version)}`,
  'sim-issued': simText,
  'debt-notice': (amount: number, payBy: Date, numbers: { msisdn: string; amount: number }[] = []) =>
    `Оператор-донор сообщил о задолженности ${rubText(amount)}${debtParts(numbers)}. Оплатите её до ${formatMomentInWords(payBy)} (МСК), иначе перенос не состоится`,
  'debt-paid': () => 'Задолженность оплачена: перенос продолжается',
  rescheduled: (start: Date, end: Date, reason: string) =>
    `Перенос отложен: новое окно — ${windowText(start, end)}. Причина: ${reason}`,
  held: (until: Date) =>
    `Владелец номера включил оповещения о попытках его перенести: заявление уйдёт в БДПН, когда он подтвердит его, но не позже ${formatMoscowDateTime(until)} (МСК)`,
  'hold-confirmed': () => 'Владелец номера подтвердил заявление: оно передаётся в БДПН',
  'hold-refused': () => HOLD_REFUSED,
  'hold-lapsed': () => HOLD_LAPSED,
  'withdrawal-failed': () =>
    'Не удалось отозвать заявление в БДПН: центральная база не отвечала. Обратитесь в поддержку сайта',
} as const;
