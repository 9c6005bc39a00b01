import { DRAFT_EXPIRED_ADVICE, endingOf, PORT_AGAIN_AFTER, statusName } from '@perenos/porting-rules/states';

/**
 * What to do after a porting did not happen, from the timeline: who refused (the donor, the central
 * database), or that the application was withdrawn, expired or never reached the central database.
 * The refusal's own words (the donor's «задолженность по договору 1 840 ₽») name the cause; the advice
 * says the way on. Where the words name no known cause the advice is the kind's general one.
 */
export interface RefusalAdvice {
  /** What happened, as a heading. */
  title: string;
  /** The ending's own words from the timeline («Отказ донора: задолженность по договору 1 840 ₽»). */
  cause: string;
  /** What to do next. */
  text: string;
  /** A new application makes sense now (not after a withdrawal the person chose). */
  fileAgain: boolean;
  /** «Подать заново» is offered: not when the number's holder disowned the application (not the same day). */
  refile: boolean;
}

interface TimelineEvent {
  kind: string;
  description: string;
}

const DONOR: { cause: RegExp; text: string }[] = [
  {
    cause: /задолж|долг/i,
    text: 'Оплатите задолженность у нынешнего оператора — в его приложении, личном кабинете или салоне — и подайте заявление заново.',
  },
  {
    cause: /паспорт/i,
    text: 'Паспорт из Госуслуг не совпал с паспортом в договоре. Проверьте паспорт в профиле Госуслуг; если в договоре старые данные, обновите их в салоне нынешнего оператора, затем подайте заявление заново.',
  },
  {
    cause: /заблокир|блокир/i,
    text: 'Номер заблокирован. Узнайте у нынешнего оператора, как снять блокировку, и подайте заявление заново.',
  },
];

const CENTRAL: { cause: RegExp; text: string }[] = [
  {
    cause: /переносили|повторный перенос/i,
    text: `${PORT_AGAIN_AFTER.replace(/\.$/, '')}: подайте заявление с даты, указанной в отказе.`,
  },
  {
    cause: /другой перенос/i,
    text: 'По номеру уже идёт другой перенос. Дождитесь, когда он закончится, или отзовите то заявление, затем подайте новое.',
  },
  {
    cause: /другому региону|другой регион/i,
    text: 'Номер можно перенести только к оператору своего региона. Проверьте номер на странице «Проверить номер» и выберите тариф оператора этого региона.',
  },
  {
    cause: /другой оператор|не указанный/i,
    text: 'Номер уже обслуживает другой оператор. Проверьте номер на странице «Проверить номер» и подайте заявление заново.',
  },
];

/** The advice for an application that ended without a porting; null while it has not ended so. */
export function refusalAdvice(events: TimelineEvent[]): RefusalAdvice | null {
  const kind = endingOf(events);
  const ending = kind && events.findLast((e) => e.kind === kind);
  if (!ending) return null;
  const cause = ending.description;
  const said = (list: { cause: RegExp; text: string }[], fallback: string) =>
    list.find((c) => c.cause.test(ending.description))?.text ?? fallback;
  switch (ending.kind) {
    case 'hold-refused':
      return {
        title: 'Владелец номера отклонил заявление',
        cause,
        text: 'Подать заявление на этот номер на сайте снова можно завтра, с 00:00 по московскому времени. Если номер ваш, уточните у своего оператора, на кого он оформлен, или перенесите его в офисе нового оператора с паспортом.',
        fileAgain: false,
        refile: false,
      };
    case 'donor-rejected':
      return {
        title: statusName('Deleted', 'donor-rejected'),
        cause,
        text: said(
          DONOR,
          'Узнайте у нынешнего оператора, что мешает переносу, устраните причину и подайте заявление заново.',
        ),
        fileAgain: true,
        refile: true,
      };
    case 'rejected':
      return {
        title: 'Центральная база (БДПН) отказала в переносе',
        cause,
        text: said(
          CENTRAL,
          'Проверьте номер на странице «Проверить номер» и подайте заявление заново. Если отказ повторится, напишите нам через «Контакты».',
        ),
        fileAgain: true,
        refile: true,
      };
    case 'failed':
      return {
        title: 'Заявление не дошло до БДПН',
        cause,
        text: 'Центральная база не отвечала, и заявление отменено. Ничего исправлять не нужно — подайте его ещё раз.',
        fileAgain: true,
        refile: true,
      };
    case 'expired':
      return {
        title: 'Черновик не был отправлен',
        cause,
        text: DRAFT_EXPIRED_ADVICE,
        fileAgain: true,
        refile: true,
      };
    default:
      return {
        title: 'Заявление отозвано',
        cause,
        text: 'Номер остаётся у нынешнего оператора. Передумаете — подайте новое заявление.',
        fileAgain: false,
        refile: true,
      };
  }
}
