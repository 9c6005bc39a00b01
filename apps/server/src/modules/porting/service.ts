import { randomInt } from 'node:crypto';
import { INVALID_MSISDN_MESSAGE, normaliseMsisdn } from '@perenos/phone';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../lib/jobs';
import { formatDay, isCalendarDay, moscowDay, moscowMidnight } from '../../lib/moscow';
import { HttpProblem, notFound, validationProblem } from '../../lib/problem';
import { keyedHash } from '../../lib/seal';
import type { LookupAnswer } from '../lookup/engine';
import type { NewNotification } from '../notifications/repository';
import type { UserProfile } from '../users/tables';
import { EVENT_TEXT, type NewEvent, windowText } from './events';
import { GatewayUnavailable, type PortingGateway } from './gateway';
import { codeNotification, stageNotifications } from './messages';
import { type Personal, presentOrder } from './presenter';
import * as repo from './repository';
import { nextPortingAllowed, portationWindow, recentlyPortedMessage } from './rules';
import type { OrderStatus } from './tables';

export const ADVANCE_QUEUE = 'porting.advance';
export const FAILED_QUEUE = 'porting.failed';
export const EXPIRE_QUEUE = 'porting.expire-drafts';

export const PORTING_QUEUES = [
  { name: FAILED_QUEUE },
  { name: EXPIRE_QUEUE },
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
const CODE_SENDS_A_DAY = 5;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** The owner may see an order: their own, or an anonymous one this browser made. */
function owns(order: { userId: number | null; browserId: string | null }, owner: Owner): boolean {
  if (order.userId !== null) return owner.userId !== null && order.userId === owner.userId;
  return order.browserId !== null && owner.browserId !== null && order.browserId === owner.browserId;
}

/** The order if the asker owns it; anybody else learns nothing («not found»). */
async function ownedOrder(deps: PortingDeps, owner: Owner, id: number): Promise<OrderView> {
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

async function answer(deps: PortingDeps, owner: Owner, id: number, withPersonal = false) {
  const view = await repo.findOrder(deps.db, id);
  if (!view) throw notFound();
  const applicant = owner.userId !== null ? await repo.findApplicant(deps.db, owner.userId) : undefined;
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
  return presentOrder(view, await repo.orderEvents(deps.db, id), {
    isMsisdnConfirmed: owner.userId !== null && isConfirmed(view.order, profile),
    now: deps.now(),
    ...(personal !== undefined ? { personal } : {}),
  });
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

/** Step 1: a mobile number of the plan, not ported in the last 60 days, with no open order, becomes an order. */
export async function initOrder(deps: PortingDeps, owner: Owner, body: { msisdn: string; operatorId?: number }) {
  const now = deps.now();
  const msisdn = normaliseMsisdn(body.msisdn);
  if (!msisdn) throw validationProblem({ msisdn: [INVALID_MSISDN_MESSAGE] });
  if (!msisdn.startsWith('79')) {
    throw refusal('Это не мобильный номер: перенести к другому оператору можно только мобильный (+7 9XX …).', {
      refusal: 'not-mobile',
    });
  }
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
  const submitted = open.find((o) => o.status === 'PendingBDPN');
  if (submitted) {
    const mine = owns(submitted, owner);
    throw refusal(
      mine
        ? `По этому номеру уже подано ваше заявление № ${submitted.id}: перенос идёт.`
        : 'По этому номеру уже подано заявление на перенос: пока оно не завершено, новое подать нельзя.',
      { refusal: 'open-order', ...(mine ? { orderId: submitted.id } : {}) },
    );
  }
  const draft = open.find((o) => o.status === 'Initialized' && owns(o, owner));
  if (draft) {
    throw refusal(`У вас уже есть незаконченное заявление № ${draft.id} на этот номер: продолжите его.`, {
      refusal: 'draft-exists',
      orderId: draft.id,
    });
  }
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
  const order = await deps.db.transaction(async (tx) => {
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
    await repo.insertEvents(tx, { orderId: row.id, portationId: null }, [
      { kind: 'created', status: 'Initialized', description: EVENT_TEXT.created(), occurredAt: now },
    ]);
    return row;
  });
  return answer(deps, owner, order.id);
}

/** The order, to its owner only; with `withPersonal` the signed-in applicant's data from ESIA. */
export async function getOrder(deps: PortingDeps, owner: Owner, id: number, withPersonal: boolean) {
  await ownedOrder(deps, owner, id);
  if (withPersonal && owner.userId === null) throw new HttpProblem(401, 'Некорректный JWT токен');
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
  body: { operatorId: number; tariffId: number; portationAt: string; email?: string | null | undefined },
) {
  const now = deps.now();
  const view = await ownedOrder(deps, owner, id);
  const order = view.order;
  if (order.status !== 'Initialized') throw notEditable(order.status);
  const errors: Record<string, string[]> = {};
  const operatorProblem = await checkOperator(deps, body.operatorId, order, view.regionName);
  if (operatorProblem) errors.operatorId = [operatorProblem];
  const tariff = await repo.tariffForRegion(deps.db, body.tariffId, order.regionCode ?? 0);
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
  await deps.db.transaction(async (tx) => {
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
      },
      now,
    );
  });
  return answer(deps, owner, id);
}

/** Sends a confirmation code by SMS to the number of the order (for a number that is not a verified ESIA mobile). */
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
    throw new HttpProblem(503, 'Отправка SMS недоступна', undefined, 'Подтвердить номер кодом сейчас нельзя.');
  }
  const previous = await repo.findCode(deps.db, id);
  const today = moscowDay(now);
  const sendsToday = previous && previous.sendsDay === today ? previous.sends : 0;
  if (previous && now.getTime() - previous.lastSentAt.getTime() < CODE_RESEND_MS) {
    const wait = Math.ceil((CODE_RESEND_MS - (now.getTime() - previous.lastSentAt.getTime())) / 1000);
    throw new HttpProblem(429, 'Слишком много запросов', {
      confirmationCode: [`Новый код можно запросить через ${wait} с.`],
    });
  }
  if (sendsToday >= CODE_SENDS_A_DAY) {
    throw new HttpProblem(429, 'Слишком много запросов', {
      confirmationCode: [`Сегодня код отправлялся уже ${CODE_SENDS_A_DAY} раз. Попробуйте завтра.`],
    });
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
  await deps.db.transaction(async (tx) => {
    await repo.saveCode(tx, {
      orderId: id,
      msisdn: order.msisdn,
      codeHash: keyedHash(deps.keys.code, `${id}:${code}`),
      expiresAt,
      attemptsLeft: CODE_ATTEMPTS,
      sends: sendsToday + 1,
      sendsDay: today,
      lastSentAt: now,
    });
    await deps.notify(tx, [codeNotification({ userId: owner.userId, orderId: id, msisdn: order.msisdn }, code)]);
  });
  return {
    sentTo: order.msisdn,
    expiresAt: expiresAt.toISOString(),
    resendAfter: new Date(now.getTime() + CODE_RESEND_MS).toISOString(),
  };
}

/** Checks a typed code; a wrong one spends an attempt (kept even though the call fails). */
async function checkCode(deps: PortingDeps, order: repo.OrderRow, code: string | undefined): Promise<string | null> {
  if (code === undefined || code.trim() === '') {
    return 'Подтвердите номер: запросите код и введите его из SMS.';
  }
  const stored = await repo.findCode(deps.db, order.id);
  if (!stored || stored.msisdn !== order.msisdn) return 'Код не запрашивался: нажмите «Получить код».';
  if (stored.expiresAt.getTime() <= deps.now().getTime()) return 'Срок действия кода истёк: запросите новый.';
  if (stored.attemptsLeft <= 0) return 'Попытки ввода исчерпаны: запросите новый код.';
  if (keyedHash(deps.keys.code, `${order.id}:${code.trim()}`) !== stored.codeHash) {
    const left = await repo.spendCodeAttempt(deps.db, order.id);
    return left > 0
      ? `Неверный код. Осталось попыток: ${left}.`
      : 'Неверный код. Попытки исчерпаны: запросите новый код.';
  }
  return null;
}

function siteLink(deps: PortingDeps, msisdn: string, portationId: number): string | null {
  return deps.siteOrigin ? `${deps.siteOrigin}/account/${msisdn}/portation/${portationId}` : null;
}

/** The e-mail the subscriber hears at: the one on the order, else their ESIA e-mail. */
export function contactEmail(order: { email: string | null }, profile: UserProfile | null): string | null {
  return order.email ?? profile?.email ?? null;
}

/** Step 3: the signed and confirmed application goes to the central database. */
export async function submitOrder(
  deps: PortingDeps,
  owner: Owner & { userId: number },
  id: number,
  body: { consent: boolean; confirmationCode?: string | undefined },
) {
  const now = deps.now();
  const view = await ownedOrder(deps, owner, id);
  const order = view.order;
  if (order.status !== 'Initialized') throw notEditable(order.status);
  const errors: Record<string, string[]> = {};
  if (order.toOperatorId === null || order.tariffId === null) errors.tariffId = ['Выберите нового оператора и тариф.'];
  const window = portationWindow(now);
  if (order.portationDate === null) errors.portationAt = ['Выберите дату переноса.'];
  else if (order.portationDate < window.earliest || order.portationDate > window.latest) {
    errors.portationAt = [
      `Дата ${formatDay(order.portationDate)} уже недоступна: выберите дату с ${formatDay(window.earliest)} по ${formatDay(window.latest)}.`,
    ];
  }
  if (!body.consent) {
    errors.consent = ['Подтвердите согласие на перенос номера и обработку персональных данных.'];
  }
  const applicant = await repo.findApplicant(deps.db, owner.userId);
  const profile = profileOf(applicant);
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
    throw new HttpProblem(
      503,
      'Приём заявлений временно недоступен',
      undefined,
      'Попробуйте отправить заявление позже.',
    );
  }
  const email = contactEmail(order, profile);
  const result = await deps.db
    .transaction(async (tx) => {
      const locked = await repo.lockOrder(tx, id);
      if (locked?.status !== 'Initialized') throw notEditable(locked?.status ?? 'Deleted');
      await repo.updateOrder(
        tx,
        id,
        {
          status: 'PendingBDPN',
          submittedAt: now,
          msisdnConfirmedAt: locked.msisdnConfirmedAt ?? now,
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
      const events: NewEvent[] = [
        { kind: 'submitted', status: 'PendingBDPN', description: EVENT_TEXT.submitted(), occurredAt: now },
      ];
      await repo.insertEvents(tx, { orderId: id, portationId: portation.id }, events);
      await repo.deleteCode(tx, id);
      await deps.jobs.send(
        ADVANCE_QUEUE,
        { portationId: portation.id },
        { singletonKey: `portation:${portation.id}` },
        tx,
      );
      await deps.notify(
        tx,
        stageNotifications(
          {
            userId: owner.userId,
            orderId: id,
            msisdn: order.msisdn,
            email,
            link: siteLink(deps, order.msisdn, portation.id),
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

/**
 * Deletes a draft, or withdraws a submitted application while the central database has not
 * scheduled the window yet; after that the porting cannot be stopped from here (400 says why).
 */
export async function deleteOrder(deps: PortingDeps, owner: Owner, id: number): Promise<void> {
  const now = deps.now();
  const view = await ownedOrder(deps, owner, id);
  const order = view.order;
  if (order.status === 'Deleted') return;
  if (order.status === 'Done') {
    throw validationProblem({ status: ['Номер уже перенесён: заявление выполнено, удалить его нельзя.'] });
  }
  const portation = order.status === 'PendingBDPN' ? await repo.portationOfOrder(deps.db, id) : undefined;
  if (portation?.windowStart) {
    throw validationProblem({
      status: [
        `Окно переноса уже назначено (${windowText(portation.windowStart)}): отозвать заявление нельзя. Если вы передумали, после переноса можно перейти обратно — через 60 дней.`,
      ],
    });
  }
  if (portation?.processId && deps.gateway) {
    let result: Awaited<ReturnType<PortingGateway['cancel']>>;
    try {
      result = await deps.gateway.cancel(portation.processId);
    } catch (err) {
      if (err instanceof GatewayUnavailable) {
        throw new HttpProblem(
          503,
          'БДПН временно недоступна',
          undefined,
          'Попробуйте отозвать заявление через несколько минут.',
        );
      }
      throw err;
    }
    if (!result.cancelled) throw validationProblem({ status: [`Отозвать заявление нельзя: ${result.reason}.`] });
  }
  const applicant = order.userId !== null ? await repo.findApplicant(deps.db, order.userId) : undefined;
  const changed = await deps.db.transaction(async (tx) => {
    const locked = await repo.lockOrder(tx, id);
    if (!locked || locked.status === 'Deleted' || locked.status === 'Done') return null;
    const reason = locked.status === 'Initialized' ? 'Удалено по вашей просьбе.' : 'Отозвано по вашей просьбе.';
    await repo.updateOrder(tx, id, { status: 'Deleted', reason }, now);
    const events: NewEvent[] = [
      {
        kind: 'cancelled',
        status: 'Deleted',
        description: locked.status === 'Initialized' ? 'Заявление удалено по вашей просьбе' : EVENT_TEXT.cancelled(),
        occurredAt: now,
      },
    ];
    let portationId: number | null = null;
    if (locked.status === 'PendingBDPN') {
      const p = portation ? await repo.lockPortation(tx, portation.id) : undefined;
      if (p && p.status === 'PendingBDPN') {
        portationId = p.id;
        await repo.updatePortation(tx, p.id, { status: 'Deleted', reason }, now);
      }
      await deps.notify(
        tx,
        stageNotifications(
          {
            userId: locked.userId,
            orderId: id,
            msisdn: locked.msisdn,
            email: contactEmail(locked, profileOf(applicant)),
            link: portationId ? siteLink(deps, locked.msisdn, portationId) : null,
          },
          events,
        ),
      );
    }
    await repo.insertEvents(tx, { orderId: id, portationId }, events);
    return { userId: locked.userId, portationId };
  });
  if (changed) {
    deps.publish({
      userId: changed.userId,
      orderId: id,
      portationId: changed.portationId,
      msisdn: order.msisdn,
      status: 'Deleted',
    });
  }
}
