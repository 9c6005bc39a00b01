import type { Schemas } from '@perenos/api-client';
import { formatDayInWords } from '@perenos/porting-rules';

export type PortingStatus = Schemas['PortationOrderStatus'];

/**
 * The one Russian name of each status of an application and its porting. The wizard's done page, the
 * account's lists and portation page, and /about say exactly these (decision 081).
 */
export const STATUS_LABELS: Record<PortingStatus, string> = {
  Initialized: 'Черновик',
  PendingBDPN: 'В обработке',
  Done: 'Номер перенесён',
  Deleted: 'Отменено',
};

/** What each status means, for /about's table and whoever explains a status in words. */
export const STATUS_MEANINGS: Record<PortingStatus, string> = {
  Initialized:
    'Заявление начато, но не отправлено: его можно дополнить, отправить или удалить. Черновик, не отправленный за 7 дней, удаляется.',
  PendingBDPN:
    'Заявление отправлено: его проверяют центральная база перенесённых номеров (БДПН) и прежний оператор, затем БДПН назначает окно переноса. Пока окно не назначено, заявление можно отозвать.',
  Done: 'Номер перенесён: его обслуживает новый оператор.',
  Deleted:
    'Перенос не состоится: заявление отозвано, прежний оператор или БДПН отказали, или черновик не отправили вовремя. Причина и что делать дальше — на странице заявления.',
};

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
