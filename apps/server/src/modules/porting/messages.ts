import { formatMsisdn } from '@perenos/phone';
import { EVENT_NAMES } from '@perenos/porting-rules/states';
import { type NewNotification, SECRET_MASK } from '../notifications';
import type { UserProfile } from '../users';
import type { EventKind, NewEvent } from './events';

/** Events the subscriber hears about; the others show on the timeline only. */
const TOLD: ReadonlySet<EventKind> = new Set([
  'submitted',
  'accepted',
  'rejected',
  'donor-accepted',
  'donor-rejected',
  'scheduled',
  'ported',
  'cancelled',
  'expired',
  'failed',
  'sim-issued',
  'debt-notice',
  'debt-paid',
  'rescheduled',
  'held',
  'hold-confirmed',
  'hold-refused',
  'hold-lapsed',
]);

/** An event's name as the end of a subject: «Перенос номера …: заявление отправлено» (БДПН, SIM stay as written). */
function subjectOf(kind: EventKind): string {
  const name = EVENT_NAMES[kind];
  return /^\p{Lu}\p{Ll}/u.test(name) ? name.charAt(0).toLowerCase() + name.slice(1) : name;
}

/** The e-mail the subscriber hears at: the one on the order, else their ESIA e-mail. */
export function contactEmail(order: { email: string | null }, profile: UserProfile | null): string | null {
  return order.email ?? profile?.email ?? null;
}

/** Where the subscriber follows a porting, when the site knows its public address. */
export function portationLink(site: { siteOrigin: string | null }, msisdn: string, portationId: number): string | null {
  return site.siteOrigin ? `${site.siteOrigin}/account/${msisdn}/portation/${portationId}` : null;
}

export interface Recipients {
  userId: number | null;
  orderId: number;
  msisdn: string;
  email: string | null;
  /** Where the subscriber follows the porting, if the site knows its public address. */
  link: string | null;
}

/** The e-mail and SMS telling the subscriber about events of their porting. */
export function stageNotifications(to: Recipients, events: NewEvent[]): NewNotification[] {
  const out: NewNotification[] = [];
  const number = formatMsisdn(to.msisdn);
  for (const e of events.filter((x) => TOLD.has(x.kind))) {
    const subject = `Перенос номера ${number}: ${subjectOf(e.kind)}`;
    const follow = to.link
      ? `Следить за переносом: ${to.link}`
      : 'Следить за переносом можно в личном кабинете на сайте.';
    if (to.email) {
      out.push({
        userId: to.userId,
        orderId: to.orderId,
        channel: 'email',
        recipient: to.email,
        subject,
        body: `Здравствуйте!\n\nПо заявлению № ${to.orderId} на перенос номера ${number}: ${e.description}.\n\n${follow}\n\nЭто письмо отправлено автоматически, отвечать на него не нужно.`,
      });
    }
    out.push({
      userId: to.userId,
      orderId: to.orderId,
      channel: 'sms',
      recipient: to.msisdn,
      subject: '',
      body: `Перенос номера, заявление № ${to.orderId}: ${e.description}.`,
    });
  }
  return out;
}

/**
 * The SMS with a confirmation code: stored (and shown to support) with the code masked, the code itself
 * put in only on its way to the SMS gateway, until it expires (decision 122).
 */
export function codeNotification(
  to: { userId: number; orderId: number; msisdn: string },
  code: { value: string; expiresAt: Date },
): NewNotification {
  return {
    userId: to.userId,
    orderId: to.orderId,
    channel: 'sms',
    recipient: to.msisdn,
    subject: '',
    body: `Код подтверждения: ${SECRET_MASK}. Он нужен для переноса номера; никому его не сообщайте. Код действует 10 минут.`,
    secret: code,
  };
}
