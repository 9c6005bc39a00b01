import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, CITIZENS, type CookieJar, signIn } from '../../../test/esia';
import { ACCEPTED, forgetNewApplicationCounts, operatorIdOf, tariffOf } from '../../../test/porting';
import { addDays, moscowDay } from '../../lib/moscow';
import { createTestApp, type TestApp } from '../../test/app';
import { portationOrders, portations } from '../porting/tables';

/**
 * «Удалить мои данные» raced against the submit of the person's own application (issue 35, finding 7):
 * on PostgreSQL the erasure's `FOR UPDATE` of the person's row and the submit's foreign-key lock on it
 * waited for each other in a circle and one of them answered 500. Both now take the person first
 * (decision 125), and a deadlock left anywhere is run again, never answered 500.
 */

let t: TestApp;
const ROUNDS = 42;
const MSISDN = '79286667788';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** A draft of Смирнов's own number, ready to submit (his Госуслуги profile lists it: no code needed). */
async function readyDraft(jar: CookieJar, round: number) {
  const remoteAddress = `10.35.${round}.7`;
  const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: authHeaders(jar), remoteAddress, payload });
  // One number in every round: more applications than a number may open a day (decision 123).
  await forgetNewApplicationCounts(t.app);
  const init = await call('POST', '/v1/order/portation/init', { msisdn: MSISDN });
  expect(init.statusCode, init.body).toBe(200);
  const order = init.json();
  const operatorId = await operatorIdOf(t.app, 'mts');
  const put = await call('PUT', `/v1/order/portation/${order.id}`, {
    operatorId,
    tariffId: await tariffOf(t.app, operatorId, order.regionCode),
    portationAt: addDays(moscowDay(new Date()), 8),
  });
  expect(put.statusCode, put.body).toBe(200);
  return { id: order.id as number, call };
}

describe('«Удалить мои данные» raced against a submit', () => {
  it(`never answers 5xx in ${ROUNDS} rounds, and ends consistently: submitted and kept, or erased and refused`, async () => {
    const outcomes = { submitted: 0, erased: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const jar = (await signIn(t.app, CITIZENS.smirnov)).jar;
      const draft = await readyDraft(jar, round);
      const [erase, submit] = await Promise.all([
        t.app.inject({ method: 'DELETE', url: '/api/v1/account', headers: authHeaders(jar) }),
        draft.call('PUT', `/v1/order/portation/${draft.id}/submit`, { ...ACCEPTED, consent: true }),
      ]);
      expect(erase.statusCode, `round ${round}: ${erase.body}`).toBeLessThan(500);
      expect(submit.statusCode, `round ${round}: ${submit.body}`).toBeLessThan(500);
      const [order] = await t.app.db.select().from(portationOrders).where(eq(portationOrders.id, draft.id));
      if (submit.statusCode === 200) {
        // The submit went first: the erasure waited for it and refused, naming the porting under way.
        outcomes.submitted++;
        expect(erase.statusCode, `round ${round}`).toBe(400);
        expect(erase.json().errors.account[0]).toMatch(/^Идёт перенос номера/);
        expect(order?.status).toBe('PendingBDPN');
        // Ended for the next round (the number takes one application at a time).
        const userId = order?.userId as number;
        await t.app.db
          .update(portationOrders)
          .set({ status: 'Deleted', reason: 'тест' })
          .where(and(eq(portationOrders.userId, userId), inArray(portationOrders.status, ['PendingBDPN'])));
        await t.app.db.update(portations).set({ status: 'Deleted' }).where(eq(portations.userId, userId));
      } else {
        // The erasure went first: the draft went with the data, the submit is refused as a signed-out
        // visitor's or a deleted application's, and nothing was submitted.
        outcomes.erased++;
        expect(erase.statusCode, `round ${round}`).toBe(204);
        expect([400, 401, 404], `round ${round}: ${submit.body}`).toContain(submit.statusCode);
        expect(order?.status).toBe('Deleted');
        expect(await t.app.db.select().from(portations).where(eq(portations.orderId, draft.id))).toEqual([]);
      }
    }
    expect(outcomes.submitted + outcomes.erased).toBe(ROUNDS);
  }, 300_000);
});
