import { formatMsisdn } from '@perenos/phone';
import type { Database } from '../../db/client';
import { moscowDay } from '../../lib/moscow';
import type { NewNotification } from '../notifications';
import { ADVICE, ALERTS_A_DAY, alertAdvice, alertSms, alertText, presentAlert, summaryText } from './presenter';
import * as repo from './repository';
import type { AlertKind, HoldState, Proof } from './tables';

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
  kind: Exclude<AlertKind, 'summary'>;
  msisdn: string;
  /** Who did it: a watcher hears nothing of their own steps. Null when nobody is known (step 1 without sign-in, the registry). */
  actorUserId: number | null;
  orderId: number | null;
  at: Date;
  /** A held application: until when it waits for the watcher's answer. */
  holdUntil?: Date | undefined;
  /** A held application: how its applicant showed the number is theirs (ESIA outranks an SMS code). */
  applicantProof?: Proof | undefined;
  /** The operator the number moved, or is to move, to. */
  toOperatorId?: number | null | undefined;
  /** A held application: the porting night it asks for (`YYYY-MM-DD`, Moscow). */
  night?: string | null | undefined;
}

/**
 * Alerts a watcher gets about one number a Moscow day; the events after them are counted on one summary
 * alert (sent once) instead. A held application's alert is always written and sent, as it asks for an
 * answer; it counts towards the five, and there are few (new applications are capped per number).
 */
export { ALERTS_A_DAY };

/** The strength of a proof of a number: who may hold or end whose application. */
const RANK: Record<Proof, number> = { sms: 1, esia: 2 };

/**
 * Writes an alert for every watcher of the number (with a proof that holds now) except the actor, with
 * their e-mail and SMS, in the caller's transaction. A held application is held only by the watchers
 * whose proof is at least as strong as its applicant's; the others read that they cannot stop it and
 * whom to contact. A porting by someone else ends the SMS proofs of the number's watchers. Answers the
 * watchers who hold the application (none unless it is a held one) and every watcher alerted (their pages
 * have something new: decision 149).
 */
export async function raiseAlerts(
  deps: WatchDeps,
  tx: Database,
  a: Attempt,
): Promise<{ holders: number[]; alerted: number[] }> {
  const watchers = (await repo.watchersOf(tx, a.msisdn, a.at)).filter((w) => w.userId !== a.actorUserId);
  const holders: number[] = [];
  if (watchers.length > 0) {
    const toOperatorName = a.toOperatorId != null ? await repo.operatorName(tx, a.toOperatorId) : null;
    const day = moscowDay(a.at);
    const rows: Parameters<typeof repo.insertAlerts>[1] = [];
    const messages: NewNotification[] = [];
    for (const w of watchers) {
      const email = w.profile?.emailVerified ? w.profile.email : null;
      const count = await repo.countAlert(tx, w.watchId, day);
      let hold: { hold: HoldState; holdUntil: Date } | Record<string, never> = {};
      if (a.kind === 'held' && a.holdUntil) {
        const mayHold = w.proof !== null && RANK[w.proof] >= RANK[a.applicantProof ?? 'sms'];
        if (mayHold) holders.push(w.userId);
        hold = { hold: mayHold ? 'pending' : 'outranked', holdUntil: a.holdUntil };
      } else if (count > ALERTS_A_DAY) {
        // Past the day's cap: the first extra event makes the summary, the next are counted on it.
        if (!(await repo.countOnSummary(tx, w.userId, a.msisdn, day))) {
          rows.push({
            userId: w.userId,
            msisdn: a.msisdn,
            kind: 'summary',
            orderId: null,
            occurredAt: a.at,
            notified: true,
            repeats: 1,
          });
          messages.push(...summaryMessages(deps, a.msisdn, w.userId, email));
        }
        continue;
      }
      rows.push({
        userId: w.userId,
        msisdn: a.msisdn,
        kind: a.kind,
        orderId: a.orderId,
        toOperatorId: a.toOperatorId ?? null,
        night: a.night ?? null,
        occurredAt: a.at,
        ...hold,
        notified: true,
      });
      const view = { ...a, toOperatorName, hold: 'hold' in hold ? hold.hold : null };
      messages.push(...alertMessages(deps, view, w.userId, email));
    }
    await repo.insertAlerts(tx, rows);
    await deps.notify(tx, messages);
  }
  if (a.kind === 'ported' || a.kind === 'registry') await repo.endSmsProofs(tx, a.msisdn, a.actorUserId, a.at);
  return { holders, alerted: watchers.map((w) => w.userId) };
}

/** The summary's e-mail and SMS: sent once, when the day's cap of alerts about the number is reached. */
function summaryMessages(deps: WatchDeps, msisdn: string, userId: number, email: string | null): NewNotification[] {
  const number = formatMsisdn(msisdn);
  const link = deps.siteOrigin ? `${deps.siteOrigin}/account/alerts` : 'раздел «Оповещения» личного кабинета';
  const out: NewNotification[] = [];
  if (email) {
    out.push({
      userId,
      orderId: null,
      channel: 'email',
      recipient: email,
      subject: `Много попыток перенести номер ${number}`,
      body: [
        'Здравствуйте!',
        summaryText(msisdn),
        ADVICE,
        `Все оповещения и их число — в личном кабинете: ${link}.`,
        'Вы получили это письмо, потому что включили в личном кабинете «Сообщать о попытках перенести номер». Отвечать на него не нужно.',
      ].join('\n\n'),
    });
  }
  out.push({
    userId,
    orderId: null,
    channel: 'sms',
    recipient: msisdn,
    subject: '',
    body: `Сегодня больше ${ALERTS_A_DAY} попыток перенести номер ${number}: остальные считаем в личном кабинете на сайте. ${ADVICE}`,
  });
  return out;
}

/** The e-mail (when the watcher has a verified one) and the SMS to the watched number. */
function alertMessages(
  deps: WatchDeps,
  a: Attempt & { toOperatorName: string | null; hold: HoldState | null },
  userId: number,
  email: string | null,
): NewNotification[] {
  const view = {
    kind: a.kind,
    msisdn: a.msisdn,
    toOperatorName: a.toOperatorName,
    night: a.night ?? null,
    hold: a.hold,
    holdUntil: a.holdUntil ?? null,
    answeredAt: null,
    repeats: 0,
    orderId: a.orderId,
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
        alertAdvice(view),
        a.hold === 'pending'
          ? `Подтвердите или отклоните заявление в личном кабинете: ${link ?? 'раздел «Оповещения»'}.`
          : `Все оповещения — в личном кабинете${link ? `: ${link}` : ', раздел «Оповещения»'}.`,
        'Вы получили это письмо, потому что включили в личном кабинете «Сообщать о попытках перенести номер». Отвечать на него не нужно.',
      ]
        .filter((line) => line !== null)
        .join('\n\n'),
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
    watchedAmong: repo.watchedAmong,
    settle: settleHolds,
    dispute: repo.disputeHolds,
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

export { refreshProofs, setWatch, watchProof } from './repository';

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
