import { formatMsisdn } from '@perenos/phone';
import { formatDayInWords, formatMoscowDateTime, moscowDay } from '../../lib/moscow';
import type { OrderStatus, SimKind } from './tables';

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

/** The statuses in the subscriber's words (the same on the site's pages and in documents). */
export const STATUS_NAMES: Record<OrderStatus, string> = {
  Initialized: 'Черновик',
  PendingBDPN: 'В обработке',
  Done: 'Номер перенесён',
  Deleted: 'Отменено',
};

/** An event about to be written: its kind, the status after it and the words the subscriber reads. */
export interface NewEvent {
  kind: EventKind;
  status: OrderStatus;
  description: string;
  occurredAt: Date;
}

/** «2 декабря 2026, 00:00–06:00 (МСК)». */
export function windowText(start: Date): string {
  return `${formatDayInWords(moscowDay(start))}, 00:00–06:00 (МСК)`;
}

const rubles = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });

/** «1 840 ₽». */
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
  return temporaryMsisdn
    ? `${what}. До ночи переноса она работает с временным номером ${formatMsisdn(temporaryMsisdn)}`
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
  'donor-rejected': (reason: string) => `Отказ донора: ${reason}`,
  scheduled: (start: Date) => `Назначено окно переноса: ${windowText(start)}`,
  started: () => 'Перенос номера начат',
  ported: () => 'Номер перенесён',
  cancelled: () => 'Заявление отозвано по вашей просьбе',
  expired: () => 'Заявление не было отправлено за 7 дней и удалено',
  failed: () =>
    'Не удалось передать заявление в БДПН: центральная база не отвечала. Заявление отменено, подайте его ещё раз',
  'withdrawal-confirmed': () => 'БДПН подтвердила отзыв заявления: номер не будет перенесён',
  'withdrawal-refused': (reason: string) =>
    `БДПН не приняла отзыв заявления: ${reason}. Номер может быть перенесён — обратитесь к новому оператору`,
  'contract-signed': (version: string) => `Новый оператор оформил договор (условия редакции ${version})`,
  'sim-issued': simText,
  'debt-notice': (amount: number, payBy: Date) =>
    `Оператор-донор сообщил о задолженности ${rubText(amount)}. Оплатите её до ${formatDayInWords(moscowDay(payBy))}, иначе перенос не состоится`,
  'debt-paid': () => 'Задолженность оплачена: перенос продолжается',
  rescheduled: (start: Date, reason: string) =>
    `Перенос отложен: новое окно — ${windowText(start)}. Причина: ${reason}`,
  held: (until: Date) =>
    `Владелец номера включил оповещения о попытках его перенести: заявление уйдёт в БДПН, когда он подтвердит его, но не позже ${formatMoscowDateTime(until)} (МСК)`,
  'hold-confirmed': () => 'Владелец номера подтвердил заявление: оно передаётся в БДПН',
  'hold-refused': () => HOLD_REFUSED,
  'hold-lapsed': () => 'Владелец номера не ответил за 24 часа: заявление передаётся в БДПН',
  'withdrawal-failed': () =>
    'Не удалось отозвать заявление в БДПН: центральная база не отвечала. Обратитесь в поддержку сайта',
} as const;
