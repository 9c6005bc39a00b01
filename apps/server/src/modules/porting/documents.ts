import { formatMsisdn } from '@perenos/phone';
import type { EventAttributes } from 'ics';
import { formatDayInWords, formatDayNumeric, moscowDay, moscowMidnight } from '../../lib/moscow';
import type { ContractTerms } from './contract-terms';
import type { ApplicationContent } from './document-drawing';
import { rubText, STATUS_NAMES } from './events';
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

/** «от 1 ноября 2026» for a dated edition of the terms; the edition as it is otherwise. */
export function editionText(version: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(version) ? `от ${formatDayInWords(version)}` : version;
}

/** «1 840 ₽ до 29 ноября 2026, 07:57 (МСК): +7 (927) 555-12-34 — 1 240 ₽, …», or that it was paid. */
function debtLine(debt: NonNullable<PresentedOrder['debt']>): string {
  const parts = debt.numbers
    .map((n) => `${formatMsisdn(n.msisdn)} — ${rubText(n.amount)}${n.paidAt ? ' (оплачено)' : ''}`)
    .join(', ');
  const what = `${rubText(debt.amount)}${parts ? ` (${parts})` : ''}`;
  return debt.paidAt
    ? `${what}: оплачена ${moscowTime.format(new Date(debt.paidAt))} (МСК)`
    : `${what}: оплатить до ${moscowTime.format(new Date(debt.payBy))} (МСК)`;
}

/** What happens next, or what happened, in the tense of the order's state. */
function nextSteps(order: PresentedOrder, windowText: string): string[] {
  const to = operatorName(order.toOperator);
  switch (order.status) {
    case 'Initialized':
      return [
        'Это черновик: заявление ещё не отправлено. Чтобы перенести номер, подтвердите номер и отправьте заявление в личном кабинете на сайте.',
        'Неотправленный черновик удаляется через 7 дней.',
      ];
    case 'Done':
      return [
        `Номер перенесён: с ночи ${windowText} его обслуживает ${to}.`,
        'Если новая SIM-карта не работает, перезагрузите телефон, затем позвоните в поддержку нового оператора и назовите номер заявления.',
      ];
    case 'Deleted':
      return [
        `Перенос не состоялся${order.reason ? `: ${order.reason.replace(/\.$/, '')}` : ''}. Номер остаётся у прежнего оператора.`,
      ];
    default: {
      const debt = order.debt;
      return [
        debt && !debt.paidAt
          ? `Прежний оператор сообщил о задолженности ${rubText(debt.amount)}. Оплатите её до ${moscowTime.format(new Date(debt.payBy))} (МСК) — иначе перенос не состоится.`
          : 'Центральная база перенесённых номеров (БДПН) и прежний оператор проверяют заявление.',
        `Перенос назначен на ночь ${windowText}: связь может пропадать до 30 минут. Утром номер будет работать на новой SIM-карте.`,
        order.canWithdraw
          ? 'Заявление можно отозвать в личном кабинете, пока БДПН не назначила окно переноса.'
          : 'БДПН назначила окно переноса: отозвать заявление на сайте уже нельзя.',
      ];
    }
  }
}

/** The recipient's contract terms as a section of the application: the document the person signs carries them. */
export function termsSection(terms: ContractTerms): NonNullable<ApplicationContent['sections']>[number] {
  return { title: `${terms.title} (редакция ${editionText(terms.version)})`, points: terms.points };
}

/** What the application PDF says: every line of it, worded from the order, with the recipient's terms when known. */
export function applicationContent(
  order: PresentedOrder,
  applicant: { fullName: string },
  window: { start: Date; end: Date } | null,
  filedAt: Date | null,
  terms: ContractTerms | null = null,
): ApplicationContent {
  const windowText = window
    ? `${formatDayInWords(moscowDay(window.start))}, 00:00–06:00 по московскому времени`
    : order.portationAt
      ? formatDayNumeric(order.portationAt)
      : 'не выбрана';
  const accepted = order.contractAcceptedAt ? ` ${moscowTime.format(new Date(order.contractAcceptedAt))} (МСК)` : '';
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
      [order.status === 'Done' ? 'Номер перенесён' : 'Дата и окно переноса', windowText],
      ['SIM-карта', simLine(order)],
      ...(order.temporaryMsisdn && order.status === 'PendingBDPN'
        ? ([['Временный номер', `${formatMsisdn(order.temporaryMsisdn)} (до ночи переноса)`]] as [string, string][])
        : []),
      ['Плата за перенос', `${order.fee} ₽ — новому оператору`],
      [
        'Условия договора',
        order.contractVersion
          ? `редакция ${editionText(order.contractVersion)}, приняты заявителем${accepted}`
          : 'ещё не приняты',
      ],
      ...(order.debt ? ([['Задолженность прежнему оператору', debtLine(order.debt)]] as [string, string][]) : []),
      ['Статус', STATUS_NAMES[order.status]],
    ],
    next: nextSteps(order, windowText),
    ...(terms ? { sections: [termsSection(terms)] } : {}),
  };
}
