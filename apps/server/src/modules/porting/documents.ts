import { formatMsisdn } from '@perenos/phone';
import { formatMomentInWords, formatWindow } from '@perenos/porting-rules';
import type { EventAttributes } from 'ics';
import { addDays, formatDayInWords, formatDayNumeric, moscowDay, moscowMidnight } from '../../lib/moscow';
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

/**
 * The porting window: the one the central database scheduled (its real start and end, minutes apart at a
 * demo's time scale), else the night of the chosen day.
 */
export function portingWindow(order: PresentedOrder, windowStart: Date | null): { start: Date; end: Date } | null {
  if (order.window) return { start: new Date(order.window.start), end: new Date(order.window.end) };
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

/** The calendar's event of the porting window (RFC 5545): what to expect and what to do. */
export function calendarEvent(
  order: PresentedOrder,
  window: { start: Date; end: Date },
  link: string | null,
): EventAttributes {
  const number = formatMsisdn(order.msisdn);
  const to = operatorName(order.toOperator);
  const description = [
    `Номер ${number} переходит от ${order.fromOperator?.operatorName ?? 'прежнего оператора'} к ${to} (заявление № ${order.id}): ${formatWindow(window.start, window.end)}.`,
    'Что будет: в окно переноса связь может пропадать до 30 минут. После него номер работает на новой SIM-карте.',
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
    // At a demo's time scale the window lasts seconds: a calendar needs a minute at least.
    end: utc(new Date(Math.max(window.end.getTime(), window.start.getTime() + 60_000))),
    endInputType: 'utc',
    endOutputType: 'utc',
    status: 'CONFIRMED',
    busyStatus: 'FREE',
    alarms: [
      // The window in words, not «tonight»: true at a demo's scale too, where the window is minutes away.
      {
        action: 'display',
        description: `Перенос номера ${number}: ${formatWindow(window.start, window.end)}`,
        trigger: { hours: 6, before: true },
      },
    ],
    ...(link ? { url: link } : {}),
  };
}

/**
 * The SIM's own event (RFC 5545, a whole day): collecting it at the office — its address as LOCATION, its
 * hours — or the courier's visit; none for an eSIM. The day the SIM was issued once it was, else the day
 * before the porting night (today, if that has passed: at a demo's scale the window is minutes away).
 */
export function simEvent(
  order: PresentedOrder,
  window: { start: Date; end: Date },
  now: Date,
  link: string | null,
): EventAttributes | null {
  const sim = order.sim;
  if (!sim || sim.kind === 'esim') return null;
  const windowDay = moscowDay(window.start);
  const planned = [addDays(windowDay, -1), moscowDay(now)].sort().at(-1) ?? windowDay;
  const day = order.simIssuedAt ? moscowDay(new Date(order.simIssuedAt)) : planned < windowDay ? planned : windowDay;
  const date = (d: string): [number, number, number] => d.split('-').map(Number) as [number, number, number];
  const to = operatorName(order.toOperator);
  const until = `Заберите её до окна переноса: ${formatWindow(window.start, window.end)}.`;
  const follow = link ? `Заявление № ${order.id}: ${link}` : `Заявление № ${order.id} — в личном кабинете на сайте.`;
  const base = {
    uid: `perenos-order-${order.id}-sim@perenos`,
    productId: 'perenos/porting',
    start: date(day),
    end: date(addDays(day, 1)),
    status: 'CONFIRMED' as const,
    busyStatus: 'FREE' as const,
    ...(link ? { url: link } : {}),
  };
  if (sim.kind === 'office') {
    const office = sim.office;
    const ready = order.simIssuedAt
      ? `SIM-карта ${to} готова с ${formatMomentInWords(order.simIssuedAt)} (МСК).`
      : `SIM-карта ${to} будет готова после проверки заявления: придёт SMS.`;
    return {
      ...base,
      title: `Забрать SIM-карту ${to}${office ? `: ${office.name}` : ''}`,
      ...(office ? { location: office.address } : {}),
      description: [
        ready,
        office ? `Офис: ${office.name}, ${office.address}. Часы работы: ${office.hours}.` : 'Офис — в личном кабинете.',
        `Возьмите паспорт. ${until}`,
        follow,
      ].join('\n\n'),
    };
  }
  return {
    ...base,
    title: `Курьер привезёт SIM-карту ${to}`,
    ...(sim.address ? { location: sim.address } : {}),
    description: [
      order.simIssuedAt
        ? `Курьер доставил SIM-карту ${to}: ${formatMomentInWords(order.simIssuedAt)} (МСК).`
        : `Курьер привезёт SIM-карту ${to}${sim.address ? ` по адресу: ${sim.address}` : ''} и позвонит заранее. Приготовьте паспорт.`,
      order.simIssuedAt
        ? 'Вставьте SIM-карту в телефон до окна переноса.'
        : until.replace('Заберите её', 'SIM-карта будет у вас'),
      follow,
    ].join('\n\n'),
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
        // «Окно», not «ночь»: at a demo's time scale the window is the real minute it happens (decision 140).
        `${order.portationAt || order.window ? `Окно переноса: ${windowText}.` : 'Окно переноса ещё не выбрано.'} В это время связь может пропадать до 30 минут; затем номер будет работать на новой SIM-карте.`,
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
    ? formatWindow(window.start, window.end)
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
