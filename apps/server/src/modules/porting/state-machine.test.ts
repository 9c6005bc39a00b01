import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCEPTED } from '../../../test/porting';
import { addDays, moscowDay } from '../../lib/moscow';
import { HttpProblem } from '../../lib/problem';
import { deriveKey } from '../../lib/seal';
import { createTestApp, type TestApp } from '../../test/app';
import { upsertUser } from '../esia/repository';
import { buildProfile, sealPassport } from '../esia/service';
import { portedNumbers } from '../lookup/tables';
import { tariffRegions } from '../tariffs/tables';
import { type Owner, UNMETERED } from './deps';
import { type EngineDeps, expireDrafts } from './engine';
import { advanceBatch } from './engine-batch';
import { clockedStandinGateway } from './standin-store';
import { sendCode } from './steps/code';
import { initOrder } from './steps/init';
import { submitOrder } from './steps/submit';
import { updateOrder } from './steps/update';
import { type OrderStatus, portationEvents, portationOrders, portations } from './tables';
import { deleteOrder } from './withdrawal';

/**
 * Random sequences of the five calls, SMS codes, engine steps, expiry and the passing of time,
 * on a real database with the central-database stand-in on a simulated clock: after every step no
 * order or portation has made an illegal transition or is half-written.
 */

const ALLOWED: Record<OrderStatus, OrderStatus[]> = {
  Initialized: ['Initialized', 'PendingBDPN', 'Deleted'],
  PendingBDPN: ['PendingBDPN', 'Done', 'Deleted'],
  Done: ['Done'],
  Deleted: ['Deleted'],
};

let t: TestApp;
let deps: EngineDeps;
const clock = { t: Date.now() };
const owners: Owner[] = [];
let megafon = 0;
let beeline = 0;
const tariffs = new Map<number, number>();

beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.db;
  const at = () => new Date(clock.t);
  const gateway = clockedStandinGateway(db, (msisdn) => t.app.lookup.lookupFresh(msisdn), at);
  deps = { ...t.app.porting.deps, gateway, now: at, smsEnabled: true };
  // Two subscribers with passports: the first has the test numbers among his verified mobiles, the
  // second must confirm them by SMS code.
  const seal = deriveKey(t.config.sessionSecret, 'personal data seal v1');
  const mobiles = Array.from({ length: 1000 }, (_, i) => numberOf(i));
  for (const [i, oid] of ['2000000001', '2000000002'].entries()) {
    const profile = buildProfile(
      { lastName: `Тестов${i}`, firstName: 'Тест', middleName: 'Тестович', birthDate: '01.01.1990' },
      (i === 0 ? mobiles : []).map((value) => ({ type: 'MBT', value, verified: true })),
      [],
    );
    const user = await upsertUser(
      db,
      oid,
      `Тестов${i} Тест Тестович`,
      profile,
      sealPassport(seal, [{ type: 'RF_PASSPORT', series: '1234', number: `56789${i}`, verified: true }]),
      new Date(),
    );
    owners.push({ userId: user.id, browserId: `browser-${i}` });
  }
  owners.push({ userId: null, browserId: 'anonymous-browser' });
  const ops = await t.app.inject({ method: 'GET', url: '/api/v1/operator/list?Take=100' });
  const bySlug = (slug: string) => ops.json().data.find((o: { slug: string }) => o.slug === slug).id as number;
  megafon = bySlug('megafon');
  beeline = bySlug('beeline');
  for (const op of [megafon, beeline]) {
    const [row] = await db
      .select({ id: tariffRegions.tariffId })
      .from(tariffRegions)
      .where(and(eq(tariffRegions.operatorId, op), eq(tariffRegions.regionCode, 77)))
      .limit(1);
    tariffs.set(op, row?.id ?? 0);
  }
});
afterAll(async () => t?.close());

type Action =
  | { kind: 'init'; who: number; number: number }
  | { kind: 'update'; who: number; number: number; to: 'megafon' | 'beeline'; dayOffset: number }
  | { kind: 'code'; who: number; number: number }
  | { kind: 'submit'; who: number; number: number; consent: boolean }
  | { kind: 'delete'; who: number; number: number }
  | { kind: 'engine' }
  | { kind: 'expire' }
  | { kind: 'wait'; ms: number };

const who = fc.integer({ min: 0, max: 2 });
const number = fc.integer({ min: 0, max: 1 });
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('init' as const), who, number }),
  fc.record({
    kind: fc.constant('update' as const),
    who,
    number,
    to: fc.constantFrom('megafon' as const, 'beeline' as const),
    dayOffset: fc.constantFrom(7, 8, 30, 200),
  }),
  fc.record({ kind: fc.constant('code' as const), who, number }),
  fc.record({ kind: fc.constant('submit' as const), who, number, consent: fc.boolean() }),
  fc.record({ kind: fc.constant('delete' as const), who, number }),
  fc.constant({ kind: 'engine' as const }),
  fc.constant({ kind: 'engine' as const }),
  fc.constant({ kind: 'expire' as const }),
  fc.record({
    kind: fc.constant('wait' as const),
    ms: fc.constantFrom(60_000, 3 * 3600_000, 9 * 86_400_000, 70 * 86_400_000),
  }),
);

let run = 0;

/** The test numbers: fresh ones for every run, so no run sees another's portings. */
function numberOf(i: number): string {
  return `7916555${String(2000 + i)}`;
}

/** Every order of the run's numbers with its portations, events and registry entry. */
async function snapshot(msisdns: string[]) {
  const db = t.app.db;
  const orders = await db.select().from(portationOrders).where(inArray(portationOrders.msisdn, msisdns));
  const ids = orders.map((o) => o.id);
  const ps = ids.length ? await db.select().from(portations).where(inArray(portations.orderId, ids)) : [];
  const events = ids.length ? await db.select().from(portationEvents).where(inArray(portationEvents.orderId, ids)) : [];
  const registry = await db
    .select()
    .from(portedNumbers)
    .where(inArray(portedNumbers.msisdn, msisdns.map(Number)));
  return { orders, ps, events, registry };
}

describe('the porting state machine', () => {
  it('never makes an illegal transition or a half-written order', async () => {
    const reached = new Set<OrderStatus>();
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 4, maxLength: 18 }), async (random) => {
        run++;
        // Every run starts with one submitted application, so the engine has something to carry.
        const actions: Action[] = [
          { kind: 'init', who: 0, number: 0 },
          { kind: 'update', who: 0, number: 0, to: 'megafon', dayOffset: 8 },
          { kind: 'submit', who: 0, number: 0, consent: true },
          ...random,
        ];
        const msisdns = [numberOf((run * 2) % 1000), numberOf((run * 2 + 1) % 1000)];
        const seen = new Map<number, OrderStatus>();
        const orderOf = async (owner: Owner, msisdn: string) => {
          const rows = await t.app.db
            .select({ id: portationOrders.id, userId: portationOrders.userId, browserId: portationOrders.browserId })
            .from(portationOrders)
            .where(eq(portationOrders.msisdn, msisdn));
          const mine = rows.filter((r) =>
            r.userId !== null ? r.userId === owner.userId : r.browserId === owner.browserId,
          );
          return mine.at(-1)?.id ?? rows.at(-1)?.id ?? 1;
        };
        for (const a of actions) {
          try {
            if (a.kind === 'wait') clock.t += a.ms;
            else if (a.kind === 'expire') await expireDrafts(deps);
            else if (a.kind === 'engine') {
              const pending = await t.app.db
                .select({ id: portations.id })
                .from(portations)
                .where(and(eq(portations.status, 'PendingBDPN'), inArray(portations.msisdn, msisdns)));
              // The engine's worker steps a fetched batch at once (decision 150).
              const failed = await advanceBatch(
                deps,
                pending.map((p) => p.id),
                (err) => {
                  throw err;
                },
              );
              for (const err of failed) if (err !== undefined) throw err;
              await t.app.lookup.refresh();
            } else {
              const owner = owners[a.who] as Owner;
              const msisdn = msisdns[a.number] as string;
              const signed = owner.userId === null ? null : (owner as Owner & { userId: number });
              if (a.kind === 'init') await initOrder(deps, owner, { msisdn }, UNMETERED);
              else if (a.kind === 'delete') await deleteOrder(deps, owner, await orderOf(owner, msisdn));
              else if (signed && a.kind === 'update') {
                const to = a.to === 'megafon' ? megafon : beeline;
                await updateOrder(deps, signed, await orderOf(owner, msisdn), {
                  operatorId: to,
                  tariffId: tariffs.get(to) ?? 0,
                  portationAt: addDays(moscowDay(new Date(clock.t)), a.dayOffset),
                });
              } else if (signed && a.kind === 'code') await sendCode(deps, signed, await orderOf(owner, msisdn));
              else if (signed && a.kind === 'submit') {
                await submitOrder(deps, signed, await orderOf(owner, msisdn), { ...ACCEPTED, consent: a.consent });
              }
            }
          } catch (err) {
            // Refusals are answers (4xx problem documents); anything else is a bug.
            if (!(err instanceof HttpProblem) || err.status >= 500) throw err;
          }
          const { orders, ps, events, registry } = await snapshot(msisdns);
          for (const o of orders) {
            const before = seen.get(o.id);
            if (before) expect(ALLOWED[before], `order ${o.id}: ${before} → ${o.status}`).toContain(o.status);
            seen.set(o.id, o.status);
            const mine = events.filter((e) => e.orderId === o.id).sort((x, y) => x.id - y.id);
            expect(mine[0]?.kind).toBe('created');
            expect(mine.at(-1)?.status, `order ${o.id} timeline`).toBe(o.status);
            const p = ps.filter((x) => x.orderId === o.id);
            expect(p.length).toBeLessThanOrEqual(1);
            if (o.status === 'Initialized') expect(p).toHaveLength(0);
            if (o.status !== 'Initialized' && o.submittedAt !== null) expect(p[0]?.status).toBe(o.status);
            if (o.status === 'Deleted') expect(o.reason).not.toBeNull();
            if (o.status === 'Done') {
              expect(p[0]?.completedAt).not.toBeNull();
              const entry = registry.find((r) => r.msisdn === Number(o.msisdn));
              expect(entry?.operatorId).toBe(o.toOperatorId);
            }
          }
          for (const m of msisdns) {
            expect(orders.filter((o) => o.msisdn === m && o.status === 'PendingBDPN').length).toBeLessThanOrEqual(1);
          }
          for (const o of orders) reached.add(o.status);
        }
      }),
      { numRuns: 15, seed: 20261124 },
    );
    // The runs went through every status, not only the first steps.
    expect([...reached].sort()).toEqual(['Deleted', 'Done', 'Initialized', 'PendingBDPN']);
  }, 240_000);
});
