import { formatMsisdn } from '@perenos/phone';
import type { Database } from '../../db/client';
import { moscowDay } from '../../lib/moscow';
import type { NewNotification } from '../notifications';
import { ADVICE, alertSms, alertText, presentAlert } from './presenter';
import * as repo from './repository';
import type { AlertKind, HoldState } from './tables';

/**
 * The number watch: a person switches it on for a number they showed is theirs, and hears at once, by
 * e-mail and SMS and in the account, when someone else starts, pursues or completes its porting on this
 * site or the ported-number registry shows it moved. This module knows nothing of porting or the
 * registry: they call it (porting through PortingDeps.watch, the registry import through its hook).
 */

/** What the watch needs from the rest of the site. */
export interface WatchDeps {
  /** Queues e-mail and SMS in the caller's transaction (notifications module). */
  notify: (tx: Database, messages: NewNotification[]) => Promise<void>;
  /** The site's public address, for the link in messages; null when unknown. */
  siteOrigin: string | null;
}

/** Something that happened to a number, which its watchers hear of. */
export interface Attempt {
  kind: AlertKind;
  msisdn: string;
  /** Who did it: a watcher hears nothing of their own steps. Null when nobody is known (step 1 without sign-in, the registry). */
  actorUserId: number | null;
  orderId: number | null;
  at: Date;
  /** A held application: until when it waits for the watcher's answer. */
  holdUntil?: Date | undefined;
  /** The operator the number moved to. */
  toOperatorId?: number | null | undefined;
}

/** Alerts by e-mail and SMS a watched number may cause a Moscow day; more are listed in the account only. */
export const ALERT_SENDS_A_DAY = 10;

/**
 * Writes an alert for every watcher of the number except the actor, with their e-mail and SMS, in the
 * caller's transaction. A held application's alert is always sent (it asks for an answer); the others
 * count against the day's cap. Answers the users told.
 */
export async function raiseAlerts(deps: WatchDeps, tx: Database, a: Attempt): Promise<number[]> {
  const watchers = (await repo.watchersOf(tx, a.msisdn)).filter((w) => w.userId !== a.actorUserId);
  if (watchers.length === 0) return [];
  const toOperatorName = a.toOperatorId != null ? await repo.operatorName(tx, a.toOperatorId) : null;
  const day = moscowDay(a.at);
  const hold = a.kind === 'held' && a.holdUntil ? { hold: 'pending' as const, holdUntil: a.holdUntil } : {};
  const rows: Parameters<typeof repo.insertAlerts>[1] = [];
  const messages: NewNotification[] = [];
  for (const w of watchers) {
    const send = a.kind === 'held' || (await repo.countAlertSend(tx, w.watchId, day, ALERT_SENDS_A_DAY));
    rows.push({
      userId: w.userId,
      msisdn: a.msisdn,
      kind: a.kind,
      orderId: a.orderId,
      toOperatorId: a.toOperatorId ?? null,
      occurredAt: a.at,
      ...hold,
      notified: send,
    });
    if (send) {
      const email = w.profile?.emailVerified ? w.profile.email : null;
      messages.push(...alertMessages(deps, { ...a, toOperatorName }, w.userId, email));
    }
  }
  await repo.insertAlerts(tx, rows);
  await deps.notify(tx, messages);
  return watchers.map((w) => w.userId);
}

/** The e-mail (when the watcher has a verified one) and the SMS to the watched number. */
function alertMessages(
  deps: WatchDeps,
  a: Attempt & { toOperatorName: string | null },
  userId: number,
  email: string | null,
): NewNotification[] {
  const view = {
    kind: a.kind,
    msisdn: a.msisdn,
    toOperatorName: a.toOperatorName,
    hold: a.kind === 'held' ? ('pending' as const) : null,
    holdUntil: a.holdUntil ?? null,
    answeredAt: null,
  };
  const number = formatMsisdn(a.msisdn);
  const link = deps.siteOrigin ? `${deps.siteOrigin}/account/alerts` : null;
  const moved = a.kind === 'ported' || a.kind === 'registry';
  const out: NewNotification[] = [];
  if (email) {
    out.push({
      userId,
      orderId: null,
      channel: 'email',
      recipient: email,
      subject: moved ? `Номер ${number} перенесён к другому оператору` : `Попытка перенести номер ${number}`,
      body: [
        'Здравствуйте!',
        alertText(view),
        ADVICE,
        a.kind === 'held'
          ? `Подтвердите или отклоните заявление в личном кабинете: ${link ?? 'раздел «Оповещения»'}.`
          : `Все оповещения — в личном кабинете${link ? `: ${link}` : ', раздел «Оповещения»'}.`,
        'Вы получили это письмо, потому что включили в личном кабинете «Сообщать о попытках перенести номер». Отвечать на него не нужно.',
      ].join('\n\n'),
    });
  }
  out.push({
    userId,
    orderId: null,
    channel: 'sms',
    recipient: a.msisdn,
    subject: '',
    body: alertSms(view),
  });
  return out;
}

/** Records how the hold of an order ended on its alerts, in the caller's transaction. */
export function settleHolds(tx: Database, orderId: number, outcome: HoldState, at: Date): Promise<void> {
  return repo.settleHolds(tx, orderId, outcome, at);
}

/** The hook porting calls (PortingDeps.watch). */
export function numberWatch(deps: WatchDeps) {
  return {
    alert: (tx: Database, a: Attempt) => raiseAlerts(deps, tx, a),
    settle: settleHolds,
  };
}

/**
 * The hook of a ported-number registry import: which numbers are watched, and the alerts of those it
 * moved, in the import's transaction. Nobody on this site did it, so every watcher hears.
 */
export function registryWatch(deps: WatchDeps) {
  return {
    watched: (tx: Database) => repo.watchedNumbers(tx),
    moved: async (tx: Database, moves: { msisdn: string; operatorId: number | null }[], at: Date) => {
      for (const m of moves) {
        await raiseAlerts(deps, tx, {
          kind: 'registry',
          msisdn: m.msisdn,
          actorUserId: null,
          orderId: null,
          at,
          toOperatorId: m.operatorId,
        });
      }
    },
  };
}

/** The user's switches for their numbers, in the order given. */
export async function watchList(db: Database, userId: number, msisdns: string[]) {
  const switches = await repo.watchesOf(db, userId, msisdns);
  return msisdns.map((msisdn) => ({ msisdn, enabled: switches.get(msisdn) ?? false }));
}

export { disableWatches, setWatch } from './repository';

/** A page of the user's alerts, newest first, as the account lists them. */
export async function alertsPage(db: Database, userId: number, skip: number, take: number) {
  const { rows, totalRows } = await repo.listAlerts(db, userId, skip, take);
  return { data: rows.map(presentAlert), offset: skip, pageSize: take, totalRows };
}

/** One of the user's alerts as stored; undefined when it is not theirs. */
export function findAlert(db: Database, userId: number, id: number) {
  return repo.findAlert(db, userId, id);
}

/** One of the user's alerts as the account shows it; undefined when it is not theirs. */
export async function alertOf(db: Database, userId: number, id: number) {
  const row = await repo.findAlert(db, userId, id);
  return row ? presentAlert(row) : undefined;
}
export { holdClosedText } from './presenter';
