import { formatMsisdn } from '@perenos/phone';
import { formatMoscowDateTime } from '../../lib/moscow';
import type { AlertRow } from './repository';
import type { AlertKind, HoldState } from './tables';

/** What every alert tells the person to do. */
export const ADVICE = 'Это были не вы? Позвоните своему оператору и запретите перенос номера без вашего присутствия.';

/** The facts an alert's words are made from. */
export interface AlertView {
  kind: AlertKind;
  msisdn: string;
  toOperatorName: string | null;
  hold: HoldState | null;
  holdUntil: Date | null;
  answeredAt: Date | null;
}

const TITLES: Record<AlertKind, string> = {
  started: 'Начато заявление на перенос номера',
  code: 'Запрошен код для переноса номера',
  held: 'Подано заявление на перенос номера',
  ported: 'Номер перенесён к другому оператору',
  registry: 'Номер перенесён к другому оператору по данным БДПН',
};

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
      return `Заявление ждёт вашего ответа: в центральную базу перенесённых номеров (БДПН) оно уйдёт, только если вы подтвердите его, или ${when(a.holdUntil)}, если вы не ответите. Если заявление подали не вы, нажмите «Это не я» — оно будет отклонено.`;
    case 'confirmed':
      return `Вы подтвердили заявление ${when(a.answeredAt)}: оно передано в БДПН.`;
    case 'refused':
      return `Вы ответили «Это не я» ${when(a.answeredAt)}: заявление отклонено, по нему номер перенесён не будет.`;
    case 'lapsed':
      return 'Вы не ответили за 24 часа: заявление передано в БДПН.';
    case 'withdrawn':
      return 'Заявление отозвано или отклонено до вашего ответа: по нему номер перенесён не будет.';
    default:
      return '';
  }
}

/** What happened, in a sentence or two. */
export function alertText(a: AlertView): string {
  const number = formatMsisdn(a.msisdn);
  switch (a.kind) {
    case 'started':
      return `На этом сайте начали заявление на перенос номера ${number} к другому оператору.`;
    case 'code':
      return `Для заявления на перенос номера ${number} запросили код подтверждения по SMS. Никому не сообщайте этот код.`;
    case 'held':
      return `На этом сайте подано заявление на перенос номера ${number} к другому оператору. ${holdText(a)}`;
    case 'ported':
      return `Номер ${number} перенесён к оператору ${a.toOperatorName ?? '—'} по заявлению, поданному на этом сайте.`;
    case 'registry':
      return `По данным центральной базы перенесённых номеров (БДПН) номер ${number} теперь обслуживает ${a.toOperatorName ?? 'другой оператор'}.`;
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
        : `${alertTitle(a)}: ${number}.${a.kind === 'held' ? ' Подтвердите или отклоните его в личном кабинете на сайте.' : ''}`;
  return `${what} ${ADVICE}`;
}

/** An alert as the account lists it. */
export function presentAlert(row: { alert: AlertRow; toOperatorName: string | null }) {
  const a = row.alert;
  const view: AlertView = {
    kind: a.kind,
    msisdn: a.msisdn,
    toOperatorName: row.toOperatorName,
    hold: a.hold,
    holdUntil: a.holdUntil,
    answeredAt: a.answeredAt,
  };
  return {
    id: a.id,
    msisdn: a.msisdn,
    kind: a.kind,
    occurredAt: a.occurredAt.toISOString(),
    title: alertTitle(view),
    text: alertText(view),
    advice: ADVICE,
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
    lapsed: 'Срок ответа — 24 часа — истёк: заявление передано в БДПН.',
    withdrawn: 'Заявление уже отозвано или отклонено: отвечать не нужно.',
  }[state];
}
