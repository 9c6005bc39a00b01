import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, CITIZENS, type CookieJar, signIn } from '../../../test/esia';
import { ACCEPTED } from '../../../test/porting';
import { addDays, moscowDay } from '../../lib/moscow';
import { createTestApp, type TestApp } from '../../test/app';
import { tariffRegions } from '../tariffs/tables';
import { users } from '../users/tables';
import { portationOrders } from './tables';

/**
 * ESIA answering everything but the documents at sign-in: the passport known from before is kept, and
 * where none is known the porting asks to sign in again — never «there is no passport in Госуслуги».
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** Signs in while ESIA's documents call fails. */
async function signInWithoutDocuments(oid: string): Promise<CookieJar> {
  const adapter = t.app.esia?.adapter;
  if (!adapter) throw new Error('no ESIA');
  const documents = adapter.documents;
  adapter.documents = async () => {
    throw new Error('ECONNRESET: Госуслуги не ответили');
  };
  try {
    return (await signIn(t.app, oid)).jar;
  } finally {
    adapter.documents = documents;
  }
}

async function preparedOrder(jar: CookieJar, msisdn: string) {
  const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: authHeaders(jar), payload });
  const order = (await call('POST', '/v1/order/portation/init', { msisdn })).json();
  const megafon = (await t.app.inject({ method: 'GET', url: '/api/v1/operator/megafon' })).json().id;
  const [tariff] = await t.app.db
    .select({ id: tariffRegions.tariffId })
    .from(tariffRegions)
    .where(and(eq(tariffRegions.operatorId, megafon), eq(tariffRegions.regionCode, 77)))
    .limit(1);
  const put = await call('PUT', `/v1/order/portation/${order.id}`, {
    operatorId: megafon,
    tariffId: tariff?.id,
    portationAt: addDays(moscowDay(new Date()), 8),
  });
  expect(put.statusCode, put.body).toBe(200);
  return { order, submit: () => call('PUT', `/v1/order/portation/${order.id}/submit`, { ...ACCEPTED, consent: true }) };
}

describe('ESIA without the documents at sign-in', () => {
  it('keeps the passport known from before, so the porting goes on', async () => {
    const [before] = await t.app.db.select().from(users).where(eq(users.oid, CITIZENS.ivanov));
    expect(before?.passportSealed).toBeTruthy();
    const jar = await signInWithoutDocuments(CITIZENS.ivanov);
    const [after] = await t.app.db.select().from(users).where(eq(users.oid, CITIZENS.ivanov));
    expect(after?.passportSealed).toBe(before?.passportSealed);
    expect(after?.profile?.passportMasked).toBe(before?.profile?.passportMasked);
    const { submit } = await preparedOrder(jar, '79037654321');
    const res = await submit();
    expect(res.statusCode, res.body).toBe(200);
  });

  it('asks to sign in again when no passport was known, instead of saying there is none', async () => {
    await t.app.db.update(users).set({ passportSealed: null }).where(eq(users.oid, CITIZENS.petrova));
    const jar = await signInWithoutDocuments(CITIZENS.petrova);
    const [petrova] = await t.app.db.select().from(users).where(eq(users.oid, CITIZENS.petrova));
    const msisdn = petrova?.profile?.mobiles[0] ?? '';
    const { submit } = await preparedOrder(jar, msisdn);
    const res = await submit();
    expect(res.statusCode).toBe(503);
    expect(res.json().title).toBe('Госуслуги не передали паспортные данные');
    expect(res.json().detail).toContain('Выйдите и войдите на сайт снова');
    // A sign-in with ESIA answering again brings the passport back, and the porting goes through.
    const again = (await signIn(t.app, CITIZENS.petrova)).jar;
    const retry = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/order/portation/${await preparedOrderId(msisdn)}/submit`,
      headers: authHeaders(again),
      payload: { ...ACCEPTED, consent: true },
    });
    expect(retry.statusCode, retry.body).toBe(200);
  });
});

async function preparedOrderId(msisdn: string): Promise<number> {
  const [row] = await t.app.db
    .select({ id: portationOrders.id })
    .from(portationOrders)
    .where(and(eq(portationOrders.msisdn, msisdn), eq(portationOrders.status, 'Initialized')));
  return row?.id ?? 0;
}
