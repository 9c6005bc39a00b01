import { SMS_PROOF_DAYS } from '@perenos/porting-rules';
import type { Database } from '../../db/client';
import { moscowDay } from '../../lib/moscow';
import { validationProblem } from '../../lib/problem';
import type { LookupAnswer } from '../lookup';
import { presentOperator } from '../operators';
import {
  answerHold,
  confirmNumberCode,
  findPortation,
  type HoldAnswer,
  listOrders,
  listPortations,
  type OrderSort,
  type PortationSort,
  type PortingDeps,
  sendNumberCode,
} from '../porting';
import * as watch from '../watch';
import * as repo from './repository';

/**
 * Marks the verified ESIA mobiles as the user's numbers (at sign-in), and brings the proof of each of
 * the user's watches up to date: a number given to someone else must not let its old holder answer for
 * the new one's applications, so a watch without a proof any more is switched off.
 */
export async function syncEsiaNumbers(db: Database, userId: number, msisdns: string[], now: Date): Promise<void> {
  await repo.syncEsiaNumbers(db, userId, msisdns);
  await refreshWatchProofs(db, userId, now);
}

/** Writes on the user's watches the proof they have of each number now (a watch lapses with its proof). */
async function refreshWatchProofs(db: Database, userId: number, now: Date): Promise<repo.UserNumber[]> {
  const numbers = await repo.userNumbersOf(db, userId, now);
  await watch.refreshProofs(db, userId, numbers, now);
  return numbers;
}

/** The lookup index's answer for a number: the account says what /check says. */
export type NumberLookup = (msisdn: string) => Promise<LookupAnswer | undefined>;

/** Facts about each of the user's numbers: operator, region and last porting from the lookup index. */
async function describeNumbers(lookup: NumberLookup, numbers: repo.UserNumber[]) {
  const answers = await Promise.all(numbers.map((n) => lookup(n.msisdn)));
  return numbers.map(({ msisdn, isEsia }, i) => {
    const a = answers[i];
    return {
      msisdn,
      isEsiaMsisdn: isEsia,
      lastPortation: a?.lastPortation ?? null,
      operatorId: a?.operatorId ?? null,
      operatorLogo: a?.operatorLogo ?? null,
      operatorName: a?.operatorName ?? null,
      regionCode: a?.regionCode ?? null,
      regionName: a?.regionName ?? null,
    };
  });
}

/** The account overview: the user's name and numbers. */
export async function accountInfo(db: Database, lookup: NumberLookup, userId: number, userName: string, now: Date) {
  // Only the list of numbers is read here, not their proof: any moment will do.
  return { userName, msisdns: await describeNumbers(lookup, await repo.userNumbersOf(db, userId, now)) };
}

/** One number's facts, or null when it is not the user's (the caller answers 404 either way). */
export async function msisdnInfo(db: Database, lookup: NumberLookup, userId: number, msisdn: string, now: Date) {
  const number = (await repo.userNumbersOf(db, userId, now)).find((n) => n.msisdn === msisdn);
  if (!number) return null;
  const [info] = await describeNumbers(lookup, [number]);
  return info ?? null;
}

type Paging<S> = { skip: number; take: number; sortBy: S; sortDesc: boolean };

/** A page of the number's orders. */
export async function accountOrders(db: Database, userId: number, msisdn: string, paging: Paging<OrderSort>) {
  const { rows, totalRows } = await listOrders(db, { userId, msisdn, ...paging });
  return {
    data: rows.map((r) => ({
      id: r.id,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      lastUpdate: r.lastUpdateAt.toISOString(),
      portationDate: r.portationDate,
      ending: r.status === 'Deleted' ? r.ending : null,
      tariffName: r.tariffName,
      fromOperator: presentOperator(r.fromOperator),
      toOperator: presentOperator(r.toOperator),
    })),
    offset: paging.skip,
    pageSize: paging.take,
    totalRows,
  };
}

type PortationRow = Awaited<ReturnType<typeof listPortations>>['rows'][number];

function presentPortation(r: PortationRow) {
  return {
    id: r.id,
    orderId: r.orderId,
    status: r.status,
    startedAt: r.startedAt.toISOString(),
    portationAt: r.portationAt?.toISOString() ?? null,
    // The night the central database set (the order's day until it did), as the order and the registry
    // say; a porting made elsewhere has its registry day.
    portationDate: r.portationAt ? moscowDay(r.portationAt) : r.orderDate,
    ending: r.status === 'Deleted' ? r.ending : null,
    lastUpdatedAt: r.lastUpdatedAt.toISOString(),
    fromOperator: presentOperator(r.fromOperator),
    toOperator: presentOperator(r.toOperator),
  };
}

/** A page of the number's portations. */
export async function accountPortations(db: Database, userId: number, msisdn: string, paging: Paging<PortationSort>) {
  const { rows, totalRows } = await listPortations(db, { userId, msisdn, ...paging });
  return { data: rows.map(presentPortation), offset: paging.skip, pageSize: paging.take, totalRows };
}

/** One portation with its timeline, or null when it is not on the user's number. */
export async function portationInfo(db: Database, userId: number, msisdn: string, portationId: number) {
  const row = await findPortation(db, userId, msisdn, portationId);
  if (!row) return null;
  return {
    ...presentPortation(row),
    msisdn,
    events: row.events.map((e) => ({
      occurredAt: e.occurredAt.toISOString(),
      status: e.status,
      kind: e.kind,
      description: e.description,
    })),
  };
}

/**
 * The number watch's switch of each of the user's numbers, and whether it may be switched on: a watch
 * whose proof has lapsed (an SMS code over 30 days old, a porting by someone else) shows off.
 */
export async function watchSwitches(db: Database, userId: number, now: Date) {
  const numbers = await refreshWatchProofs(db, userId, now);
  const switches = await watch.watchList(
    db,
    userId,
    numbers.map((n) => n.msisdn),
  );
  return switches.map((s, i) => ({
    msisdn: s.msisdn,
    enabled: s.enabled && (numbers[i]?.confirmed ?? false),
    confirmed: numbers[i]?.confirmed ?? false,
  }));
}

/**
 * Switches the watch of one of the user's numbers; null when it is not the user's (404). Only a number
 * the user can show now is theirs may be watched: its watcher can hold another person's application.
 */
export async function switchWatch(db: Database, userId: number, msisdn: string, enabled: boolean, now: Date) {
  const numbers = await repo.userNumbersOf(db, userId, now);
  const number = numbers.find((n) => n.msisdn === msisdn);
  if (!number) return null;
  if (enabled && !number.proof) {
    throw validationProblem({
      enabled: [
        `Сообщать о попытках перенести можно только номер, подтверждённый в Госуслугах или кодом из SMS при подаче заявления на перенос за последние ${SMS_PROOF_DAYS} дней.`,
      ],
    });
  }
  await watch.setWatch(db, userId, msisdn, enabled, now, { proof: number.proof, proofUntil: number.proofUntil });
  return { msisdn, enabled, confirmed: number.confirmed };
}

/**
 * «Получить код» for one of the user's numbers that no proof covers now: null when it is not the user's
 * (404); 400 when it needs none.
 */
export async function sendWatchCode(deps: PortingDeps, userId: number, msisdn: string) {
  const number = (await repo.userNumbersOf(deps.db, userId, deps.now())).find((n) => n.msisdn === msisdn);
  if (!number) return null;
  if (number.proof === 'esia') {
    throw validationProblem({ code: ['Номер подтверждён в Госуслугах: код не нужен.'] });
  }
  return sendNumberCode(deps, userId, msisdn);
}

/**
 * The code of `sendWatchCode` typed: the number is the user's for SMS_PROOF_DAYS, and its watch is
 * switched on (what the person asked the code for). Null when the number is not the user's (404).
 */
export async function confirmWatchCode(deps: PortingDeps, userId: number, msisdn: string, code: string) {
  const numbers = await repo.userNumbersOf(deps.db, userId, deps.now());
  if (!numbers.some((n) => n.msisdn === msisdn)) return null;
  if (!/^\d{6}$/.test(code.trim())) throw validationProblem({ code: ['Введите 6 цифр кода из SMS.'] });
  const wrong = await confirmNumberCode(deps, userId, msisdn, code);
  if (wrong) throw validationProblem({ code: [wrong] });
  return switchWatch(deps.db, userId, msisdn, true, deps.now());
}

/** A page of the user's alerts, newest first. */
export function accountAlerts(db: Database, userId: number, paging: { skip: number; take: number }) {
  return watch.alertsPage(db, userId, paging.skip, paging.take);
}

/**
 * The watcher's answer to a held application, from their alert: null when the alert is not theirs
 * (404). An alert that no longer waits (answered, lapsed, withdrawn) refuses a different answer and
 * repeats the same one; of two answers at once, the order's row lock lets one win. «Это не я» from a
 * watcher whose watch rests on a weaker proof than the applicant's (or has lapsed) ends nothing: it is
 * recorded as a dispute for support, and the alert says whom to contact.
 */
export async function answerAlert(deps: PortingDeps, userId: number, alertId: number, answer: HoldAnswer) {
  const alert = await watch.findAlert(deps.db, userId, alertId);
  if (!alert) return null;
  const { orderId, hold } = alert.alert;
  if (orderId === null || hold === null) {
    throw validationProblem({ alert: ['Это оповещение не ждёт ответа: подтверждать или отклонять в нём нечего.'] });
  }
  if (hold === 'pending' || (hold === 'outranked' && answer === 'refuse')) {
    // The proof the watch rests on, as when it was alerted: a lapsed watch refuses nothing.
    const proof = await watch.watchProof(deps.db, userId, alert.alert.msisdn, deps.now());
    await answerHold(deps, orderId, answer, { userId, proof });
  }
  const after = await watch.alertOf(deps.db, userId, alertId);
  if (!after) return null;
  const state = after.hold?.state ?? 'withdrawn';
  const wanted = answer === 'confirm' ? ['confirmed'] : ['refused', 'disputed'];
  if (!wanted.includes(state)) {
    throw validationProblem({ alert: [watch.holdClosedText(state === 'pending' ? 'withdrawn' : state)] });
  }
  return after;
}
