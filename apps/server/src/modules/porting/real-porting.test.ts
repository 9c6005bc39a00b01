import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, CITIZENS, type CookieJar, signIn } from '../../../test/esia';
import { pdfText } from '../../../test/porting';
import { addDays, moscowDay, moscowMidnight } from '../../lib/moscow';
import { createTestApp, type TestApp } from '../../test/app';
import { notifications } from '../notifications/tables';
import { tariffRegions } from '../tariffs/tables';
import { users } from '../users/tables';
import { CONTRACT_VERSION } from './contract-terms';
import type { EngineDeps } from './engine';
import { advanceBatch } from './engine-batch';
import { clockedStandinGateway } from './standin-store';
import { portationOrders, portations } from './tables';

/**
 * Porting as it really happens, through the order calls and the engine, with the central database's
 * stand-in on a clock the test moves: the new operator's SIM (eSIM, office, courier) and terms, the
 * donor's debt notice paid in time or not, a blocked number, a moved window, and filing again.
 */

const HOUR = 3600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let engine: EngineDeps;
const clock = { t: Date.now() };

beforeAll(async () => {
  t = await createTestApp();
  const at = () => new Date(clock.t);
  engine = {
    ...t.app.porting.deps,
    gateway: clockedStandinGateway(t.app.db, (m) => t.app.lookup.lookupFresh(m), at),
    now: at,
  };
  // The order calls run on the same clock as the engine.
  t.app.porting.deps.now = at;
});
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(method: Method, url: string, jar: CookieJar, payload?: object): Promise<LightMyRequestResponse> {
  return t.app.inject({ method, url: `/api${url}`, headers: authHeaders(jar), ...(payload ? { payload } : {}) });
}

async function operatorId(slug: string): Promise<number> {
  return (await t.app.inject({ method: 'GET', url: `/api/v1/operator/${slug}` })).json().id;
}

async function tariffOf(operator: number, regionCode: number): Promise<number> {
  const [row] = await t.app.db
    .select({ id: tariffRegions.tariffId })
    .from(tariffRegions)
    .where(and(eq(tariffRegions.operatorId, operator), eq(tariffRegions.regionCode, regionCode)))
    .limit(1);
  return row?.id ?? 0;
}

/** Steps 1–2 and the SIM choice: an order ready to submit. */
async function prepared(jar: CookieJar, msisdn: string, to: string, sim: object = { kind: 'esim' }) {
  const init = await call('POST', '/v1/order/portation/init', jar, { msisdn });
  expect(init.statusCode, init.body).toBe(200);
  const order = init.json();
  const op = await operatorId(to);
  const put = await call('PUT', `/v1/order/portation/${order.id}`, jar, {
    operatorId: op,
    tariffId: await tariffOf(op, order.regionCode),
    portationAt: addDays(moscowDay(new Date(clock.t)), 8),
    email: 'subscriber@example.ru',
    sim,
  });
  expect(put.statusCode, put.body).toBe(200);
  return put.json();
}

async function submit(jar: CookieJar, id: number) {
  const res = await call('PUT', `/v1/order/portation/${id}/submit`, jar, {
    consent: true,
    contractVersion: CONTRACT_VERSION,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Lets time pass in steps, the engine applying what the central database said meanwhile. */
async function passTime(orderId: number, ms: number, step = 6 * HOUR) {
  const end = clock.t + ms;
  while (clock.t < end) {
    clock.t = Math.min(end, clock.t + step);
    const [p] = await t.app.db.select().from(portations).where(eq(portations.orderId, orderId));
    if (p?.status !== 'PendingBDPN') continue;
    // Stepped as the engine's worker steps a fetched batch (decision 150).
    const [err] = await advanceBatch(engine, [p.id], (failed) => {
      throw failed;
    });
    if (err !== undefined) throw err;
  }
}

async function order(jar: CookieJar, id: number) {
  return (await call('GET', `/v1/order/portation/${id}`, jar)).json();
}

describe('the new operator’s SIM and contract', () => {
  it('offers the recipient’s offices in the region, takes a courier address sealed, and refuses what is not', async () => {
    const jar = (await signIn(t.app, CITIZENS.ivanov)).jar;
    const draft = await prepared(jar, '79037654321', 'megafon');
    const offices = (await call('GET', `/v1/order/portation/${draft.id}/offices`, jar)).json();
    expect(offices.length).toBeGreaterThanOrEqual(2);
    expect(offices[0]).toMatchObject({
      id: expect.stringMatching(/^megafon-77-/),
      address: expect.stringMatching(/^г\. Москва/),
    });
    const base = {
      operatorId: draft.toOperator.operatorId,
      tariffId: draft.tariffId,
      portationAt: draft.portationAt,
    };
    const wrongOffice = await call('PUT', `/v1/order/portation/${draft.id}`, jar, {
      ...base,
      sim: { kind: 'office', officeId: 'beeline-77-1' },
    });
    expect(wrongOffice.statusCode).toBe(400);
    expect(wrongOffice.json().errors.sim[0]).toContain('Такого офиса нового оператора нет');
    const noAddress = await call('PUT', `/v1/order/portation/${draft.id}`, jar, {
      ...base,
      sim: { kind: 'courier', address: 'дом' },
    });
    expect(noAddress.json().errors.sim[0]).toContain('Укажите адрес доставки целиком');
    const office = await call('PUT', `/v1/order/portation/${draft.id}`, jar, {
      ...base,
      sim: { kind: 'office', officeId: offices[1].id },
    });
    expect(office.json().sim).toMatchObject({
      kind: 'office',
      office: { id: offices[1].id, address: offices[1].address },
    });
    const address = 'г. Москва, ул. Тверская, д. 7, кв. 15';
    const courier = await call('PUT', `/v1/order/portation/${draft.id}`, jar, {
      ...base,
      sim: { kind: 'courier', address },
    });
    expect(courier.json().sim).toMatchObject({ kind: 'courier', address, office: null });
    // The address is kept sealed, like the passport: not in the database's clear text.
    const [row] = await t.app.db.select().from(portationOrders).where(eq(portationOrders.id, draft.id));
    expect(row?.simAddressSealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain('Тверская');
    // Another citizen sees none of it.
    const petrova = (await signIn(t.app, CITIZENS.petrova)).jar;
    expect((await call('GET', `/v1/order/portation/${draft.id}/offices`, petrova)).statusCode).toBe(404);
    expect((await call('GET', `/v1/order/portation/${draft.id}/terms`, petrova)).statusCode).toBe(404);
    await call('DELETE', `/v1/order/portation/${draft.id}`, jar);
  });

  it('shows the terms and the fee, and submits only with the SIM chosen and the current terms accepted', async () => {
    const jar = (await signIn(t.app, CITIZENS.ivanov)).jar;
    const draft = await prepared(jar, '79037654321', 't2', { kind: 'office', officeId: 't2-77-1' });
    const terms = (await call('GET', `/v1/order/portation/${draft.id}/terms`, jar)).json();
    expect(terms).toMatchObject({ version: CONTRACT_VERSION, fee: 100, title: expect.stringContaining('Т2') });
    expect(terms.points.join(' ')).toContain('100 ₽');
    const url = `/v1/order/portation/${draft.id}/submit`;
    const none = await call('PUT', url, jar, { consent: true });
    expect(none.json().errors.contractVersion[0]).toBe('Прочитайте и примите условия договора с новым оператором.');
    const old = await call('PUT', url, jar, { consent: true, contractVersion: '2025-01-01' });
    expect(old.json().errors.contractVersion[0]).toBe('Условия договора обновились: прочитайте их и примите снова.');
    const submitted = await submit(jar, draft.id);
    expect(submitted).toMatchObject({
      status: 'PendingBDPN',
      fee: 100,
      contractVersion: CONTRACT_VERSION,
      contractAcceptedAt: new Date(clock.t).toISOString(),
      sim: { kind: 'office', officeId: 't2-77-1' },
      temporaryMsisdn: null,
    });
    // The recipient registers the contract at once and has the SIM ready at the office within the hour,
    // with a temporary number until the porting night.
    await passTime(submitted.id, 3 * HOUR, HOUR);
    const ready = await order(jar, submitted.id);
    expect(ready.events.map((e: { kind: string }) => e.kind)).toEqual(
      expect.arrayContaining(['contract-signed', 'sim-issued']),
    );
    expect(ready.temporaryMsisdn).toMatch(/^7958\d{7}$/);
    expect(ready.esimActivationCode).toBeNull();
    expect(ready.events.find((e: { kind: string }) => e.kind === 'sim-issued').description).toContain(
      'заберите её в выбранном офисе',
    );
    await documentsOf(jar, ready);
    await passTime(submitted.id, 10 * DAY);
    expect((await order(jar, submitted.id)).status).toBe('Done');
  });
});

/** The calendar file and the PDF of a submitted order: to its owner only, saying what the order says. */
async function documentsOf(
  jar: CookieJar,
  o: { id: number; msisdn: string; portationAt: string; sim: { office: { address: string } } },
) {
  const ics = await call('GET', `/v1/order/portation/${o.id}/calendar.ics`, jar);
  expect(ics.statusCode, ics.body).toBe(200);
  expect(ics.headers['content-type']).toBe('text/calendar; charset=utf-8');
  const [p] = await t.app.db.select().from(portations).where(eq(portations.orderId, o.id));
  // The scheduled window, or before it is scheduled, the night of the chosen day.
  const start = (p?.windowStart ?? moscowMidnight(o.portationAt))
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  expect(ics.body).toContain('BEGIN:VEVENT');
  expect(ics.body).toContain(`DTSTART:${start}`);
  expect(ics.body.replace(/\r\n /g, '')).toContain('Перенос номера +7 (903) 765-43-21 к Т2');
  // The night, and the SIM's own event: collecting it at the chosen office, its address as LOCATION.
  expect(ics.body.match(/BEGIN:VEVENT/g)).toHaveLength(2);
  expect(ics.body.replace(/\r\n /g, '')).toContain(`LOCATION:${o.sim.office.address.replace(/[,;]/g, '\\$&')}`);

  const pdf = await call('GET', `/v1/order/portation/${o.id}/application.pdf`, jar);
  expect(pdf.statusCode).toBe(200);
  expect(pdf.headers['content-type']).toBe('application/pdf');
  expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
  expect(text).toContain(`Заявление на перенос номера № ${o.id}`);
  expect(text).toContain('Иванов Иван Иванович');
  expect(text).toContain('+7 (903) 765-43-21');
  expect(text).toContain('Т2');
  expect(text).toContain(o.sim.office.address);
  expect(text).toContain('00:00–06:00 (МСК)');

  // Another citizen, and nobody signed in, get nothing.
  const petrova = (await signIn(t.app, CITIZENS.petrova)).jar;
  for (const path of ['calendar.ics', 'application.pdf']) {
    expect((await call('GET', `/v1/order/portation/${o.id}/${path}`, petrova)).statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/v1/order/portation/${o.id}/${path}` });
    expect(anonymous.statusCode).toBe(401);
  }
}

describe('debts, blocks and delays', () => {
  it('notices Долгова’s debt on both her numbers with the donor; unpaid by its date, the porting ends with the reason', async () => {
    const jar = (await signIn(t.app, CITIZENS.dolgova)).jar;
    const address = 'г. Самара, ул. Ленина, д. 5, кв. 12';
    const draft = await prepared(jar, '79275551234', 'mts', { kind: 'courier', address });
    await submit(jar, draft.id);
    await passTime(draft.id, 4 * HOUR, HOUR);
    const noticed = await order(jar, draft.id);
    expect(noticed.status).toBe('PendingBDPN');
    expect(noticed.debt).toMatchObject({ amount: 1840, paidAt: null });
    // Which numbers owe what: the second one is not in her account, and she could not know it otherwise.
    expect(noticed.debt.numbers).toEqual([
      { msisdn: '79275551234', amount: 1240, paidAt: null },
      { msisdn: '79275551235', amount: 600, paidAt: null },
    ]);
    expect(Date.parse(noticed.debt.payBy)).toBeGreaterThan(clock.t);
    const event = noticed.events.find((e: { kind: string }) => e.kind === 'debt-notice');
    expect(event.description).toMatch(
      /^Оператор-донор сообщил о задолженности 1\u00a0840\u00a0₽: \+7 \(927\) 555-12-34 — 1\u00a0240\u00a0₽, \+7 \(927\) 555-12-35 — 600\u00a0₽\. Оплатите её до /,
    );
    // The PDF says the sum, each number's part and the date.
    const pdf = await call('GET', `/v1/order/portation/${draft.id}/application.pdf`, jar);
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toMatch(
      /Задолженность прежнему оператору 1 840 ₽ \(\+7 \(927\) 555-12-34 — 1 240 ₽, \+7 \(927\) 555-12-35 — 600 ₽\): оплатить до \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} \(МСК\)/,
    );
    expect(text).not.toContain('до указанной даты');
    // Told at once, by e-mail and SMS.
    const told = await t.app.db
      .select({ channel: notifications.channel })
      .from(notifications)
      .where(and(eq(notifications.orderId, draft.id), sql`${notifications.body} like '%задолженности%'`));
    expect(told.map((n) => n.channel).sort()).toEqual(['email', 'sms']);
    await passTime(draft.id, 10 * DAY);
    const ended = await order(jar, draft.id);
    expect(ended.status).toBe('Deleted');
    expect(ended.reason).toMatch(
      /^Нынешний оператор отказал в переносе: задолженность 1\u00a0840\u00a0₽ не оплачена до \d{2}\.\d{2}\.\d{4}/,
    );

    // «Подать заново»: the same recipient, tariff, SIM and e-mail, the earliest date.
    const again = await call('POST', `/v1/order/portation/${draft.id}/refile`, jar);
    expect(again.statusCode, again.body).toBe(200);
    const refiled = again.json();
    expect(refiled).toMatchObject({
      status: 'Initialized',
      msisdn: '79275551234',
      toOperator: { operatorId: ended.toOperator.operatorId },
      tariffId: ended.tariffId,
      email: ended.email,
      sim: { kind: 'courier', address },
      portationAt: addDays(moscowDay(new Date(clock.t)), 8),
    });
    expect(refiled.id).not.toBe(draft.id);
    expect((await call('POST', `/v1/order/portation/${draft.id}/refile`, jar)).json()).toMatchObject({
      refusal: 'draft-exists',
      orderId: refiled.id,
    });

    // Filed again, the debt is noticed again; paid on the stand-in's page in time, the porting goes on.
    await submit(jar, refiled.id);
    await passTime(refiled.id, 4 * HOUR, HOUR);
    expect((await order(jar, refiled.id)).debt).toMatchObject({ amount: 1840, paidAt: null });
    const pay = (msisdn: string) => t.app.inject({ method: 'POST', url: `/bdpn-standin/debts/${msisdn}/pay` });
    expect((await pay('79275551235')).statusCode).toBe(200);
    // One number paid: it is marked so, the rest still owed, and the porting still waits.
    await passTime(refiled.id, HOUR, HOUR);
    const half = await order(jar, refiled.id);
    expect(half.debt.paidAt).toBeNull();
    expect(half.debt.numbers).toEqual([
      { msisdn: '79275551234', amount: 1240, paidAt: null },
      { msisdn: '79275551235', amount: 600, paidAt: expect.any(String) },
    ]);
    expect(half.events.map((e: { kind: string }) => e.kind)).not.toContain('debt-paid');
    expect((await pay('79275551234')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/bdpn-standin/debts/79160000000/pay' })).statusCode).toBe(404);
    await passTime(refiled.id, 10 * DAY);
    const done = await order(jar, refiled.id);
    expect(done.status).toBe('Done');
    expect(done.debt.paidAt).not.toBeNull();
    expect(done.events.map((e: { kind: string }) => e.kind)).toEqual(
      expect.arrayContaining(['debt-notice', 'debt-paid', 'donor-accepted', 'scheduled', 'ported']),
    );
    // A porting that is done is not filed again.
    expect((await call('POST', `/v1/order/portation/${refiled.id}/refile`, jar)).statusCode).toBe(400);
  });

  it('refuses a blocked number with the donor’s reason', async () => {
    const jar = (await signIn(t.app, '1000000004')).jar; // Кузнецова
    const draft = await prepared(jar, '79994445566', 'mts');
    await submit(jar, draft.id);
    await passTime(draft.id, DAY);
    const ended = await order(jar, draft.id);
    expect(ended.status).toBe('Deleted');
    expect(ended.reason).toBe(
      'Нынешний оператор отказал в переносе: номер заблокирован по заявлению владельца об утере SIM-карты: пока блокировка не снята, перенести его нельзя',
    );
  });

  it('tells of a window the central database moved, with the new date and the reason, and ports on that night', async () => {
    const jar = (await signIn(t.app, '1000000005')).jar; // Смирнов
    const draft = await prepared(jar, '79286667788', 'mts');
    await submit(jar, draft.id);
    await passTime(draft.id, 6 * HOUR, HOUR);
    const moved = await order(jar, draft.id);
    const event = moved.events.find((e: { kind: string }) => e.kind === 'rescheduled');
    expect(event.description).toMatch(
      /^Перенос отложен: новое окно — .+, 00:00–06:00 \(МСК\)\. Причина: плановые работы в БДПН/,
    );
    const [p] = await t.app.db.select().from(portations).where(eq(portations.orderId, draft.id));
    expect(moscowDay(p?.windowStart ?? new Date(0))).toBe(addDays(draft.portationAt, 1));
    const [smirnov] = await t.app.db.select().from(users).where(eq(users.oid, '1000000005'));
    const told = await t.app.db
      .select({ body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.userId, smirnov?.id ?? 0), sql`${notifications.body} like '%Перенос отложен%'`));
    expect(told.length).toBeGreaterThanOrEqual(1);
    await passTime(draft.id, 12 * DAY);
    const done = await order(jar, draft.id);
    expect(done.status).toBe('Done');
    expect(moscowDay(new Date(done.lastUpdatedAt))).toBe(addDays(draft.portationAt, 1));
  });
});
