import { randomInt } from 'node:crypto';
import { INVALID_MSISDN_MESSAGE, normaliseMsisdn } from '@perenos/phone';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../lib/jobs';
import { addDays, formatDay, isCalendarDay, moscowDay, moscowMidnight } from '../../lib/moscow';
import {
  type HttpProblem,
  notFound,
  rateLimited,
  unauthorized,
  unavailable,
  validationProblem,
} from '../../lib/problem';
import { keyedHash, seal, unseal } from '../../lib/seal';
import { type LookupAnswer, quotaExhausted } from '../lookup';
import type { NewNotification } from '../notifications';
import { tariffForRegion } from '../tariffs';
import type { UserProfile } from '../users';
import {
  CONSENT_TEXT,
  CONSENT_VERSION,
  CONTRACT_VERSION,
  type ContractTerms,
  contractTerms,
  PORTING_FEE_RUB,
} from './contract-terms';
import { EVENT_TEXT, type NewEvent } from './events';
import type { PortingGateway } from './gateway';
import { codeNotification, contactEmail, portationLink, stageNotifications } from './messages';
import { type Personal, presentOrder } from './presenter';
import * as repo from './repository';
import { HOLD_HOURS, nextPortingAllowed, portationWindow, recentlyPortedMessage } from './rules';
import type { OrderStatus, SimKind } from './tables';

export const ADVANCE_QUEUE = 'porting.advance';
export const FAILED_QUEUE = 'porting.failed';
export const EXPIRE_QUEUE = 'porting.expire-drafts';
/** Withdraws an application at the central database that the site no longer pursues (retried). */
export const WITHDRAW_QUEUE = 'porting.withdraw';
export const WITHDRAW_FAILED_QUEUE = 'porting.withdraw-failed';
/** Files a held application whose watcher did not answer in time (hold.ts). */
export const HOLD_QUEUE = 'porting.hold-lapse';

export const PORTING_QUEUES = [
  { name: FAILED_QUEUE },
  { name: EXPIRE_QUEUE },
  { name: WITHDRAW_FAILED_QUEUE },
  // One lapse job per held portation; retried like the engine's steps.
  { name: HOLD_QUEUE, policy: 'stately', retryLimit: 10, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 },
  {
    name: WITHDRAW_QUEUE,
    // One withdrawal per portation at a time; a central database that does not answer is asked again
    // for about a day (backoff from 10 s), then the failure is written on the timeline.
    policy: 'stately',
    retryLimit: 14,
    retryDelay: 10,
    retryBackoff: true,
    deadLetter: WITHDRAW_FAILED_QUEUE,
    expireInSeconds: 120,
  },
  {
    name: ADVANCE_QUEUE,
    // One waiting and one running job per portation (the singleton key), never two at once.
    policy: 'stately',
    retryLimit: 10,
    retryDelay: 5,
    retryBackoff: true,
    deadLetter: FAILED_QUEUE,
    expireInSeconds: 120,
  },
] as const;

/** What changed, for the live pages of the user (and the tests). */
export interface PortationChange {
  userId: number | null;
  orderId: number;
  portationId: number | null;
  msisdn: string;
  status: OrderStatus;
}

/** What happened to a number that the people watching it hear of (the watch module). */
export interface WatchAttempt {
  kind: 'started' | 'code' | 'held' | 'ported';
  msisdn: string;
  /** Who did it: a watcher hears nothing of their own steps; null when unknown (step 1 without sign-in). */
  actorUserId: number | null;
  orderId: number | null;
  at: Date;
  /** A held application: until when it waits for the watcher's answer. */
  holdUntil?: Date;
  /** A held application: how its applicant showed the number is theirs (ESIA outranks an SMS code). */
  applicantProof?: NumberProof;
  /** The operator the number moved to. */
  toOperatorId?: number | null;
}

/** How a person showed a number is theirs, weakest first. */
export type NumberProof = 'sms' | 'esia';

/** How a hold ended, as its watchers see it. */
export type HoldOutcome = 'confirmed' | 'refused' | 'lapsed' | 'withdrawn';

/**
 * The number watch, as porting needs it (wired in plugin.ts): alerts to the number's watchers other
 * than the actor, written in the caller's transaction with their e-mail and SMS; the users told come
 * back (someone else watches the number when there are any). `settle` records how a hold ended.
 */
export interface NumberWatch {
  alert(tx: Database, attempt: WatchAttempt): Promise<number[]>;
  settle(tx: Database, orderId: number, outcome: HoldOutcome, at: Date): Promise<void>;
  /** Records on the watcher's alerts of the order that they disputed it without the proof to end it. */
  dispute(tx: Database, orderId: number, userId: number, at: Date): Promise<void>;
}

/** Nobody watches: for the demo's history, which nobody is told about. */
export const NO_WATCH: NumberWatch = { alert: async () => [], settle: async () => {}, dispute: async () => {} };

/** Everything the porting rules need from the rest of the site. */
export interface PortingDeps {
  db: Database;
  /** The number's operator, region and last porting: the lookup index, as /check answers. */
  lookup: (msisdn: string) => Promise<LookupAnswer | undefined>;
  jobs: JobQueue;
  notify: (tx: Database, messages: NewNotification[]) => Promise<void>;
  publish: (change: PortationChange) => void;
  /** The central database; null when none is configured (submitting then answers 503). */
  gateway: PortingGateway | null;
  keys: { seal: Buffer; code: Buffer };
  /** The site's public address, for links in messages; null when unknown. */
  siteOrigin: string | null;
  now: () => Date;
  /** Whether SMS can be sent (confirmation codes need it). */
  smsEnabled: boolean;
  watch: NumberWatch;
  /**
   * Госключ (porting/signature): while `required`, a signed application replaces the consent tick, and
   * `problem` says why a submit of the order as it stands may not go on (no valid signature of it).
   */
  signing?: { required(): boolean; problem(db: Database, order: repo.OrderRow): Promise<string | null> };
}

/** Who asks: a signed-in user, and the browser (the owner cookie), either may be missing. */
export interface Owner {
  userId: number | null;
  browserId: string | null;
}

type OrderView = NonNullable<Awaited<ReturnType<typeof repo.findOrder>>>;

const CODE_TTL_MS = 10 * 60_000;
const CODE_ATTEMPTS = 5;
const CODE_RESEND_MS = 60_000;
/** Codes a day to one number, whoever asks and for whichever order. */
export const CODE_SENDS_A_DAY_PER_NUMBER = 5;
/** Codes a day one citizen may ask for, to all numbers together. */
export const CODE_SENDS_A_DAY_PER_CITIZEN = 10;
/**
 * New applications a Moscow day, however opened (step 1, «Подать заново», the account): per person (an
 * anonymous browser counts as one) and per number, whoever opens them. Each one alerts the number's
 * watchers, so the number's cap also bounds how often a stranger can make its owner's phone ring.
 */
export const NEW_ORDERS_A_DAY_PER_PERSON = 10;
export const NEW_ORDERS_A_DAY_PER_NUMBER = 5;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** The owner may see an order: their own, or an anonymous one this browser made. */
export function owns(order: { userId: number | null; browserId: string | null }, owner: Owner): boolean {
  if (order.userId !== null) return owner.userId !== null && order.userId === owner.userId;
  return order.browserId !== null && owner.browserId !== null && order.browserId === owner.browserId;
}

/** The order if the asker owns it; anybody else learns nothing («not found»). */
export async function ownedOrder(deps: PortingDeps, owner: Owner, id: number): Promise<OrderView> {
  const view = await repo.findOrder(deps.db, id);
  if (!view || !owns(view.order, owner)) throw notFound();
  return view;
}

function profileOf(applicant: Awaited<ReturnType<typeof repo.findApplicant>>): UserProfile | null {
  return applicant?.profile ?? null;
}

/** The number counts as the user's own: a verified ESIA mobile, or confirmed by an SMS code. */
function isConfirmed(order: repo.OrderRow, profile: UserProfile | null): boolean {
  return order.msisdnConfirmedAt !== null || (profile?.mobiles.includes(order.msisdn) ?? false);
}

/** How an applicant shows the number of their application is theirs: their ESIA profile lists it, or an SMS code. */
export function applicantProof(msisdn: string, profile: UserProfile | null): NumberProof {
  return profile?.mobiles.includes(msisdn) ? 'esia' : 'sms';
}

async function answer(deps: PortingDeps, owner: Owner, id: number, withPersonal = false) {
  const view = await repo.findOrder(deps.db, id);
  if (!view) throw notFound();
  const applicant = owner.userId !== null ? await repo.findApplicant(deps.db, owner.userId) : undefined;
  return presentFor(deps, owner, view, applicant, withPersonal);
}

/** The order's answer from its rows already read, and the signed-in applicant's. */
export async function presentFor(
  deps: PortingDeps,
  owner: Owner,
  view: OrderView,
  applicant: Awaited<ReturnType<typeof repo.findApplicant>>,
  withPersonal = false,
) {
  const profile = profileOf(applicant);
  let personal: Personal | null | undefined;
  if (withPersonal) {
    personal = applicant
      ? {
          fullName: applicant.name,
          birthDate: profile?.birthDate ?? null,
          passport: profile?.passportMasked ?? null,
        }
      : null;
  }
  const sealed = view.order.simAddressSealed;
  return presentOrder(view, await repo.orderEvents(deps.db, view.order.id), {
    isMsisdnConfirmed: owner.userId !== null && isConfirmed(view.order, profile),
    now: deps.now(),
    courierAddress: sealed ? unseal(deps.keys.seal, sealed) : null,
    ...(personal !== undefined ? { personal } : {}),
  });
}

/** The SIM choice of steps 2–3 as the subscriber sends it. */
export interface SimChoice {
  kind: SimKind;
  officeId?: string | undefined;
  address?: string | undefined;
}

/**
 * Checks a SIM choice against the order's recipient and region: an office must be one of the recipient's
 * in the number's region, a courier needs a whole address. Answers the columns to store, or the field's
 * message.
 */
async function simColumns(
  deps: PortingDeps,
  sim: SimChoice,
  recipient: { operatorId: number | null; regionCode: number | null },
): Promise<{ columns: Pick<repo.OrderRow, 'simKind' | 'simOfficeId' | 'simAddressSealed'> } | { problem: string }> {
  if (sim.kind === 'esim') return { columns: { simKind: 'esim', simOfficeId: null, simAddressSealed: null } };
  if (sim.kind === 'office') {
    if (!sim.officeId) return { problem: 'Выберите офис, где заберёте SIM-карту.' };
    const offices =
      recipient.operatorId !== null && recipient.regionCode !== null
        ? await repo.officesOf(deps.db, recipient.operatorId, recipient.regionCode)
        : [];
    if (!offices.some((o) => o.id === sim.officeId)) {
      return { problem: 'Такого офиса нового оператора нет в регионе номера: выберите офис из списка.' };
    }
    return { columns: { simKind: 'office', simOfficeId: sim.officeId, simAddressSealed: null } };
  }
  const address = (sim.address ?? '').replace(/\s+/g, ' ').trim();
  if (address.length < 10 || !/\p{L}{2,}/u.test(address) || !/\d/.test(address)) {
    return {
      problem:
        'Укажите адрес доставки целиком: город, улицу, дом и квартиру, например «г. Самара, ул. Ленина, д. 5, кв. 12».',
    };
  }
  return { columns: { simKind: 'courier', simOfficeId: null, simAddressSealed: seal(deps.keys.seal, address) } };
}

function refusal(
  message: string,
  extensions: { refusal: string; availableFrom?: string; orderId?: number },
): HttpProblem {
  return validationProblem({ msisdn: [message] }, extensions);
}

/** The operator must be another than the donor and work in the number's region. */
async function checkOperator(
  deps: PortingDeps,
  operatorId: number,
  order: { fromOperatorId: number | null; regionCode: number | null },
  regionName: string | null,
): Promise<string | null> {
  const [operator] = await repo.operatorsByIds(deps.db, [operatorId]);
  if (!operator) return 'Такого оператора нет.';
  if (operatorId === order.fromOperatorId) return `Номер уже обслуживает ${operator.name}: выберите другого оператора.`;
  if (order.regionCode === null || !(await repo.operatorServesRegion(deps.db, operatorId, order.regionCode))) {
    return `${operator.name} не работает в регионе номера${regionName ? ` (${regionName})` : ''}.`;
  }
  return null;
}

/** What a lookup's quota answers when a call spends one. */
export type QuotaSpend = () => Promise<{ allowed: boolean; refreshAt: Date }>;

/** For the site's own orders (the demo seed, tests of the rules): no visitor's quota is spent. */
export const UNMETERED: QuotaSpend = async () => ({ allowed: true, refreshAt: new Date(0) });

/**
 * Step 1: a mobile number of the plan, not ported in the last 60 days, with no open order, becomes an
 * order. It names the number's operator and region as a lookup does, so it spends the asker's lookup
 * quota (a malformed or non-mobile number costs nothing). Parallel calls of one owner for one number
 * make one draft: the database's unique index decides, and the others are pointed to it.
 */
export async function initOrder(
  deps: PortingDeps,
  owner: Owner,
  body: { msisdn: string; operatorId?: number },
  spendQuota: QuotaSpend,
) {
  const now = deps.now();
  const msisdn = normaliseMsisdn(body.msisdn);
  if (!msisdn) throw validationProblem({ msisdn: [INVALID_MSISDN_MESSAGE] });
  if (!msisdn.startsWith('79')) {
    throw refusal(
      'Это не мобильный номер: перенести к другому оператору можно только мобильный (+7 9XX …). Городские номера сайт не переносит и не проверяет.',
      { refusal: 'not-mobile' },
    );
  }
  const quota = await spendQuota();
  if (!quota.allowed) throw quotaExhausted(quota.refreshAt, now);
  const facts = await deps.lookup(msisdn);
  if (!facts) {
    throw refusal('Номера нет в плане нумерации мобильной связи: проверьте, правильно ли он набран.', {
      refusal: 'not-in-plan',
    });
  }
  const allowed = nextPortingAllowed(facts.lastPortation, now);
  if (allowed && facts.lastPortation) {
    throw refusal(recentlyPortedMessage(facts.lastPortation, allowed), {
      refusal: 'recently-ported',
      availableFrom: allowed,
    });
  }
  const open = await repo.openOrders(deps.db, msisdn);
  // A submitted application is named only to the one who filed it, or to the number's verified owner:
  // a stranger learns nothing of it here (their submit would be refused later, once they prove the number).
  const submitted = open.find((o) => o.status === 'PendingBDPN');
  if (submitted) {
    const mine = owns(submitted, owner);
    const verifiedOwner =
      !mine &&
      owner.userId !== null &&
      (profileOf(await repo.findApplicant(deps.db, owner.userId))?.mobiles.includes(msisdn) ?? false);
    if (mine || verifiedOwner) {
      throw refusal(
        mine
          ? `По этому номеру уже подано ваше заявление № ${submitted.id}: перенос идёт.`
          : 'По вашему номеру уже подано заявление на перенос в другом браузере или другим человеком. Если это были не вы, позвоните своему оператору.',
        { refusal: 'open-order', ...(mine ? { orderId: submitted.id } : {}) },
      );
    }
  }
  const draft = open.find((o) => o.status === 'Initialized' && owns(o, owner));
  if (draft) throw draftExists(draft.id);
  const regionCode = facts.regionCode;
  if (body.operatorId !== undefined) {
    const problem = await checkOperator(
      deps,
      body.operatorId,
      { fromOperatorId: facts.operatorId, regionCode },
      facts.regionName,
    );
    if (problem) throw validationProblem({ operatorId: [problem] });
  }
  const order = await deps.db
    .transaction(async (tx) => {
      const row = await repo.insertOrder(tx, {
        userId: owner.userId,
        browserId: owner.browserId,
        msisdn,
        status: 'Initialized',
        fromOperatorId: facts.operatorId,
        toOperatorId: body.operatorId ?? null,
        regionCode,
        createdAt: now,
        lastUpdateAt: now,
      });
      await countNewOrder(tx, owner, msisdn, now);
      await repo.insertEvents(tx, { orderId: row.id, portationId: null }, [
        { kind: 'created', status: 'Initialized', description: EVENT_TEXT.created(), occurredAt: now },
      ]);
      await deps.watch.alert(tx, { kind: 'started', msisdn, actorUserId: owner.userId, orderId: row.id, at: now });
      return row;
    })
    .catch(async (err: unknown) => {
      if (!isUniqueViolation(err)) throw err;
      // The same owner's other call made the draft a moment ago.
      const made = (await repo.openOrders(deps.db, msisdn)).find((o) => o.status === 'Initialized' && owns(o, owner));
      throw made ? draftExists(made.id) : err;
    });
  return answer(deps, owner, order.id);
}

/**
 * Counts a new application against the day's caps of its number and of its maker, in the transaction
 * that inserts it: each cap is one atomic upsert (the row stays locked to the end of the transaction, the
 * number's first, then the person's, in every transaction), so parallel calls on any node are counted in
 * turn and a refused one counts nothing (its transaction is undone).
 */
async function countNewOrder(tx: Database, owner: Owner, msisdn: string, now: Date): Promise<void> {
  const today = moscowDay(now);
  const number = await repo.countCodeSend(tx, `new-order:msisdn:${msisdn}`, today, NEW_ORDERS_A_DAY_PER_NUMBER, now, 0);
  if (number === null) {
    throw tooManyOrders(
      `На этот номер сегодня уже начато ${NEW_ORDERS_A_DAY_PER_NUMBER} заявлений на перенос — больше за день нельзя. Новое можно начать завтра, с 00:00 по московскому времени.`,
      now,
    );
  }
  const who = owner.userId !== null ? `user:${owner.userId}` : `browser:${owner.browserId ?? ''}`;
  const person = await repo.countCodeSend(tx, `new-order:${who}`, today, NEW_ORDERS_A_DAY_PER_PERSON, now, 0);
  if (person === null) {
    throw tooManyOrders(
      `Сегодня вы уже начали ${NEW_ORDERS_A_DAY_PER_PERSON} заявлений на перенос — больше за день нельзя. Новое можно начать завтра, с 00:00 по московскому времени.`,
      now,
    );
  }
}

/** 429 of a spent day's cap of new applications: the message in `detail` and beside the number, `Retry-After` to midnight. */
function tooManyOrders(message: string, now: Date): HttpProblem {
  const seconds = Math.max(1, Math.ceil((moscowMidnight(addDays(moscowDay(now), 1)).getTime() - now.getTime()) / 1000));
  return rateLimited(message, { msisdn: [message] }, { 'Retry-After': String(seconds) });
}

function draftExists(orderId: number): HttpProblem {
  return refusal(`У вас уже есть незаконченное заявление № ${orderId} на этот номер: продолжите его.`, {
    refusal: 'draft-exists',
    orderId,
  });
}

/** The order, to its owner only; with `withPersonal` the signed-in applicant's data from ESIA. */
export async function getOrder(deps: PortingDeps, owner: Owner, id: number, withPersonal: boolean) {
  await ownedOrder(deps, owner, id);
  if (withPersonal && owner.userId === null) throw unauthorized('Некорректный JWT токен');
  return answer(deps, owner, id, withPersonal);
}

function notEditable(status: OrderStatus): HttpProblem {
  const message =
    status === 'Deleted'
      ? 'Заявление удалено: изменить или отправить его нельзя. Подайте новое.'
      : 'Заявление уже отправлено: изменить его нельзя.';
  return validationProblem({ status: [message] });
}

/**
 * Steps 2–3: the recipient operator, its tariff, the porting date and the e-mail. A signed-in user
 * editing this browser's anonymous order takes it over.
 */
export async function updateOrder(
  deps: PortingDeps,
  owner: Owner & { userId: number },
  id: number,
  body: {
    operatorId: number;
    tariffId: number;
    portationAt: string;
    email?: string | null | undefined;
    sim?: SimChoice | undefined;
  },
) {
  const now = deps.now();
  const view = await ownedOrder(deps, owner, id);
  const order = view.order;
  if (order.status !== 'Initialized') throw notEditable(order.status);
  const errors: Record<string, string[]> = {};
  const sim = body.sim
    ? await simColumns(deps, body.sim, { operatorId: body.operatorId, regionCode: order.regionCode })
    : null;
  if (sim && 'problem' in sim) errors.sim = [sim.problem];
  // Another recipient has other offices: an office chosen for the previous one is forgotten.
  const keepSim = !sim && order.toOperatorId === body.operatorId;
  const operatorProblem = await checkOperator(deps, body.operatorId, order, view.regionName);
  if (operatorProblem) errors.operatorId = [operatorProblem];
  const tariff = await tariffForRegion(deps.db, body.tariffId, order.regionCode ?? 0);
  if (!tariff) errors.tariffId = ['Такого тарифа нет.'];
  else if (tariff.operatorId !== body.operatorId) errors.tariffId = ['Это тариф другого оператора.'];
  else if (tariff.isArchived || !tariff.soldHere) {
    errors.tariffId = [
      `Тариф «${tariff.name}» не продаётся в регионе номера${view.regionName ? ` (${view.regionName})` : ''}.`,
    ];
  }
  const window = portationWindow(now);
  if (!isCalendarDay(body.portationAt)) {
    errors.portationAt = ['Укажите дату в виде ГГГГ-ММ-ДД, например 2026-12-02.'];
  } else if (body.portationAt < window.earliest || body.portationAt > window.latest) {
    errors.portationAt = [
      `Дату переноса можно выбрать с ${formatDay(window.earliest)} по ${formatDay(window.latest)}: не раньше чем через 8 дней и не позже чем через 6 месяцев.`,
    ];
  }
  const email = body.email?.trim() || null;
  if (email !== null && !EMAIL_RE.test(email)) {
    errors.email = ['Введите адрес электронной почты целиком, например ivan@example.ru.'];
  }
  if (Object.keys(errors).length > 0) throw validationProblem(errors);
  await deps.db
    .transaction(async (tx) => {
      const locked = await repo.lockOrder(tx, id);
      if (locked?.status !== 'Initialized') throw notEditable(locked?.status ?? 'Deleted');
      await repo.updateOrder(
        tx,
        id,
        {
          userId: owner.userId,
          toOperatorId: body.operatorId,
          tariffId: body.tariffId,
          tariffName: tariff?.name ?? null,
          portationDate: body.portationAt,
          email,
          ...(sim && 'columns' in sim
            ? sim.columns
            : keepSim
              ? {}
              : { simKind: null, simOfficeId: null, simAddressSealed: null }),
        },
        now,
      );
    })
    .catch(async (err: unknown) => {
      if (!isUniqueViolation(err)) throw err;
      // Taking over this browser's draft, the user already has one of their own for the number.
      const own = (await repo.openOrders(deps.db, order.msisdn)).find(
        (o) => o.status === 'Initialized' && o.userId === owner.userId,
      );
      throw own ? draftExists(own.id) : err;
    });
  return answer(deps, owner, id);
}

/**
 * Sends a confirmation code by SMS to the number of the order (for a number that is not a verified ESIA
 * mobile). Capped per number (5 a day, one a minute) and per citizen (10 a day) across all orders, each
 * counted by one atomic statement in the transaction that stores the code and queues the SMS.
 */
export async function sendCode(deps: PortingDeps, owner: Owner & { userId: number }, id: number) {
  const now = deps.now();
  const view = await ownedOrder(deps, owner, id);
  const order = view.order;
  if (order.status !== 'Initialized') throw notEditable(order.status);
  const profile = profileOf(await repo.findApplicant(deps.db, owner.userId));
  if (isConfirmed(order, profile)) {
    throw validationProblem({ confirmationCode: ['Номер уже подтверждён: код не нужен.'] });
  }
  if (!deps.smsEnabled) {
    throw unavailable('Отправка SMS недоступна', 'Подтвердить номер кодом сейчас нельзя.');
  }
  const today = moscowDay(now);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
  await deps.db.transaction(async (tx) => {
    const locked = await repo.lockOrder(tx, id);
    if (locked?.status !== 'Initialized') throw notEditable(locked?.status ?? 'Deleted');
    const numberScope = `msisdn:${order.msisdn}`;
    const perNumber = await repo.countCodeSend(
      tx,
      numberScope,
      today,
      CODE_SENDS_A_DAY_PER_NUMBER,
      now,
      CODE_RESEND_MS,
    );
    if (perNumber === null) throw await numberCapProblem(tx, numberScope, today, now);
    const perCitizen = await repo.countCodeSend(
      tx,
      `user:${owner.userId}`,
      today,
      CODE_SENDS_A_DAY_PER_CITIZEN,
      now,
      0,
    );
    if (perCitizen === null) {
      throw tooManyCodes(
        `Сегодня вы уже запросили ${CODE_SENDS_A_DAY_PER_CITIZEN} кодов подтверждения. Попробуйте завтра.`,
      );
    }
    await repo.saveCode(tx, {
      orderId: id,
      msisdn: order.msisdn,
      codeHash: keyedHash(deps.keys.code, `${id}:${code}`),
      expiresAt,
      attemptsLeft: CODE_ATTEMPTS,
    });
    await deps.notify(tx, [
      codeNotification({ userId: owner.userId, orderId: id, msisdn: order.msisdn }, { value: code, expiresAt }),
    ]);
    await deps.watch.alert(tx, { kind: 'code', msisdn: order.msisdn, actorUserId: owner.userId, orderId: id, at: now });
  });
  return {
    sentTo: order.msisdn,
    expiresAt: expiresAt.toISOString(),
    resendAfter: new Date(now.getTime() + CODE_RESEND_MS).toISOString(),
  };
}

function tooManyCodes(message: string): HttpProblem {
  return rateLimited(undefined, { confirmationCode: [message] });
}

/** Why the number's allowance refused a code: sent a moment ago, or the day's codes are spent. */
async function numberCapProblem(tx: Database, scope: string, day: string, now: Date): Promise<HttpProblem> {
  const row = await repo.codeSendsOf(tx, scope, day);
  if (row && row.sends < CODE_SENDS_A_DAY_PER_NUMBER) {
    const wait = Math.max(1, Math.ceil((CODE_RESEND_MS - (now.getTime() - row.lastSentAt.getTime())) / 1000));
    return tooManyCodes(`Новый код можно запросить через ${wait} с.`);
  }
  return tooManyCodes(
    `На этот номер сегодня уже отправлено ${CODE_SENDS_A_DAY_PER_NUMBER} кодов подтверждения. Попробуйте завтра.`,
  );
}

/**
 * Checks a typed code. The attempt is spent in the same statement that reads the code to compare with,
 * so parallel guesses cannot check more codes than there are attempts; a wrong one stays spent.
 */
async function checkCode(deps: PortingDeps, order: repo.OrderRow, code: string | undefined): Promise<string | null> {
  if (code === undefined || code.trim() === '') {
    return 'Подтвердите номер: запросите код и введите его из SMS.';
  }
  const now = deps.now();
  const taken = await repo.takeCodeAttempt(deps.db, order.id, now);
  if (!taken || taken.msisdn !== order.msisdn) {
    const stored = await repo.findCode(deps.db, order.id);
    if (!stored || stored.msisdn !== order.msisdn) return 'Код не запрашивался: нажмите «Получить код».';
    if (stored.expiresAt.getTime() <= now.getTime()) return 'Срок действия кода истёк: запросите новый.';
    return 'Попытки ввода исчерпаны: запросите новый код.';
  }
  if (keyedHash(deps.keys.code, `${order.id}:${code.trim()}`) !== taken.codeHash) {
    return taken.attemptsLeft > 0
      ? `Неверный код. Осталось попыток: ${taken.attemptsLeft}.`
      : 'Неверный код. Попытки исчерпаны: запросите новый код.';
  }
  return null;
}

/** Step 3: the signed and confirmed application goes to the central database. */
export async function submitOrder(
  deps: PortingDeps,
  owner: Owner & { userId: number },
  id: number,
  body: {
    consent: boolean;
    confirmationCode?: string | undefined;
    sim?: SimChoice | undefined;
    contractVersion?: string | undefined;
  },
) {
  const now = deps.now();
  const view = await ownedOrder(deps, owner, id);
  const order = view.order;
  if (order.status !== 'Initialized') throw notEditable(order.status);
  const errors: Record<string, string[]> = {};
  if (order.toOperatorId === null || order.tariffId === null) errors.tariffId = ['Выберите нового оператора и тариф.'];
  const sim = body.sim
    ? await simColumns(deps, body.sim, { operatorId: order.toOperatorId, regionCode: order.regionCode })
    : null;
  if (sim && 'problem' in sim) errors.sim = [sim.problem];
  else if (!sim && order.simKind === null) errors.sim = ['Выберите, как получить SIM-карту нового оператора.'];
  if (!body.contractVersion) {
    errors.contractVersion = ['Прочитайте и примите условия договора с новым оператором.'];
  } else if (body.contractVersion !== CONTRACT_VERSION) {
    errors.contractVersion = ['Условия договора обновились: прочитайте их и примите снова.'];
  }
  const window = portationWindow(now);
  if (order.portationDate === null) errors.portationAt = ['Выберите дату переноса.'];
  else if (order.portationDate < window.earliest || order.portationDate > window.latest) {
    errors.portationAt = [
      `Дата ${formatDay(order.portationDate)} уже недоступна: выберите дату с ${formatDay(window.earliest)} по ${formatDay(window.latest)}.`,
    ];
  }
  const signed = deps.signing?.required() === true;
  const asFiled = (row: repo.OrderRow): repo.OrderRow => ({ ...row, ...(sim && 'columns' in sim ? sim.columns : {}) });
  const unsigned = signed ? await deps.signing?.problem(deps.db, asFiled(order)) : null;
  if (unsigned) errors.signature = [unsigned];
  if (!signed && !body.consent) {
    errors.consent = ['Подтвердите согласие на перенос номера и обработку персональных данных.'];
  }
  const applicant = await repo.findApplicant(deps.db, owner.userId);
  const profile = profileOf(applicant);
  if (!applicant?.passportSealed && profile?.passportUnknown) {
    throw unavailable(
      'Госуслуги не передали паспортные данные',
      'При входе Госуслуги не ответили на запрос паспорта. Выйдите и войдите на сайт снова через несколько минут, затем отправьте заявление.',
    );
  }
  if (!applicant?.passportSealed) {
    errors.passport = [
      'В Госуслугах нет паспорта гражданина РФ: добавьте его в профиль Госуслуг, выйдите и войдите на сайт снова.',
    ];
  }
  if (Object.keys(errors).length > 0) throw validationProblem(errors);
  if (!isConfirmed(order, profile)) {
    const codeProblem = await checkCode(deps, order, body.confirmationCode);
    if (codeProblem) throw validationProblem({ confirmationCode: [codeProblem] });
  }
  // The registry may have changed since step 1 (a porting elsewhere): the same checks again.
  const facts = await deps.lookup(order.msisdn);
  const allowed = facts ? nextPortingAllowed(facts.lastPortation, now) : null;
  if (!facts || facts.operatorId !== order.fromOperatorId || (allowed && facts.lastPortation)) {
    throw validationProblem({
      msisdn: [
        allowed && facts?.lastPortation
          ? recentlyPortedMessage(facts.lastPortation, allowed)
          : 'Номер сменил оператора после того, как заявление было создано: подайте новое заявление.',
      ],
    });
  }
  if (!deps.gateway) {
    throw unavailable('Приём заявлений временно недоступен', 'Попробуйте отправить заявление позже.');
  }
  const email = contactEmail(order, profile);
  const result = await deps.db
    .transaction(async (tx) => {
      // The person first, then the order (decision 125): an erasure running now either finished first
      // (the draft is Deleted below) or waits for this submit and then refuses.
      await repo.holdApplicant(tx, owner.userId);
      const locked = await repo.lockOrder(tx, id);
      if (locked?.status !== 'Initialized') throw notEditable(locked?.status ?? 'Deleted');
      // The signature must say what is filed, as it stands under the lock.
      const stale = signed ? await deps.signing?.problem(tx, asFiled(locked)) : null;
      if (stale) throw validationProblem({ signature: [stale] });
      await repo.updateOrder(
        tx,
        id,
        {
          status: 'PendingBDPN',
          submittedAt: now,
          msisdnConfirmedAt: locked.msisdnConfirmedAt ?? now,
          ...(sim && 'columns' in sim ? sim.columns : {}),
          contractVersion: CONTRACT_VERSION,
          contractAcceptedAt: now,
          consentVersion: CONSENT_VERSION,
          consentAcceptedAt: now,
          ...(locked.email === null && email ? { email } : {}),
        },
        now,
      );
      const portation = await repo.insertPortation(tx, {
        orderId: id,
        userId: owner.userId,
        msisdn: order.msisdn,
        fromOperatorId: order.fromOperatorId,
        toOperatorId: order.toOperatorId,
        regionCode: order.regionCode,
        status: 'PendingBDPN',
        startedAt: now,
        portationAt: moscowMidnight(order.portationDate ?? moscowDay(now)),
        lastUpdatedAt: now,
      });
      // Someone else watches the number with a proof at least as strong as the applicant's: the
      // application waits for their answer (hold.ts), a day at most.
      const holdUntil = new Date(now.getTime() + HOLD_HOURS * 3600_000);
      const watchers = await deps.watch.alert(tx, {
        kind: 'held',
        msisdn: order.msisdn,
        actorUserId: owner.userId,
        orderId: id,
        at: now,
        holdUntil,
        applicantProof: applicantProof(order.msisdn, profile),
      });
      const held = watchers.length > 0;
      const events: NewEvent[] = [
        { kind: 'submitted', status: 'PendingBDPN', description: EVENT_TEXT.submitted(), occurredAt: now },
        ...(held
          ? [{ kind: 'held', status: 'PendingBDPN', description: EVENT_TEXT.held(holdUntil), occurredAt: now } as const]
          : []),
      ];
      await repo.insertEvents(tx, { orderId: id, portationId: portation.id }, events);
      await repo.deleteCode(tx, id);
      if (held) {
        await repo.updatePortation(tx, portation.id, { heldUntil: holdUntil }, now);
        await deps.jobs.send(
          HOLD_QUEUE,
          { portationId: portation.id },
          { startAfter: holdUntil, singletonKey: `hold:${portation.id}` },
          tx,
        );
      } else {
        await deps.jobs.send(
          ADVANCE_QUEUE,
          { portationId: portation.id },
          { singletonKey: `portation:${portation.id}` },
          tx,
        );
      }
      await deps.notify(
        tx,
        stageNotifications(
          {
            userId: owner.userId,
            orderId: id,
            msisdn: order.msisdn,
            email,
            link: portationLink(deps, order.msisdn, portation.id),
          },
          events,
        ),
      );
      return portation;
    })
    .catch((err: unknown) => {
      // Two submits of one number at the same moment: the database's unique index decides.
      if (isUniqueViolation(err)) {
        throw validationProblem({ msisdn: ['По этому номеру уже подано заявление на перенос.'] });
      }
      throw err;
    });
  deps.publish({
    userId: owner.userId,
    orderId: id,
    portationId: result.id,
    msisdn: order.msisdn,
    status: 'PendingBDPN',
  });
  return answer(deps, owner, id);
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

/** Step 3: the recipient's offices in the number's region, where the SIM can be picked up. */
export async function orderOffices(deps: PortingDeps, owner: Owner, id: number) {
  const { order } = await ownedOrder(deps, owner, id);
  if (order.toOperatorId === null || order.regionCode === null) return [];
  return repo.officesOf(deps.db, order.toOperatorId, order.regionCode);
}

/** Step 3: the recipient's contract terms to read and accept (400 until a recipient is chosen). */
export async function orderTerms(
  deps: PortingDeps,
  owner: Owner,
  id: number,
): Promise<ContractTerms & { fee: number; consent: { version: string; text: string } }> {
  const view = await ownedOrder(deps, owner, id);
  if (!view.toOperator?.name) throw validationProblem({ operatorId: ['Сначала выберите нового оператора и тариф.'] });
  return {
    ...contractTerms(view.toOperator.name),
    fee: PORTING_FEE_RUB,
    consent: { version: CONSENT_VERSION, text: CONSENT_TEXT },
  };
}

/**
 * «Подать заново»: after a refusal or a lapse, a new draft of the same number with the same choices
 * (recipient, tariff if still sold, SIM, e-mail) and the earliest date, once the rules allow it. The
 * 60-day rule and an open application refuse as at step 1, and it spends what step 1 spends: a lookup
 * and one of the day's new applications of the person and of the number.
 */
export async function refileOrder(
  deps: PortingDeps,
  owner: Owner & { userId: number },
  id: number,
  spendQuota: QuotaSpend,
) {
  const now = deps.now();
  const view = await ownedOrder(deps, owner, id);
  const old = view.order;
  if (old.status !== 'Deleted') {
    throw validationProblem({
      status: [
        old.status === 'Done'
          ? 'Номер уже перенесён: подать это заявление заново нельзя.'
          : 'Заявление ещё действует: подать его заново можно, только если оно отменено или отклонено.',
      ],
    });
  }
  const fresh = await initOrder(deps, owner, { msisdn: old.msisdn }, spendQuota);
  const window = portationWindow(now);
  const tariff =
    old.tariffId !== null && fresh.regionCode !== null
      ? await tariffForRegion(deps.db, old.tariffId, fresh.regionCode)
      : undefined;
  const tariffStillSold = tariff && !tariff.isArchived && tariff.soldHere && tariff.operatorId === old.toOperatorId;
  const operatorStillOk =
    old.toOperatorId !== null &&
    old.toOperatorId !== fresh.fromOperator?.operatorId &&
    (await checkOperator(
      deps,
      old.toOperatorId,
      { fromOperatorId: fresh.fromOperator?.operatorId ?? null, regionCode: fresh.regionCode },
      fresh.regionName,
    )) === null;
  await deps.db.transaction(async (tx) => {
    const locked = await repo.lockOrder(tx, fresh.id);
    if (locked?.status !== 'Initialized') throw notEditable(locked?.status ?? 'Deleted');
    await repo.updateOrder(
      tx,
      fresh.id,
      {
        userId: owner.userId,
        email: old.email,
        ...(operatorStillOk
          ? {
              toOperatorId: old.toOperatorId,
              tariffId: tariffStillSold ? old.tariffId : null,
              tariffName: tariffStillSold ? old.tariffName : null,
              simKind: old.simKind,
              simOfficeId: old.simOfficeId,
              simAddressSealed: old.simAddressSealed,
            }
          : {}),
        portationDate: window.earliest,
      },
      now,
    );
  });
  return answer(deps, owner, fresh.id);
}
