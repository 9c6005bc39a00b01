import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCEPTED, forgetNewApplicationCounts } from '../../../test/porting';
import { addDays, moscowDay } from '../../lib/moscow';
import { deriveKey } from '../../lib/seal';
import { createTestApp, type TestApp } from '../../test/app';
import { upsertUser } from '../esia/repository';
import { buildProfile, sealPassport } from '../esia/service';
import { portedNumbers } from '../lookup/tables';
import { tariffRegions } from '../tariffs/tables';
import { type Owner, UNMETERED } from './deps';
import type { EngineDeps } from './engine';
import { advanceBatch } from './engine-batch';
import { GatewayUnavailable } from './gateway';
import { clockedStandinGateway } from './standin-store';
import { initOrder } from './steps/init';
import { submitOrder } from './steps/submit';
import { updateOrder } from './steps/update';
import { portationEvents, portationOrders, portations } from './tables';
import { deleteOrder } from './withdrawal';

/**
 * The engine's worker steps a fetched batch together (decision 150): one transaction for the batch,
 * each portation as its own step would leave it; a portation whose step fails does not hold the others.
 */

const HOUR = 3600_000;
let t: TestApp;
let base: EngineDeps;
const clock = { t: Date.now() };
let owner: Owner & { userId: number };
let megafon = 0;
let tariff = 0;
let next = 0;

/** Fresh numbers for every test of the run. */
const numberOf = (i: number) => `7916555${String(6000 + i)}`;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.db;
  const at = () => new Date(clock.t);
  base = { ...t.app.porting.deps, gateway: clockedStandinGateway(db, (m) => t.app.lookup.lookupFresh(m), at), now: at };
  const profile = buildProfile(
    { lastName: 'Пакетова', firstName: 'Анна', middleName: 'Ивановна', birthDate: '02.03.1985' },
    Array.from({ length: 60 }, (_, i) => ({ type: 'MBT', value: numberOf(i), verified: true })),
    [],
  );
  const user = await upsertUser(
    db,
    '2000000150',
    'Пакетова Анна Ивановна',
    profile,
    sealPassport(deriveKey(t.config.sessionSecret, 'personal data seal v1'), [
      { type: 'RF_PASSPORT', series: '4513', number: '345150', verified: true },
    ]),
    new Date(),
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

/** Submitted orders with their portations. */
async function submitted(n: number) {
  await forgetNewApplicationCounts(t.app);
  const out: { orderId: number; portationId: number; msisdn: string }[] = [];
  for (let i = 0; i < n; i++) {
    const msisdn = numberOf(next++);
    const order = await initOrder(base, owner, { msisdn }, UNMETERED);
    await updateOrder(base, owner, order.id, {
      operatorId: megafon,
      tariffId: tariff,
      portationAt: addDays(moscowDay(new Date(clock.t)), 8),
    });
    await submitOrder(base, owner, order.id, { ...ACCEPTED, consent: true });
    const [p] = await t.app.db.select().from(portations).where(eq(portations.orderId, order.id));
    out.push({ orderId: order.id, portationId: p?.id ?? 0, msisdn });
  }
  return out;
}

/** The batch's steps until every portation is over (a step every 12 hours of the stand-in's clock). */
async function drive(deps: EngineDeps, ids: number[], strict = true) {
  const errors: unknown[] = [];
  for (let i = 0; i < 30; i++) {
    const pending = await t.app.db
      .select({ id: portations.id })
      .from(portations)
      .where(and(inArray(portations.id, ids), eq(portations.status, 'PendingBDPN')));
    if (pending.length === 0) break;
    clock.t += 12 * HOUR;
    const failed = await advanceBatch(
      deps,
      pending.map((p) => p.id),
      (err) => {
        if (strict) throw err;
      },
    );
    errors.push(...failed.filter((e) => e !== undefined));
  }
  return errors;
}

async function eventsOf(portationIds: number[]) {
  return t.app.db
    .select({ portationId: portationEvents.portationId, kind: portationEvents.kind })
    .from(portationEvents)
    .where(inArray(portationEvents.portationId, portationIds));
}

describe('a batch of engine steps', () => {
  it('carries every portation of the batch to Done, each step once, the registry written', async () => {
    const ps = await submitted(6);
    const ids = ps.map((p) => p.portationId);
    expect(await drive(base, [...ids, ...ids])).toEqual([]);
    const orders = await t.app.db
      .select()
      .from(portationOrders)
      .where(
        inArray(
          portationOrders.id,
          ps.map((p) => p.orderId),
        ),
      );
    expect(orders.map((o) => o.status)).toEqual(ps.map(() => 'Done'));
    const events = await eventsOf(ids);
    for (const id of ids) {
      const mine = events.filter((e) => e.portationId === id).map((e) => e.kind);
      expect(mine.filter((k) => k === 'registered')).toHaveLength(1);
      expect(mine.filter((k) => k === 'ported')).toHaveLength(1);
    }
    const moved = await t.app.db
      .select()
      .from(portedNumbers)
      .where(
        inArray(
          portedNumbers.msisdn,
          ps.map((p) => Number(p.msisdn)),
        ),
      );
    expect(moved.map((m) => m.operatorId)).toEqual(ps.map(() => megafon));
  });

  it('leaves a withdrawn portation withdrawn, and a portation whose central database fails to its retry', async () => {
    const [gone, failing, ...rest] = await submitted(4);
    if (!gone || !failing) throw new Error('no orders');
    await deleteOrder(base, owner, gone.orderId);
    const deps: EngineDeps = {
      ...base,
      gateway: {
        ...base.gateway,
        submit: async (a) => {
          if (a.msisdn === failing.msisdn) throw new GatewayUnavailable('нет ответа');
          return base.gateway.submit(a);
        },
      },
    };
    const ids = [gone, failing, ...rest].map((p) => p.portationId);
    const failed = await advanceBatch(deps, ids, (err) => {
      throw err;
    });
    expect(failed.map((e) => e !== undefined)).toEqual([false, true, false, false]);
    expect(await drive(base, ids)).toEqual([]);
    const rows = await t.app.db.select().from(portations).where(inArray(portations.id, ids));
    const statusOf = (id: number) => rows.find((r) => r.id === id)?.status;
    expect(statusOf(gone.portationId)).toBe('Deleted');
    expect(statusOf(failing.portationId)).toBe('Done');
    for (const p of rest) expect(statusOf(p.portationId)).toBe('Done');
    const events = await eventsOf([gone.portationId]);
    expect(events.map((e) => e.kind)).not.toContain('registered');
  });

  it('steps each portation alone when the batch’s transaction fails, and fails only the one at fault', async () => {
    const [bad, ...good] = await submitted(3);
    if (!bad) throw new Error('no orders');
    const heard: unknown[] = [];
    // The lookup fails for one number: its completion cannot be written to the registry.
    const deps: EngineDeps = {
      ...base,
      lookup: async (msisdn) => {
        if (msisdn === bad.msisdn) throw new Error('справочник недоступен');
        return base.lookup(msisdn);
      },
    };
    const ids = [bad, ...good].map((p) => p.portationId);
    const failures: unknown[] = [];
    for (let i = 0; i < 30; i++) {
      clock.t += 12 * HOUR;
      const failed = await advanceBatch(deps, ids, (err) => heard.push(err));
      failures.push(...failed.filter((e) => e !== undefined));
      if (failures.length > 0) break;
    }
    expect(heard.length).toBeGreaterThan(0);
    expect(failures).toHaveLength(1);
    const rows = await t.app.db.select().from(portations).where(inArray(portations.id, ids));
    expect(rows.find((r) => r.id === bad.portationId)?.status).toBe('PendingBDPN');
    for (const p of good) expect(rows.find((r) => r.id === p.portationId)?.status).toBe('Done');
    expect(await drive(base, ids)).toEqual([]);
    const events = await eventsOf(ids);
    for (const id of ids) {
      expect(events.filter((e) => e.portationId === id && e.kind === 'registered')).toHaveLength(1);
      expect(events.filter((e) => e.portationId === id && e.kind === 'ported')).toHaveLength(1);
    }
  });
});
