import { formatDayLong, moscowDay } from '../../lib/moscow';
import type { OrderStatus } from './tables';

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
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** An event about to be written: its kind, the status after it and the words the subscriber reads. */
export interface NewEvent {
  kind: EventKind;
  status: OrderStatus;
  description: string;
  occurredAt: Date;
}

/** «2 декабря 2026, 00:00–06:00 (МСК)». */
export function windowText(start: Date): string {
  return `${formatDayLong(moscowDay(start))}, 00:00–06:00 (МСК)`;
}

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
  'withdrawal-failed': () =>
    'Не удалось отозвать заявление в БДПН: центральная база не отвечала. Обратитесь в поддержку сайта',
} as const;
