import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCEPTED } from '../../../test/porting';
import { addDays, moscowDay } from '../../lib/moscow';
import { deriveKey } from '../../lib/seal';
import { createTestApp, type TestApp } from '../../test/app';
import { upsertUser } from '../esia/repository';
import { buildProfile, sealPassport } from '../esia/service';
import type { StaffActor } from '../staff';
import { staffAudit } from '../staff/tables';
import { tariffRegions } from '../tariffs/tables';
import { type Owner, UNMETERED } from './deps';
import { advancePortation, type EngineDeps } from './engine';
import { createHttpGateway } from './gateway';
import { cancelByStaff } from './staff-service';
import { clockedStandinGateway } from './standin-store';
import { initOrder } from './steps/init';
import { submitOrder } from './steps/submit';
import { updateOrder } from './steps/update';
import { portationOrders, portations } from './tables';

/**
 * Issue 35, finding 9: a support cancellation of a filed application asks the central database to cancel
 * it; when the engine applied that «Cancelled» first, the cancellation answered 409 and left no audit
 * record, although it had changed the central database. Now every cancellation that reached the central
 * database is audited with what came of it.
 */

let t: TestApp;
let base: EngineDeps;
const clock = { t: Date.parse('2030-03-04T07:00:00Z') };
let owner: Owner & { userId: number };
let megafon = 0;
let tariff = 0;
const numberOf = (i: number) => `7916555${String(3600 + i)}`;
const actor = (): StaffActor => ({ oid: '1000000008', name: 'Долгова', roles: ['support'], audited: 0 });

beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.db;
  const at = () => new Date(clock.t);
  base = {
    ...t.app.porting.deps,
    gateway: clockedStandinGateway(db, (m) => t.app.lookup.lookupFresh(m), at),
    now: at,
  };
  const profile = buildProfile(
    { lastName: 'Отменова', firstName: 'Ольга', middleName: 'Петровна', birthDate: '02.03.1988' },
    [0, 1, 2].map((i) => ({ type: 'MBT', value: numberOf(i), verified: true })),
    [],
  );
  const user = await upsertUser(
    db,
    '2000000301',
    'Отменова Ольга Петровна',
    profile,
    sealPassport(deriveKey(t.config.sessionSecret, 'personal data seal v1'), [
      { type: 'RF_PASSPORT', series: '4512', number: '345679', verified: true },
    ]),
    new Date(clock.t),
  );
  owner = { userId: user.id, browserId: null };
  const ops = (await t.app.inject({ method: 'GET', url: '/api/v1/operator/list?Take=100' })).json();
  megafon = ops.data.find((o: { slug: string }) => o.slug === 'megafon').id;
  const [row] = await db
    .select({ id: tariffRegions.tariffId })
    .from(tariffRegions)
    .where(and(eq(tariffRegions.operatorId, megafon), eq(tariffRegions.regionCode, 77)))
    .limit(1);
  tariff = row?.id ?? 0;
});
afterAll(async () => t?.close());

/** An application submitted and filed with the central database (the engine's first step). */
async function filed(msisdn: string): Promise<number> {
  const order = await initOrder(base, owner, { msisdn }, UNMETERED);
  await updateOrder(base, owner, order.id, {
    operatorId: megafon,
    tariffId: tariff,
    portationAt: addDays(moscowDay(new Date(clock.t)), 8),
  });
  await submitOrder(base, owner, order.id, { ...ACCEPTED, consent: true });
  await engineStep(order.id);
  const [p] = await t.app.db.select().from(portations).where(eq(portations.orderId, order.id));
  expect(p?.processId).toBeTruthy();
  return order.id;
}

async function engineStep(orderId: number) {
  const [p] = await t.app.db.select().from(portations).where(eq(portations.orderId, orderId));
  if (p) await advancePortation(base, p.id);
}

const statusOf = async (id: number) =>
  (await t.app.db.select().from(portationOrders).where(eq(portationOrders.id, id)))[0]?.status;

const cancellations = (id: number) =>
  t.app.db
    .select({ details: staffAudit.details })
    .from(staffAudit)
    .where(and(eq(staffAudit.target, `order:${id}`), eq(staffAudit.action, 'porting.cancel')))
    .orderBy(asc(staffAudit.id));

describe('a support cancellation of a filed application', () => {
  it('that wins the race is audited as withdrawn at the central database', async () => {
    const id = await filed(numberOf(0));
    await cancelByStaff(base, actor(), id, 'донор не отвечает');
    expect(await statusOf(id)).toBe('Deleted');
    expect((await cancellations(id)).map((a) => a.details)).toEqual([
      { reason: 'донор не отвечает', from: 'PendingBDPN', centralDatabase: true, result: 'withdrawn' },
    ]);
  });

  it('that loses the race with the engine is audited too, with what came of it', async () => {
    const id = await filed(numberOf(1));
    // The engine applies the central database's «Cancelled» between its answer and the site's own ending.
    const racing: EngineDeps = {
      ...base,
      gateway: {
        ...base.gateway,
        cancel: async (processId) => {
          const answer = await base.gateway.cancel(processId);
          await engineStep(id);
          expect(await statusOf(id)).toBe('Deleted');
          return answer;
        },
      },
    };
    await expect(cancelByStaff(racing, actor(), id, 'донор не отвечает')).rejects.toMatchObject({ status: 409 });
    expect((await cancellations(id)).map((a) => a.details)).toEqual([
      { reason: 'донор не отвечает', from: 'PendingBDPN', centralDatabase: true, result: 'already-ended' },
    ]);
  });

  it('that cannot reach the central database is audited as asked, and the application stays in force', async () => {
    const id = await filed(numberOf(2));
    const down = { ...base, gateway: createHttpGateway({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 1000 }) };
    await expect(cancelByStaff(down, actor(), id, 'донор не отвечает')).rejects.toMatchObject({ status: 503 });
    expect(await statusOf(id)).toBe('PendingBDPN');
    expect((await cancellations(id)).map((a) => a.details)).toEqual([
      { reason: 'донор не отвечает', from: 'PendingBDPN', centralDatabase: true, result: 'unavailable' },
    ]);
  });
});
