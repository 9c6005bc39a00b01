import { createRequire } from 'node:module';
import { formatMsisdn } from '@perenos/phone';
import { createEvent, type EventAttributes } from 'ics';
import PDFDocument from 'pdfkit';
import { formatDay, formatDayLong, moscowDay, moscowMidnight } from '../../lib/moscow';
import { STATUS_NAMES } from './events';
import type { PresentedOrder } from './presenter';

/**
 * What a subscriber keeps of an application: the porting night for their calendar, and the
 * application itself as a PDF to print or keep. Both are made from the order's answer, so they say
 * exactly what the account page says.
 */

const WINDOW_HOURS = 6;
const require = createRequire(import.meta.url);
/** DejaVu Sans (free licence) carries Cyrillic; pdfkit embeds only the glyphs a document uses. */
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

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

/** A calendar file (RFC 5545) with one event: the porting window, what to expect and what to do. */
export function calendarFile(order: PresentedOrder, window: { start: Date; end: Date }, link: string | null): string {
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
  const event: EventAttributes = {
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
  const { error, value } = createEvent(event);
  if (error || !value) throw error ?? new Error('calendar event not made');
  return value;
}

/** The application as a printable PDF in Russian, with an embedded Cyrillic font. */
export function applicationPdf(
  order: PresentedOrder,
  applicant: { fullName: string },
  window: { start: Date; end: Date } | null,
  filedAt: Date | null,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 56, bottom: 56, left: 64, right: 64 },
    info: {
      Title: `Заявление на перенос номера № ${order.id}`,
      Author: 'Перенос номера',
      Subject: `Перенос номера ${formatMsisdn(order.msisdn)}`,
    },
    lang: 'ru-RU',
  });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('bold').fontSize(18).text(`Заявление на перенос номера № ${order.id}`);
  doc.moveDown(0.3);
  doc
    .font('body')
    .fontSize(10)
    .fillColor('#4a524e')
    .text(
      filedAt
        ? `Подано ${moscowTime.format(filedAt)} (МСК) на сайте «Перенос номера»`
        : 'Черновик: заявление ещё не отправлено',
    );
  doc.fillColor('#000').moveDown(1);

  const windowText = window
    ? `${formatDayLong(moscowDay(window.start))}, 00:00–06:00 по московскому времени`
    : order.portationAt
      ? formatDay(order.portationAt)
      : 'не выбрана';
  const rows: [string, string][] = [
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
  ];
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('bold').fontSize(11).text(label, { width: 150 });
    const labelBottom = doc.y;
    doc
      .font('body')
      .fontSize(11)
      .text(value, 64 + 160, y, { width: 467 - 160 });
    doc.x = 64;
    doc.y = Math.max(labelBottom, doc.y) + 6;
  }
  doc.moveDown(1);
  doc.font('bold').fontSize(12).text('Что будет дальше');
  doc.moveDown(0.3);
  doc
    .font('body')
    .fontSize(10.5)
    .list(
      [
        'Центральная база перенесённых номеров (БДПН) и прежний оператор проверяют заявление. Если у прежнего оператора есть задолженность, её нужно оплатить до указанной даты — иначе перенос не состоится.',
        'В ночь переноса связь может пропадать до 30 минут. Утром номер работает на новой SIM-карте.',
        'Если утром новая SIM-карта не работает, перезагрузите телефон, затем позвоните в поддержку нового оператора и назовите номер заявления.',
        'Заявление можно отозвать, пока БДПН не назначила окно переноса.',
      ],
      { bulletRadius: 2, paragraphGap: 4 },
    );
  doc.end();
  return done;
}
