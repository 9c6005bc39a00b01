import { formatMsisdn } from '@perenos/phone';
import type { EventAttributes } from 'ics';
import { formatDayInWords, formatDayNumeric, moscowDay, moscowMidnight } from '../../lib/moscow';
import type { ApplicationContent } from './document-drawing';
import { STATUS_NAMES } from './events';
import type { PresentedOrder } from './presenter';

/**
 * What a subscriber keeps of an application: the porting night for their calendar, and the
 * application itself as a PDF to print or keep. Both are made from the order's answer, so they say
 * exactly what the account page says. Here they are worded, as plain data; a worker thread draws
 * them (document-drawing.ts, document-pool.ts).
 */

const WINDOW_HOURS = 6;

const moscowTime = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Europe/Moscow',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The porting window: the one the central database scheduled, else the night of the chosen day. */
export function portingWindow(order: PresentedOrder, windowStart: Date | null): { start: Date; end: Date } | null {
  const start = windowStart ?? (order.portationAt ? new Date(moscowMidnight(order.portationAt)) : null);
  if (!start) return null;
  return { start, end: new Date(start.getTime() + WINDOW_HOURS * 3600_000) };
}

function operatorName(o: PresentedOrder['toOperator']): string {
  return o?.operatorName ?? 'новый оператор';
}

/** How the SIM reaches the subscriber, in one line. */
export function simLine(order: PresentedOrder): string {
  const sim = order.sim;
  if (!sim) return 'не выбрано';
  if (sim.kind === 'esim') return 'eSIM: код активации придёт в личный кабинет';
  if (sim.kind === 'office') {
    return sim.office
      ? `в офисе: ${sim.office.name}, ${sim.office.address} (${sim.office.hours})`
      : 'в офисе оператора';
  }
  return `курьером по адресу: ${sim.address ?? '—'}`;
}

/** The calendar's one event (RFC 5545): the porting window, what to expect and what to do. */
export function calendarEvent(
  order: PresentedOrder,
  window: { start: Date; end: Date },
  link: string | null,
): EventAttributes {
  const number = formatMsisdn(order.msisdn);
  const to = operatorName(order.toOperator);
  const description = [
    `Этой ночью номер ${number} переходит от ${order.fromOperator?.operatorName ?? 'прежнего оператора'} к ${to} (заявление № ${order.id}).`,
    'Что будет: с 00:00 до 06:00 по московскому времени связь может пропадать до 30 минут. Утром номер работает на новой SIM-карте.',
    'Вставьте новую SIM-карту (или включите eSIM) вечером накануне. Если утром звонки и интернет на новой SIM-карте не работают, перезагрузите телефон; если не помогло — позвоните в поддержку нового оператора и назовите номер заявления.',
    link ? `Следить за переносом: ${link}` : 'Следить за переносом можно в личном кабинете на сайте.',
  ].join('\n\n');
  const utc = (d: Date): [number, number, number, number, number] => [
    d.getUTCFullYear(),
    d.getUTCMonth() + 1,
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
  ];
  return {
    uid: `perenos-order-${order.id}@perenos`,
    productId: 'perenos/porting',
    title: `Перенос номера ${number} к ${to}`,
    description,
    start: utc(window.start),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: utc(window.end),
    endInputType: 'utc',
    endOutputType: 'utc',
    status: 'CONFIRMED',
    busyStatus: 'FREE',
    alarms: [
      { action: 'display', description: `Сегодня ночью перенос номера ${number}`, trigger: { hours: 6, before: true } },
    ],
    ...(link ? { url: link } : {}),
  };
}

/** What the application PDF says: every line of it, worded from the order. */
export function applicationContent(
  order: PresentedOrder,
  applicant: { fullName: string },
  window: { start: Date; end: Date } | null,
  filedAt: Date | null,
): ApplicationContent {
  const windowText = window
    ? `${formatDayInWords(moscowDay(window.start))}, 00:00–06:00 по московскому времени`
    : order.portationAt
      ? formatDayNumeric(order.portationAt)
      : 'не выбрана';
  return {
    title: `Заявление на перенос номера № ${order.id}`,
    subject: `Перенос номера ${formatMsisdn(order.msisdn)}`,
    filed: filedAt
      ? `Подано ${moscowTime.format(filedAt)} (МСК) на сайте «Перенос номера»`
      : 'Черновик: заявление ещё не отправлено',
    rows: [
      ['Заявитель', applicant.fullName],
      ['Номер', formatMsisdn(order.msisdn)],
      ['Регион номера', order.regionName ?? '—'],
      ['Прежний оператор', order.fromOperator?.operatorName ?? '—'],
      ['Новый оператор', operatorName(order.toOperator)],
      ['Тариф', order.tariffName ?? '—'],
      ['Дата и окно переноса', windowText],
      ['SIM-карта', simLine(order)],
      ...(order.temporaryMsisdn
        ? ([['Временный номер', `${formatMsisdn(order.temporaryMsisdn)} (до ночи переноса)`]] as [string, string][])
        : []),
      ['Плата за перенос', `${order.fee} ₽ — новому оператору`],
      ['Условия договора', order.contractVersion ? `редакция ${order.contractVersion}, приняты` : 'не приняты'],
      ['Статус', STATUS_NAMES[order.status]],
    ],
    next: [
      'Центральная база перенесённых номеров (БДПН) и прежний оператор проверяют заявление. Если у прежнего оператора есть задолженность, её нужно оплатить до указанной даты — иначе перенос не состоится.',
      'В ночь переноса связь может пропадать до 30 минут. Утром номер работает на новой SIM-карте.',
      'Если утром новая SIM-карта не работает, перезагрузите телефон, затем позвоните в поддержку нового оператора и назовите номер заявления.',
      'Заявление можно отозвать, пока БДПН не назначила окно переноса.',
    ],
  };
}
