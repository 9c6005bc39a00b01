import { INVALID_MSISDN_MESSAGE, normaliseMsisdn } from '@perenos/phone';
import type { Database } from '../../../db/client';
import { addDays, moscowDay, moscowMidnight } from '../../../lib/moscow';
import { type HttpProblem, rateLimited, validationProblem } from '../../../lib/problem';
import { quotaExhausted } from '../../lookup';
import type { Owner, PortingDeps, QuotaSpend } from '../deps';
import { EVENT_TEXT } from '../events';
import * as repo from '../repository';
import { nextPortingAllowed, recentlyPortedMessage } from '../rules';
import { answer, checkOperator, draftExists, isUniqueViolation, owns, profileOf, refusal } from './shared';

/**
 * New applications a Moscow day, however opened (step 1, «Подать заново», the account): per person (an
 * anonymous browser counts as one) and per number, whoever opens them. Each one alerts the number's
 * watchers, so the number's cap also bounds how often a stranger can make its owner's phone ring.
 */
export const NEW_ORDERS_A_DAY_PER_PERSON = 10;
export const NEW_ORDERS_A_DAY_PER_NUMBER = 5;

/** Why a person whose application the number's holder disowned today cannot start another today. */
export const HOLDER_REFUSED_TODAY =
  'Сегодня владелец номера уже ответил, что не подавал ваше заявление на его перенос. Новое заявление на этот номер можно подать на сайте завтра, с 00:00 по московскому времени. Если номер ваш, перенести его можно и в офисе нового оператора с паспортом.';

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
  // The number's watcher said today that this person's application was not theirs: not again the same day
  // (each new one would ask them again); the way that does not depend on them is the new operator's office.
  if (
    owner.userId !== null &&
    (await repo.refusedByHolderSince(deps.db, msisdn, owner.userId, moscowMidnight(moscowDay(now))))
  ) {
    throw refusal(HOLDER_REFUSED_TODAY, { refusal: 'holder-refused' });
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
  const { row: order, watchers } = await deps.db
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
      const { alerted: watchers } = await deps.watch.alert(tx, {
        kind: 'started',
        msisdn,
        actorUserId: owner.userId,
        orderId: row.id,
        at: now,
      });
      return { row, watchers };
    })
    .catch(async (err: unknown) => {
      if (!isUniqueViolation(err)) throw err;
      // The same owner's other call made the draft a moment ago.
      const made = (await repo.openOrders(deps.db, msisdn)).find((o) => o.status === 'Initialized' && owns(o, owner));
      throw made ? draftExists(made.id) : err;
    });
  deps.peopleChanged?.(watchers);
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
