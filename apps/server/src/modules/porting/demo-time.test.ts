import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, CITIZENS, type CookieJar, signIn } from '../../../test/esia';
import { operatorIdOf, tariffOf } from '../../../test/porting';
import { loadConfig } from '../../config/env';
import { manualClock, wallClockMs } from '../../lib/clock';
import { addDays, formatDayInWords, formatDayNumeric, moscowDay } from '../../lib/moscow';
import { createTestApp, type TestApp } from '../../test/app';
import { notifications } from '../notifications/tables';
import { CONTRACT_VERSION } from './contract-terms';
import { advancePortation } from './engine';
import { portations } from './tables';

/**
 * One clock for every sentence (issue 36, decision 140): at the demo's time scale (5000, the donor's
 * minute) every date and time a person reads — the order's window and timeline, the debt's pay-by date,
 * the refusal, the SMS and e-mail — is the real moment it happens, within the run's minutes, not the
 * process-time night days ahead; and a person has the minute to withdraw. The whole site runs on one
 * clock the test moves: the order calls, the engine, and the central-database stand-in behind its HTTP
 * gateway.
 */

const SEC = 1000;
const MIN = 60 * SEC;
const clock = manualClock(wallClockMs());
let t: TestApp;
let ivanov: CookieJar;
let dolgova: CookieJar;

beforeAll(async () => {
  const porting = loadConfig({ NODE_ENV: 'test' }).porting;
  t = await createTestApp({ porting: { ...porting, timeScale: 5000, donorWaitMs: MIN } }, 'demo', undefined, clock);
  // The demo's seed took its time: the run starts now.
  clock.set(wallClockMs());
  // Signed in before the clock moves: the ESIA stand-in checks its requests' time by the machine's.
  ivanov = (await signIn(t.app, CITIZENS.ivanov)).jar;
  dolgova = (await signIn(t.app, CITIZENS.dolgova)).jar;
});
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
async function call(method: Method, url: string, jar: CookieJar, payload?: object): Promise<LightMyRequestResponse> {
  const res = await t.app.inject({
    method,
    url: `/api${url}`,
    headers: authHeaders(jar),
    ...(payload ? { payload } : {}),
  });
  jar.take(res);
  return res;
}

/** Steps 1–3: an application filed on `day` days ahead (the earliest, 8). */
async function submitted(jar: CookieJar, msisdn: string, to: string, sim: object): Promise<number> {
  const init = await call('POST', '/v1/order/portation/init', jar, { msisdn });
  expect(init.statusCode, init.body).toBe(200);
  const { id, regionCode } = init.json();
  const op = await operatorIdOf(t.app, to);
  const put = await call('PUT', `/v1/order/portation/${id}`, jar, {
    operatorId: op,
    tariffId: await tariffOf(t.app, op, regionCode),
    portationAt: addDays(moscowDay(clock()), 8),
    email: 'subscriber@example.ru',
    sim,
  });
  expect(put.statusCode, put.body).toBe(200);
  const submit = await call('PUT', `/v1/order/portation/${id}/submit`, jar, {
    consent: true,
    contractVersion: CONTRACT_VERSION,
  });
  expect(submit.statusCode, submit.body).toBe(200);
  return id;
}

/** Real seconds pass, the engine applying what the central database said meanwhile. */
async function pass(orderId: number, ms: number, step = SEC): Promise<void> {
  const end = clock.t + ms;
  while (clock.t < end) {
    clock.advance(Math.min(step, end - clock.t));
    const [p] = await t.app.db.select().from(portations).where(eq(portations.orderId, orderId));
    const { gateway } = t.app.porting.deps;
    if (p?.status === 'PendingBDPN' && gateway) await advancePortation({ ...t.app.porting.deps, gateway }, p.id);
  }
}

async function order(jar: CookieJar, id: number) {
  return (await call('GET', `/v1/order/portation/${id}`, jar)).json();
}

/** Every date a text names, as a Moscow day: «2 декабря 2026» and «02.12.2026» alike. */
function daysNamed(text: string): string[] {
  const days: string[] = [];
  for (const m of text.matchAll(/(\d{1,2}) ([а-я]+) (\d{4})/g)) {
    const day = `${m[3]}-12-${String(m[1]).padStart(2, '0')}`;
    // Matched by printing the candidate days back: any month, the run's or another.
    for (let month = 1; month <= 12; month++) {
      const candidate = day.replace('-12-', `-${String(month).padStart(2, '0')}-`);
      if (formatDayInWords(candidate) === m[0]) days.push(candidate);
    }
  }
  for (const m of text.matchAll(/(\d{2})\.(\d{2})\.(\d{4})/g)) days.push(`${m[3]}-${m[2]}-${m[1]}`);
  // The terms' edition is a date of its own, not a moment of the porting.
  return days.filter((d) => d !== CONTRACT_VERSION);
}

/** What the site sent about the order by SMS and e-mail. */
async function told(orderId: number): Promise<string[]> {
  const rows = await t.app.db
    .select({ body: notifications.body })
    .from(notifications)
    .where(and(eq(notifications.orderId, orderId)));
  return rows.map((r) => r.body);
}

describe('the demo’s time, told as the real moment', () => {
  it('leaves a person the minute to withdraw before the window is set', async () => {
    const jar = ivanov;
    const id = await submitted(jar, '79037654321', 'megafon', { kind: 'esim' });
    await pass(id, 50 * SEC);
    const before = await order(jar, id);
    expect(before).toMatchObject({ status: 'PendingBDPN', canWithdraw: true, window: null });
    expect((await call('DELETE', `/v1/order/portation/${id}`, jar)).statusCode).toBe(204);
    expect(await order(jar, id)).toMatchObject({ status: 'Deleted', reason: 'Отозвано по вашей просьбе.' });
  });

  it('says the window, the timeline and the messages in the run’s minutes, and the number moved today', async () => {
    const jar = ivanov;
    const start = clock.t;
    const chosen = addDays(moscowDay(clock()), 8);
    const id = await submitted(jar, '79037654321', 't2', { kind: 'office', officeId: 't2-77-1' });
    await pass(id, 70 * SEC);
    const scheduled = await order(jar, id);
    expect(scheduled.canWithdraw).toBe(false);
    // Eight days of process time ahead: at 5000 times, about two and a half real minutes.
    const window = { start: Date.parse(scheduled.window.start), end: Date.parse(scheduled.window.end) };
    expect(window.start).toBeGreaterThan(clock.t);
    expect(window.start - start).toBeLessThan(4 * MIN);
    expect(window.end - window.start).toBe((6 * 3600 * SEC) / 5000);
    await pass(id, 4 * MIN, 5 * SEC);
    const done = await order(jar, id);
    expect(done.status).toBe('Done');
    const run = [moscowDay(new Date(start)), moscowDay(clock())];
    // The day it moved is today's, not the one asked for (the demo's night came minutes after the application).
    expect(run).toContain(done.portationAt);
    for (const e of done.events) {
      expect(Date.parse(e.occurredAt)).toBeGreaterThanOrEqual(start);
      expect(Date.parse(e.occurredAt)).toBeLessThanOrEqual(clock.t);
      for (const day of daysNamed(e.description)) expect(run, e.description).toContain(day);
    }
    const timeline = done.events.map((e: { description: string }) => e.description).join('\n');
    expect(timeline).not.toContain(formatDayInWords(chosen));
    const messages = await told(id);
    expect(messages.length).toBeGreaterThan(3);
    for (const body of messages) {
      for (const day of daysNamed(body)) expect(run, body).toContain(day);
      expect(body).not.toContain(formatDayInWords(chosen));
      expect(body).not.toContain(formatDayNumeric(chosen));
    }
  });

  it('says the debt’s pay-by time and the refusal for it in the run’s minutes', async () => {
    const jar = dolgova;
    const start = clock.t;
    const id = await submitted(jar, '79275551234', 'mts', {
      kind: 'courier',
      address: 'г. Самара, ул. Ленина, д. 5, кв. 12',
    });
    await pass(id, 70 * SEC);
    const noticed = await order(jar, id);
    expect(noticed.debt).toMatchObject({ amount: 1840, paidAt: null });
    const payBy = Date.parse(noticed.debt.payBy);
    expect(payBy).toBeGreaterThan(clock.t);
    expect(payBy - start).toBeLessThan(4 * MIN);
    await pass(id, 4 * MIN, 5 * SEC);
    const ended = await order(jar, id);
    expect(ended.status).toBe('Deleted');
    const run = [moscowDay(new Date(start)), moscowDay(clock())];
    expect(ended.reason).toMatch(/не оплачена до \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} \(МСК\)/);
    for (const text of [
      ended.reason,
      ...ended.events.map((e: { description: string }) => e.description),
      ...(await told(id)),
    ]) {
      for (const day of daysNamed(text)) expect(run, text).toContain(day);
    }
  });
});
