import { formatMsisdn } from '@perenos/phone';
import { HOLD_HOURS } from '@perenos/porting-rules';
import { hoursText } from '@perenos/porting-rules/states';
import { formatDayInWords, formatMoscowDateTime } from '../../lib/moscow';
import type { AlertRow } from './repository';
import type { AlertKind, HoldState } from './tables';

/** Alerts a watcher gets about one number a Moscow day before the rest are summarised (service.ts). */
export const ALERTS_A_DAY = 5;

/** What an alert tells the person to do while nobody knows whether it was them. */
export const ADVICE = 'Это были не вы? Позвоните своему оператору и запретите перенос номера без вашего присутствия.';

/** What the alert of an application they refused tells them: it was not them, so guard the number. */
export const ADVICE_REFUSED =
  'Раз заявление подали не вы, позвоните своему оператору и попросите запретить перенос номера без вашего присутствия.';

/** The facts an alert's words are made from. */
export interface AlertView {
  kind: AlertKind;
  msisdn: string;
  toOperatorName: string | null;
  /** The porting night asked for (`YYYY-MM-DD`, Moscow): the number moves between 00:00 and 06:00 of that day. */
  night: string | null;
  hold: HoldState | null;
  holdUntil: Date | null;
  answeredAt: Date | null;
  /** A summary: the events counted on it. */
  repeats: number;
  /** The application it is about, if any (a code may be asked for the number watch, with none). */
  orderId?: number | null;
}

const TITLES: Record<AlertKind, string> = {
  started: 'Начато заявление на перенос номера',
  code: 'Запрошен код для переноса номера',
  held: 'Подано заявление на перенос номера',
  ported: 'Номер перенесён к другому оператору',
  registry: 'Номер перенесён к другому оператору по данным БДПН',
  summary: 'Много попыток перенести номер за день',
};

/**
 * Whom a watcher who cannot stop an application is to contact: the site's support sees the dispute on its
 * desk; only the operator can forbid porting the number without its holder in person.
 */
export const DISPUTE_CONTACTS =
  'Если номер ваш, напишите в поддержку сайта (страница «Обратная связь»), назвав номер заявления из этого оповещения, и позвоните своему оператору: попросите запретить перенос номера без вашего присутствия. Только оператор может остановить перенос, если заявление подано не вами.';

/** The summary's words: the day's cap is reached, the rest are counted. */
export function summaryText(msisdn: string, repeats?: number): string {
  return `За день о номере ${formatMsisdn(msisdn)} пришло уже ${ALERTS_A_DAY} оповещений. Чтобы не засыпать вас письмами и SMS, о следующих событиях того же дня (до 00:00 по московскому времени) мы сообщаем не по одному, а считаем их здесь${repeats !== undefined ? ` — их ${repeats}` : ''}. Заявления, которые ждут вашего ответа, по-прежнему приходят сразу.`;
}

/** The alert's heading. */
export function alertTitle(a: Pick<AlertView, 'kind'>): string {
  return TITLES[a.kind];
}

/** «05.12.2026, 14:30 (МСК)». */
function when(at: Date | null): string {
  return at ? `${formatMoscowDateTime(at)} (МСК)` : '';
}

/** Where a held application stands, in words. */
function holdText(a: AlertView): string {
  switch (a.hold) {
    case 'pending':
      return `Заявление ждёт вашего ответа до ${when(a.holdUntil)}. Если его подали вы, нажмите «Да, это я»: оно сразу уйдёт в центральную базу перенесённых номеров (БДПН). Если не вы, нажмите «Это не я»: заявление будет отклонено окончательно. Если вы не ответите до ${when(a.holdUntil)}, заявление уйдёт в БДПН без вашего ответа и номер будет перенесён.`;
    case 'confirmed':
      return `Вы подтвердили заявление ${when(a.answeredAt)}: оно передано в БДПН.`;
    case 'refused':
      return `Вы ответили «Это не я» ${when(a.answeredAt)}: заявление отклонено, по нему номер перенесён не будет.`;
    case 'lapsed':
      return `Вы не ответили за ${hoursText(HOLD_HOURS)}: заявление передано в БДПН.`;
    case 'withdrawn':
      return 'Заявление отозвано или отклонено до вашего ответа: по нему номер перенесён не будет.';
    case 'outranked':
      return `Заявитель подтвердил номер через Госуслуги, а вы — только кодом из SMS, поэтому задержать или отклонить это заявление вы не можете. Если заявление подали не вы, нажмите «Это не я» — спор увидит служба поддержки. ${DISPUTE_CONTACTS}`;
    case 'disputed':
      return `Вы ответили «Это не я» ${when(a.answeredAt)}. Заявитель подтвердил номер надёжнее, чем вы (через Госуслуги, или ваше подтверждение истекло), поэтому заявление не отклонено: спор передан в службу поддержки сайта. ${DISPUTE_CONTACTS}`;
    default:
      return '';
  }
}

/** «к оператору МегаФон, перенос в ночь на 7 декабря 2026 (00:00–06:00 МСК)», as much as is known. */
function whereTo(a: Pick<AlertView, 'toOperatorName' | 'night'>): string {
  const to = a.toOperatorName ? `к оператору ${a.toOperatorName}` : 'к другому оператору';
  return a.night ? `${to}, перенос в ночь на ${formatDayInWords(a.night)} (00:00–06:00 МСК)` : to;
}

/**
 * What to do if it was not the person, while that is still a question: none once they answered (they
 * said it was them; or their dispute's text already says whom to contact), and the plain next step once
 * they said it was not them.
 */
export function alertAdvice(a: Pick<AlertView, 'hold'>): string | null {
  switch (a.hold) {
    case 'confirmed':
    case 'disputed':
      return null;
    case 'refused':
      return ADVICE_REFUSED;
    default:
      return ADVICE;
  }
}

/** What happened, in a sentence or two. */
export function alertText(a: AlertView): string {
  const number = formatMsisdn(a.msisdn);
  switch (a.kind) {
    case 'started':
      return `На этом сайте начали заявление на перенос номера ${number} к другому оператору.`;
    case 'code':
      return a.orderId === null
        ? `На этом сайте запросили код подтверждения по SMS, чтобы подтвердить номер ${number} для оповещений о попытках его перенести. Никому не сообщайте этот код.`
        : `Для заявления на перенос номера ${number} запросили код подтверждения по SMS. Никому не сообщайте этот код.`;
    case 'held':
      return `На этом сайте подано заявление на перенос номера ${number} ${whereTo(a)}. ${holdText(a)}`;
    case 'ported':
      return `Номер ${number} перенесён к оператору ${a.toOperatorName ?? '—'} по заявлению, поданному на этом сайте.`;
    case 'registry':
      return `По данным центральной базы перенесённых номеров (БДПН) номер ${number} теперь обслуживает ${a.toOperatorName ?? 'другой оператор'}.`;
    case 'summary':
      return summaryText(a.msisdn, a.repeats);
  }
}

/** The SMS to the watched number: what happened, in short, and what to do. */
export function alertSms(a: AlertView): string {
  const number = formatMsisdn(a.msisdn);
  const what =
    a.kind === 'ported'
      ? `Номер ${number} перенесён к оператору ${a.toOperatorName ?? '—'} по заявлению на сайте.`
      : a.kind === 'registry'
        ? `По данным БДПН номер ${number} теперь обслуживает ${a.toOperatorName ?? 'другой оператор'}.`
        : a.kind === 'held'
          ? `${alertTitle(a)}: ${number} ${whereTo(a)}.${a.hold === 'pending' ? ` Подтвердите или отклоните его в личном кабинете на сайте до ${when(a.holdUntil)}; без ответа оно уйдёт в БДПН.` : a.hold === 'outranked' ? ' Заявитель подтвердил номер через Госуслуги; если это не вы, обратитесь в поддержку сайта.' : ''}`
          : `${alertTitle(a)}: ${number}.`;
  return `${what} ${ADVICE}`;
}

/** An alert as the account lists it. */
export function presentAlert(row: { alert: AlertRow; toOperatorName: string | null }) {
  const a = row.alert;
  const view: AlertView = {
    kind: a.kind,
    msisdn: a.msisdn,
    toOperatorName: row.toOperatorName,
    night: a.night,
    hold: a.hold,
    holdUntil: a.holdUntil,
    answeredAt: a.answeredAt,
    repeats: a.repeats,
    orderId: a.orderId,
  };
  return {
    id: a.id,
    msisdn: a.msisdn,
    kind: a.kind,
    occurredAt: a.occurredAt.toISOString(),
    title: alertTitle(view),
    text: alertText(view),
    advice: alertAdvice(view),
    hold:
      a.hold && a.holdUntil
        ? { state: a.hold, until: a.holdUntil.toISOString(), answeredAt: a.answeredAt?.toISOString() ?? null }
        : null,
  };
}

/** Why an answer to a held application is refused: it no longer waits for one. */
export function holdClosedText(state: Exclude<HoldState, 'pending'>): string {
  return {
    confirmed: 'Вы уже подтвердили это заявление: оно передано в БДПН.',
    refused: 'Вы уже ответили «Это не я»: заявление отклонено.',
    lapsed: `Срок ответа — ${hoursText(HOLD_HOURS)} — истёк: заявление передано в БДПН.`,
    withdrawn: 'Заявление уже отозвано или отклонено: отвечать не нужно.',
    outranked: `Подтверждать это заявление не нужно: его подал человек, подтвердивший номер через Госуслуги. ${DISPUTE_CONTACTS}`,
    disputed: `Вы уже ответили «Это не я»: спор передан в службу поддержки сайта. ${DISPUTE_CONTACTS}`,
  }[state];
}
