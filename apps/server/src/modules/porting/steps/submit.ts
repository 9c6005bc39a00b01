import type { Database } from '../../../db/client';
import { formatDayNumeric, moscowDay, moscowMidnight } from '../../../lib/moscow';
import { unavailable, validationProblem } from '../../../lib/problem';
import type { UserProfile } from '../../users';
import { CONSENT_VERSION, CONTRACT_VERSION } from '../contract-terms';
import type { Owner, PortingDeps } from '../deps';
import { EVENT_TEXT, type NewEvent } from '../events';
import { contactEmail, portationLink, stageNotifications } from '../messages';
import { ADVANCE_QUEUE, HOLD_QUEUE } from '../queues';
import * as repo from '../repository';
import { HOLD_HOURS, nextPortingAllowed, portationWindow, recentlyPortedMessage } from '../rules';
import { checkCode } from './code';
import { answer, applicantProof, isConfirmed, isUniqueViolation, notEditable, ownedOrder, profileOf } from './shared';
import { type SimChoice, type SimColumns, simColumns } from './sim';

/** What step 3 sends. */
export interface SubmitBody {
  consent: boolean;
  confirmationCode?: string | undefined;
  sim?: SimChoice | undefined;
  contractVersion?: string | undefined;
}

/** An application that passed every check, as it is filed. */
interface Filing {
  order: repo.OrderRow;
  userId: number;
  profile: UserProfile | null;
  /** The SIM choice sent with the submit; null keeps the one chosen at step 2. */
  sim: SimColumns | null;
  email: string | null;
  now: Date;
}

/**
 * Step 3: the signed and confirmed application goes to the central database. In turn: the application is
 * whole (checkApplication), the number is proven the applicant's (an ESIA mobile or the SMS code), the
 * registry still allows the porting, and then the order, its portation, events, messages and first job
 * are written in one transaction (fileApplication).
 */
export async function submitOrder(deps: PortingDeps, owner: Owner & { userId: number }, id: number, body: SubmitBody) {
  const now = deps.now();
  const { order } = await ownedOrder(deps, owner, id);
  if (order.status !== 'Initialized') throw notEditable(order.status);
  const { sim, profile } = await checkApplication(deps, owner.userId, order, body, now);
  if (!isConfirmed(order, profile)) {
    const codeProblem = await checkCode(deps, order, body.confirmationCode);
    if (codeProblem) throw validationProblem({ confirmationCode: [codeProblem] });
  }
  await checkStillPortable(deps, order, now);
  if (!deps.gateway) {
    throw unavailable('Приём заявлений временно недоступен', 'Попробуйте отправить заявление позже.');
  }
  const filing: Filing = { order, userId: owner.userId, profile, sim, email: contactEmail(order, profile), now };
  const portation = await deps.db
    .transaction((tx) => fileApplication(deps, tx, filing))
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
    portationId: portation.id,
    msisdn: order.msisdn,
    status: 'PendingBDPN',
  });
  return answer(deps, owner, id);
}

/**
 * Everything the applicant must have given, each missing field with its own message in one 400: the
 * recipient and tariff, the SIM, the contract, the date, the consent and the passport from ESIA.
 */
async function checkApplication(
  deps: PortingDeps,
  userId: number,
  order: repo.OrderRow,
  body: SubmitBody,
  now: Date,
): Promise<{ sim: SimColumns | null; profile: UserProfile | null }> {
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
      `Дата ${formatDayNumeric(order.portationDate)} уже недоступна: выберите дату с ${formatDayNumeric(window.earliest)} по ${formatDayNumeric(window.latest)}.`,
    ];
  }
  // With Госключ on, the application signed as it stands replaces the consent tick.
  const signed = deps.signing?.required() === true;
  const unsigned = signed ? await deps.signing?.problem(deps.db, asFiled(order, sim)) : null;
  if (unsigned) errors.signature = [unsigned];
  if (!signed && !body.consent) {
    errors.consent = ['Подтвердите согласие на перенос номера и обработку персональных данных.'];
  }
  const applicant = await repo.findApplicant(deps.db, userId);
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
  return { sim: sim && 'columns' in sim ? sim.columns : null, profile };
}

/** The order as it would be filed: with the SIM choice sent with the submit. */
function asFiled(order: repo.OrderRow, sim: Awaited<ReturnType<typeof simColumns>> | null): repo.OrderRow {
  return { ...order, ...(sim && 'columns' in sim ? sim.columns : {}) };
}

/** The registry may have changed since step 1 (a porting elsewhere): the same checks again. */
async function checkStillPortable(deps: PortingDeps, order: repo.OrderRow, now: Date): Promise<void> {
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
}

/**
 * In the submit's transaction: the order becomes PendingBDPN with what was accepted, its portation is
 * opened, and the application either waits for the number's watchers or goes to the engine.
 */
async function fileApplication(deps: PortingDeps, tx: Database, filing: Filing) {
  const { order, userId, now } = filing;
  // The person first, then the order (decision 125): an erasure running now either finished first
  // (the draft is Deleted below) or waits for this submit and then refuses.
  await repo.holdApplicant(tx, userId);
  const locked = await repo.lockOrder(tx, order.id);
  if (locked?.status !== 'Initialized') throw notEditable(locked?.status ?? 'Deleted');
  // The signature must say what is filed, as it stands under the lock.
  if (deps.signing?.required() === true) {
    const stale = await deps.signing.problem(tx, { ...locked, ...(filing.sim ?? {}) });
    if (stale) throw validationProblem({ signature: [stale] });
  }
  await repo.updateOrder(
    tx,
    order.id,
    {
      status: 'PendingBDPN',
      submittedAt: now,
      msisdnConfirmedAt: locked.msisdnConfirmedAt ?? now,
      ...(filing.sim ?? {}),
      contractVersion: CONTRACT_VERSION,
      contractAcceptedAt: now,
      consentVersion: CONSENT_VERSION,
      consentAcceptedAt: now,
      ...(locked.email === null && filing.email ? { email: filing.email } : {}),
    },
    now,
  );
  const portation = await repo.insertPortation(tx, {
    orderId: order.id,
    userId,
    msisdn: order.msisdn,
    fromOperatorId: order.fromOperatorId,
    toOperatorId: order.toOperatorId,
    regionCode: order.regionCode,
    status: 'PendingBDPN',
    startedAt: now,
    portationAt: moscowMidnight(order.portationDate ?? moscowDay(now)),
    lastUpdatedAt: now,
  });
  const events = await holdOrAdvance(deps, tx, filing, portation.id);
  await repo.deleteCode(tx, order.id);
  await deps.notify(
    tx,
    stageNotifications(
      {
        userId,
        orderId: order.id,
        msisdn: order.msisdn,
        email: filing.email,
        link: portationLink(deps, order.msisdn, portation.id),
      },
      events,
    ),
  );
  return portation;
}

/**
 * Someone else watches the number with a proof at least as strong as the applicant's: the application
 * waits for their answer (hold.ts), a day at most; otherwise the engine takes it at once. Answers the
 * events written, which the applicant is told of.
 */
async function holdOrAdvance(deps: PortingDeps, tx: Database, filing: Filing, portationId: number) {
  const { order, now } = filing;
  const holdUntil = new Date(now.getTime() + HOLD_HOURS * 3600_000);
  const { holders: watchers } = await deps.watch.alert(tx, {
    kind: 'held',
    msisdn: order.msisdn,
    actorUserId: filing.userId,
    orderId: order.id,
    at: now,
    holdUntil,
    applicantProof: applicantProof(order.msisdn, filing.profile),
    toOperatorId: order.toOperatorId,
    night: order.portationDate ?? moscowDay(now),
  });
  const held = watchers.length > 0;
  const events: NewEvent[] = [
    { kind: 'submitted', status: 'PendingBDPN', description: EVENT_TEXT.submitted(), occurredAt: now },
    ...(held
      ? [{ kind: 'held', status: 'PendingBDPN', description: EVENT_TEXT.held(holdUntil), occurredAt: now } as const]
      : []),
  ];
  await repo.insertEvents(tx, { orderId: order.id, portationId }, events);
  if (held) {
    await repo.updatePortation(tx, portationId, { heldUntil: holdUntil }, now);
    await deps.jobs.send(
      HOLD_QUEUE,
      { portationId },
      { startAfter: holdUntil, singletonKey: `hold:${portationId}` },
      tx,
    );
  } else {
    await deps.jobs.send(ADVANCE_QUEUE, { portationId }, { singletonKey: `portation:${portationId}` }, tx);
  }
  return events;
}
