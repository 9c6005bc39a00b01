import { and, asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCEPTED, forgetNewApplicationCounts } from '../../../test/porting';
import { addDays, moscowDay } from '../../lib/moscow';
import { HttpProblem } from '../../lib/problem';
import { deriveKey } from '../../lib/seal';
import { createTestApp, type TestApp } from '../../test/app';
import { upsertUser } from '../esia/repository';
import { buildProfile, sealPassport } from '../esia/service';
import { portedNumbers } from '../lookup/tables';
import { notifications } from '../notifications/tables';
import { tariffRegions } from '../tariffs/tables';
import { type Owner, UNMETERED } from './deps';
import { advancePortation, type EngineDeps } from './engine';
import { advanceBatch } from './engine-batch';
import { createHttpGateway, type PortingGateway } from './gateway';
import { WITHDRAW_QUEUE } from './queues';
import { clockedStandinGateway } from './standin-store';
import { initOrder } from './steps/init';
import { submitOrder } from './steps/submit';
import { updateOrder } from './steps/update';
import { bdpnStandinProcesses, portationEvents, portationOrders, portations } from './tables';
import { deleteOrder, withdrawalFailed, withdrawJob } from './withdrawal';

/**
 * A withdrawal raced against the submit and against every step of the engine, on a real database and
 * the central-database stand-in on a simulated clock. fast-check's scheduler lets every call to the
 * central database resolve in a random order, so each run is a different interleaving of the submit,
 * one or two withdrawals and up to three engine steps. Whatever the order, a withdrawal answered
 * «отозвано» leaves the number unmoved and the central database's process cancelled; a refused one
 * says why.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let t: TestApp;
let base: EngineDeps;
const START = Date.now();
const clock = { t: START };
let owner: Owner & { userId: number };
let megafon = 0;
let tariff = 0;

/** Fresh numbers of the demo plan (МТС, Moscow) for every run, so no run sees another's portings. */
const numberOf = (i: number) => `7916555${String(3000 + i)}`;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.db;
  const at = () => new Date(clock.t);
  base = {
    ...t.app.porting.deps,
    gateway: clockedStandinGateway(db, (m) => t.app.lookup.lookupFresh(m), at),
    now: at,
  };
  const seal = deriveKey(t.config.sessionSecret, 'personal data seal v1');
  const mobiles = Array.from({ length: 400 }, (_, i) => numberOf(i));
  const profile = buildProfile(
    { lastName: 'Гонкина', firstName: 'Вера', middleName: 'Павловна', birthDate: '02.03.1988' },
    mobiles.map((value) => ({ type: 'MBT', value, verified: true })),
    [],
  );
  const user = await upsertUser(
    db,
    '2000000101',
    'Гонкина Вера Павловна',
    profile,
    sealPassport(seal, [{ type: 'RF_PASSPORT', series: '4512', number: '345678', verified: true }]),
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

/** The gateway with each call held by the scheduler until it lets it through (in a random order). */
function scheduled(gateway: PortingGateway, s: fc.Scheduler): PortingGateway {
  return {
    submit: s.scheduleFunction(async function submit(a) {
      return gateway.submit(a);
    }),
    poll: s.scheduleFunction(async function poll(id, after) {
      return gateway.poll(id, after);
    }),
    cancel: s.scheduleFunction(async function cancel(id) {
      return gateway.cancel(id);
    }),
  };
}

async function portationOf(orderId: number) {
  const [p] = await t.app.db.select().from(portations).where(eq(portations.orderId, orderId));
  return p;
}

/** One step of the engine for the order's portation, if it has one: alone, or as a batch of the worker's. */
async function engineStep(deps: EngineDeps, orderId: number, batched = false) {
  const p = await portationOf(orderId);
  if (!p) return;
  if (!batched) return advancePortation(deps, p.id);
  const [err] = await advanceBatch(deps, [p.id], (failed) => {
    throw failed;
  });
  if (err !== undefined) throw err;
}

/** Runs the queued withdrawal jobs (workers are off in tests) the way pg-boss would. */
async function runWithdrawJobs(deps: EngineDeps) {
  const rows = await t.app.db.execute(
    sql`select id, data from pgboss.job where name = ${WITHDRAW_QUEUE} and state = 'created'`,
  );
  for (const row of (rows as unknown as { rows: { id: string; data: { portationId: number } }[] }).rows) {
    await withdrawJob(deps, row.data.portationId, { error: () => undefined });
    await t.app.db.execute(sql`update pgboss.job set state = 'completed' where id = ${row.id}`);
  }
}

/** Lets time pass and the engine run until the porting is over. */
async function settle(orderId: number) {
  await runWithdrawJobs(base);
  for (let i = 0; i < 30; i++) {
    const p = await portationOf(orderId);
    if (p?.status !== 'PendingBDPN') break;
    clock.t += 12 * HOUR;
    await advancePortation(base, p.id);
  }
  await runWithdrawJobs(base);
}

/** Moves the clock forward, letting the engine apply what the central database said meanwhile. */
async function advanceTo(orderId: number, target: number) {
  while (clock.t < target) {
    clock.t = Math.min(target, clock.t + 30 * MINUTE);
    await engineStep(base, orderId);
  }
}

/** Moments of the stand-in's process, from the application's arrival, around each of its steps. */
const MOMENTS = [
  0,
  4 * MINUTE,
  5 * MINUTE,
  2 * HOUR + 4 * MINUTE,
  2 * HOUR + 5 * MINUTE,
  2 * HOUR + 6 * MINUTE,
  DAY,
  8 * DAY + 2 * HOUR,
];

let run = 0;

describe('a withdrawal raced against the submit and the engine', () => {
  it('is either refused with a reason, or the number is never moved and the process is cancelled', async () => {
    const outcomes = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.record({
          submitFirst: fc.boolean(),
          moment: fc.constantFrom(...MOMENTS),
          engineSteps: fc.integer({ min: 0, max: 3 }),
          withdrawals: fc.integer({ min: 1, max: 2 }),
        }),
        async (s, plan) => {
          run++;
          const msisdn = numberOf(run);
          clock.t = START;
          const deps = { ...base, gateway: scheduled(base.gateway, s) };
          // One person in every run: more applications than a person may open a day (decision 123).
          await forgetNewApplicationCounts(t.app);
          const order = await initOrder(deps, owner, { msisdn }, UNMETERED);
          await updateOrder(deps, owner, order.id, {
            operatorId: megafon,
            tariffId: tariff,
            portationAt: addDays(moscowDay(new Date(clock.t)), 8),
          });
          const submitted = { ok: false };
          const submit = () =>
            submitOrder(deps, owner, order.id, { ...ACCEPTED, consent: true }).then(() => {
              submitted.ok = true;
            });
          if (plan.submitFirst) {
            await submit();
            await advanceTo(order.id, clock.t + plan.moment);
          }
          // The race: the withdrawal(s), the submit if not yet made, and engine steps, all at once.
          const withdrawals = Array.from({ length: plan.withdrawals }, () => deleteOrder(deps, owner, order.id));
          const racing = [
            ...withdrawals,
            ...(plan.submitFirst ? [] : [submit()]),
            ...Array.from({ length: plan.engineSteps }, (_, i) => engineStep(deps, order.id, i % 2 === 1)),
          ];
          const results = await s.waitFor(Promise.allSettled(racing));
          for (const r of results) {
            if (r.status === 'rejected' && !(r.reason instanceof HttpProblem && r.reason.status < 500)) throw r.reason;
          }
          const answered = results.slice(0, plan.withdrawals);
          await settle(order.id);

          const [final] = await t.app.db.select().from(portationOrders).where(eq(portationOrders.id, order.id));
          const p = await portationOf(order.id);
          const [process] = p
            ? await t.app.db
                .select({ record: bdpnStandinProcesses.record })
                .from(bdpnStandinProcesses)
                .where(eq(bdpnStandinProcesses.applicationId, `perenos-${p.id}`))
            : [];
          const cancelledAt = (process?.record as { cancelledAt?: number } | undefined)?.cancelledAt;
          const [moved] = await t.app.db
            .select()
            .from(portedNumbers)
            .where(eq(portedNumbers.msisdn, Number(msisdn)));
          const accepted = answered.some((r) => r.status === 'fulfilled');
          outcomes.add(`${accepted ? 'withdrawn' : 'refused'}:${final?.status}`);
          if (accepted) {
            // «Отозвано»: never moved, and the central database's process (if it got one) cancelled.
            expect(final?.status, JSON.stringify(plan)).toBe('Deleted');
            expect(p?.status ?? 'Deleted').toBe('Deleted');
            expect(moved).toBeUndefined();
            if (process) expect(cancelledAt, `process of order ${order.id}`).toBeDefined();
          } else {
            for (const r of answered) {
              const reason = (r as PromiseRejectedResult).reason as HttpProblem;
              expect(reason.status).toBe(400);
              expect(reason.errors?.status?.[0]).toMatch(/нельзя/);
            }
            expect(final?.status).not.toBe('PendingBDPN');
            expect(final?.reason ?? '').not.toBe('Отозвано по вашей просьбе.');
          }
          // The order, its portation and their timeline agree.
          if (p) expect(p.status).toBe(final?.status);
          if (final?.status === 'Done') expect(moved?.operatorId).toBe(megafon);
          const events = await t.app.db
            .select({ status: portationEvents.status, kind: portationEvents.kind })
            .from(portationEvents)
            .where(eq(portationEvents.orderId, order.id))
            .orderBy(portationEvents.id);
          expect(events.filter((e) => e.kind === 'cancelled').length).toBeLessThanOrEqual(1);
          expect(events.some((e) => e.kind === 'ported') && events.some((e) => e.kind === 'cancelled')).toBe(false);
          if (!submitted.ok && !plan.submitFirst) expect(p).toBeUndefined();
        },
      ),
      { numRuns: 40, seed: 20261126 },
    );
    // The runs met both answers, and the refusal after the window was scheduled ended in a porting.
    expect(outcomes).toContain('withdrawn:Deleted');
    expect(outcomes).toContain('refused:Done');
  }, 240_000);
});

describe('withdrawing at the central database when it does not answer', () => {
  it('answers 503 and keeps the application in force, then a retried job and the timeline tell the rest', async () => {
    clock.t = START;
    const msisdn = numberOf(399);
    await forgetNewApplicationCounts(t.app);
    const order = await initOrder(base, owner, { msisdn }, UNMETERED);
    await updateOrder(base, owner, order.id, {
      operatorId: megafon,
      tariffId: tariff,
      portationAt: addDays(moscowDay(new Date(clock.t)), 8),
    });
    await submitOrder(base, owner, order.id, { ...ACCEPTED, consent: true });
    await engineStep(base, order.id); // filed: the central database has it
    const down = { ...base, gateway: createHttpGateway({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 1000 }) };
    await expect(deleteOrder(down, owner, order.id)).rejects.toMatchObject({ status: 503 });
    const [still] = await t.app.db.select().from(portationOrders).where(eq(portationOrders.id, order.id));
    expect(still?.status).toBe('PendingBDPN');

    // An application the engine ended while the central database is down: its withdrawal job fails
    // (pg-boss retries it), and once retries are spent the timeline says so.
    const p = await portationOf(order.id);
    if (!p) throw new Error('no portation');
    await expect(withdrawJob(down, p.id, { error: () => undefined })).rejects.toThrow(/БДПН недоступна/);
    const logged: object[] = [];
    await withdrawalFailed(base, p.id, { error: (o) => logged.push(o) });
    expect(logged).toEqual([{ portationId: p.id }]);
    const events = await t.app.db
      .select({ kind: portationEvents.kind, description: portationEvents.description })
      .from(portationEvents)
      .where(eq(portationEvents.portationId, p.id))
      // In the order written: PostgreSQL promises no order without one.
      .orderBy(asc(portationEvents.id));
    expect(events.at(-1)).toMatchObject({ kind: 'withdrawal-failed' });
    expect(events.at(-1)?.description).toMatch(/Не удалось отозвать заявление в БДПН/);
  });
});

describe('what the applicant hears around a withdrawal', () => {
  /** A submitted application of a fresh number, its steps applied up to `ms` after the submit. */
  async function submittedFor(i: number, ms: number) {
    clock.t = START;
    await forgetNewApplicationCounts(t.app);
    const order = await initOrder(base, owner, { msisdn: numberOf(i) }, UNMETERED);
    await updateOrder(base, owner, order.id, {
      operatorId: megafon,
      tariffId: tariff,
      portationAt: addDays(moscowDay(new Date(clock.t)), 8),
    });
    await submitOrder(base, owner, order.id, { ...ACCEPTED, consent: true });
    await advanceTo(order.id, clock.t + ms);
    return order.id;
  }

  const messagesOf = (orderId: number) =>
    t.app.db
      .select({ status: notifications.status, body: notifications.body })
      .from(notifications)
      .where(eq(notifications.orderId, orderId))
      .orderBy(asc(notifications.id));

  it('sends no step of the process after «отозвано»: what was queued and not sent is skipped', async () => {
    const id = await submittedFor(390, 5 * MINUTE);
    const before = await messagesOf(id);
    // The steps so far are queued (the sending workers are off here), not sent.
    expect(before.filter((m) => m.status === 'pending').length).toBeGreaterThan(0);
    await deleteOrder(base, owner, id);
    const after = await messagesOf(id);
    const pending = after.filter((m) => m.status === 'pending');
    // Only the withdrawal's own messages (SMS, and e-mail when there is an address) are still to go.
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((m) => m.body.includes('отозвано'))).toBe(true);
    expect(after.filter((m) => m.status === 'skipped').length).toBe(before.length);
    // Asked again, the same answer: it is withdrawn.
    await expect(deleteOrder(base, owner, id)).resolves.toBeUndefined();
  });

  it('answers 409 with what happened when the application had ended otherwise, not «отозвано»', async () => {
    const id = await submittedFor(391, 5 * MINUTE);
    // The donor refused it a moment before the withdrawal arrived.
    const reason = 'Отказ оператора: паспортные данные не совпадают с договором.';
    await t.app.db.update(portationOrders).set({ status: 'Deleted', reason }).where(eq(portationOrders.id, id));
    await t.app.db.update(portations).set({ status: 'Deleted', reason }).where(eq(portations.orderId, id));
    await t.app.db.insert(portationEvents).values({
      orderId: id,
      occurredAt: new Date(clock.t),
      status: 'Deleted',
      kind: 'donor-rejected',
      description: reason,
    });
    const refused = await deleteOrder(base, owner, id).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(HttpProblem);
    expect((refused as HttpProblem).status).toBe(409);
    expect((refused as HttpProblem).detail).toBe(
      'Отзывать нечего: Отказ оператора: паспортные данные не совпадают с договором.',
    );
  });
});
