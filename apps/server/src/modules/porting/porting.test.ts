import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, CITIZENS, CookieJar, signIn } from '../../../test/esia';
import { ACCEPTED } from '../../../test/porting';
import { loadConfig } from '../../config/env';
import { addDays, moscowDay } from '../../lib/moscow';
import { createTestApp, type TestApp } from '../../test/app';
import { recordCompletedPortings } from '../lookup/registry/ported-import';
import { outboxMessages } from '../notifications/tables';
import { tariffRegions } from '../tariffs/tables';
import type { PortationChange } from './deps';
import { advancePortation, expireDrafts } from './engine';
import { createHttpGateway, GatewayUnavailable } from './gateway';
import { FAILED_QUEUE } from './queues';

/** The whole site with the engine's workers on and the process a million times faster. */
async function portingApp(timeScale: number): Promise<TestApp> {
  const porting = loadConfig({ NODE_ENV: 'test' }).porting;
  return createTestApp({ jobWorkers: true, porting: { ...porting, timeScale } });
}

let t: TestApp;
let ivanov: CookieJar;
let petrova: CookieJar;
const changes: PortationChange[] = [];

beforeAll(async () => {
  t = await portingApp(1_000_000);
  t.app.porting.feed.subscribeAll((c) => changes.push(c));
  ivanov = (await signIn(t.app, CITIZENS.ivanov)).jar;
  petrova = (await signIn(t.app, CITIZENS.petrova)).jar;
});
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(method: Method, url: string, jar: CookieJar | null, payload?: object): Promise<LightMyRequestResponse> {
  return t.app
    .inject({
      method,
      url: `/api${url}`,
      headers: jar ? authHeaders(jar) : { 'x-requested-with': 'XMLHttpRequest' },
      ...(payload ? { payload } : {}),
    })
    .then((res) => {
      jar?.take(res);
      return res;
    });
}

const today = () => moscowDay(new Date());
const earliest = () => addDays(today(), 8);

async function operatorId(slug: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/operator/${slug}` });
  return res.json().id;
}

/** The cheapest tariff of an operator in a region. */
async function tariffOf(operator: number, regionCode: number): Promise<number> {
  const [row] = await t.app.db
    .select({ id: tariffRegions.tariffId })
    .from(tariffRegions)
    .where(and(eq(tariffRegions.operatorId, operator), eq(tariffRegions.regionCode, regionCode)))
    .limit(1);
  if (!row) throw new Error('no tariff');
  return row.id;
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function waitForStatus(id: number, jar: CookieJar, status: string) {
  return waitFor(`order ${id} to be ${status}`, async () => {
    const body = (await call('GET', `/v1/order/portation/${id}`, jar)).json();
    return body.status === status ? body : undefined;
  });
}

/** Steps 1–2 for a signed-in citizen: an order for the number with an operator, tariff and date. */
async function prepared(jar: CookieJar, msisdn: string, to: string) {
  const init = await call('POST', '/v1/order/portation/init', jar, { msisdn });
  expect(init.statusCode, init.body).toBe(200);
  const order = init.json();
  const op = await operatorId(to);
  const put = await call('PUT', `/v1/order/portation/${order.id}`, jar, {
    operatorId: op,
    tariffId: await tariffOf(op, order.regionCode),
    portationAt: earliest(),
  });
  expect(put.statusCode, put.body).toBe(200);
  return put.json();
}

describe('step 1: init', () => {
  it('makes an anonymous order that only its browser can read, with the number’s operator and region', async () => {
    const browser = new CookieJar();
    const res = await call('POST', '/v1/order/portation/init', browser, { msisdn: '+7 (916) 555-00-01' });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json();
    expect(order).toMatchObject({
      msisdn: '79165550001',
      status: 'Initialized',
      regionCode: 77,
      fromOperator: { operatorName: 'МТС' },
      toOperator: null,
      tariffId: null,
      portationAt: null,
      portationId: null,
      isMsisdnConfirmed: false,
      earliestPortationAt: earliest(),
    });
    expect(order.events).toMatchObject([{ kind: 'created', status: 'Initialized', description: 'Заявление создано' }]);
    const cookie = res.cookies.find((c) => c.name === 'perenos-order-owner');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect((await call('GET', `/v1/order/portation/${order.id}`, browser)).statusCode).toBe(200);
    expect((await call('GET', `/v1/order/portation/${order.id}`, null)).statusCode).toBe(404);
    expect((await call('GET', `/v1/order/portation/${order.id}`, petrova)).statusCode).toBe(404);
    // A forged owner cookie is nobody's.
    const forged = new CookieJar();
    forged.set('perenos-order-owner', `${cookie?.value.split('.')[0]}.AAAA`);
    expect((await call('GET', `/v1/order/portation/${order.id}`, forged)).statusCode).toBe(404);
  });

  it.each([
    ['a malformed number', '8916123', 'Введите российский номер'],
    ['a landline', '8 495 123-45-67', 'Это не мобильный номер'],
    ['a number in no range of the plan', '+7 940 000-00-00', 'Номера нет в плане нумерации'],
  ])('refuses %s with a plain reason and makes nothing', async (_what, msisdn, text) => {
    const browser = new CookieJar();
    const res = await call('POST', '/v1/order/portation/init', browser, { msisdn });
    expect(res.statusCode).toBe(400);
    expect(res.json().title).toBe('Ошибка валидации');
    expect(res.json().errors.msisdn[0]).toContain(text);
  });

  it('refuses a number ported in the last 60 days and says from which day it may be', async () => {
    const ported = addDays(today(), -10);
    await recordCompletedPortings(t.app.db, [
      { msisdn: '79165550002', operatorId: await operatorId('beeline'), portedOn: ported },
    ]);
    const allowed = addDays(ported, 60);
    await waitFor('the index to see the porting', async () => {
      const r = await t.app.lookup.lookupFresh('79165550002');
      return r?.isPorted ? r : undefined;
    });
    const res = await call('POST', '/v1/order/portation/init', new CookieJar(), { msisdn: '79165550002' });
    expect(res.statusCode).toBe(400);
    const [y, m, d] = allowed.split('-');
    expect(res.json()).toMatchObject({ refusal: 'recently-ported', availableFrom: allowed });
    expect(res.json().errors.msisdn[0]).toContain(`Повторно перенести его можно с ${d}.${m}.${y}`);
  });

  it('refuses a number with an open order to its owner only, and a second draft of one browser', async () => {
    // A stranger learns nothing of someone's application: they get a draft like any other (their submit
    // would be refused once they have proved the number is theirs).
    const stranger = await call('POST', '/v1/order/portation/init', new CookieJar(), { msisdn: '79178889900' });
    expect(stranger.statusCode, stranger.body).toBe(200);
    expect(stranger.body).not.toMatch(/заявлени[ея] на перенос|open-order/);
    const fedorova = (await signIn(t.app, CITIZENS.fedorova)).jar;
    const owner = await call('POST', '/v1/order/portation/init', fedorova, { msisdn: '79178889900' });
    expect(owner.json()).toMatchObject({ refusal: 'open-order', orderId: expect.any(Number) });

    const browser = new CookieJar();
    const first = await call('POST', '/v1/order/portation/init', browser, { msisdn: '79165550003' });
    const again = await call('POST', '/v1/order/portation/init', browser, { msisdn: '79165550003' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ refusal: 'draft-exists', orderId: first.json().id });
    // Another browser's unsubmitted draft does not hold the number.
    expect(
      (await call('POST', '/v1/order/portation/init', new CookieJar(), { msisdn: '79165550003' })).statusCode,
    ).toBe(200);
  });
});

describe('steps 2–3: sign-in, update, submit', () => {
  it('answers 401 to an anonymous step 2 or 3, before looking at the body', async () => {
    const browser = new CookieJar();
    const order = (await call('POST', '/v1/order/portation/init', browser, { msisdn: '79165550004' })).json();
    for (const [method, url, body] of [
      ['PUT', `/v1/order/portation/${order.id}`, { nonsense: true }],
      ['PUT', `/v1/order/portation/${order.id}/submit`, {}],
      ['POST', `/v1/order/portation/${order.id}/code`, undefined],
      ['GET', `/v1/order/portation/${order.id}?withPersonal=true`, undefined],
    ] as const) {
      const res = await call(method, url, browser, body);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().title).toBe('Некорректный JWT токен');
    }
  });

  it('binds the browser’s anonymous order to the citizen who signs in, and nobody else reads it', async () => {
    const browser = new CookieJar();
    const order = (await call('POST', '/v1/order/portation/init', browser, { msisdn: '79165550005' })).json();
    await signIn(t.app, CITIZENS.ivanov, '/portation', browser);
    const op = await operatorId('megafon');
    const put = await call('PUT', `/v1/order/portation/${order.id}`, browser, {
      operatorId: op,
      tariffId: await tariffOf(op, 77),
      portationAt: earliest(),
      email: ' ivanov@example.ru ',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      toOperator: { operatorName: 'МегаФон' },
      portationAt: earliest(),
      email: 'ivanov@example.ru',
    });
    // Now it is Иванов's: his other sessions read it, the bare browser cookie no longer does.
    expect((await call('GET', `/v1/order/portation/${order.id}`, ivanov)).statusCode).toBe(200);
    const signedOut = new CookieJar();
    const ownerCookie = browser.get('perenos-order-owner');
    if (ownerCookie) signedOut.set('perenos-order-owner', ownerCookie);
    expect((await call('GET', `/v1/order/portation/${order.id}`, signedOut)).statusCode).toBe(404);
    const theirs = { operatorId: op, tariffId: await tariffOf(op, 77), portationAt: earliest() };
    expect((await call('PUT', `/v1/order/portation/${order.id}`, petrova, theirs)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/v1/order/portation/${order.id}/submit`, petrova, { ...ACCEPTED, consent: true })).statusCode,
    ).toBe(404);
    expect((await call('POST', `/v1/order/portation/${order.id}/code`, petrova)).statusCode).toBe(404);
    expect((await call('DELETE', `/v1/order/portation/${order.id}`, petrova)).statusCode).toBe(404);
    const personal = (await call('GET', `/v1/order/portation/${order.id}?withPersonal=true`, ivanov)).json();
    expect(personal.personal).toEqual({
      fullName: 'Иванов Иван Иванович',
      birthDate: '1985-04-12',
      passport: '45 10 ****56',
    });
  });

  it('refuses a wrong operator, tariff, date or e-mail field by field and changes nothing', async () => {
    // A МегаФон number in Moscow.
    const order = (await call('POST', '/v1/order/portation/init', ivanov, { msisdn: '79265550006' })).json();
    expect(order.fromOperator.operatorName).toBe('МегаФон');
    const mts = await operatorId('mts');
    const megafon = await operatorId('megafon');
    const motiv = await operatorId('motiv');
    // МТС's «Мой регион» is sold in cheaper regions, not in Moscow.
    const moscow = await t.app.db
      .select({ id: tariffRegions.tariffId })
      .from(tariffRegions)
      .where(eq(tariffRegions.regionCode, 77));
    const [elsewhere] = await t.app.db
      .select({ id: tariffRegions.tariffId })
      .from(tariffRegions)
      .where(
        and(
          eq(tariffRegions.operatorId, mts),
          notInArray(
            tariffRegions.tariffId,
            moscow.map((r) => r.id),
          ),
        ),
      )
      .limit(1);
    expect(elsewhere).toBeDefined();
    const cases: [object, string, string][] = [
      [{ operatorId: megafon }, 'operatorId', 'Номер уже обслуживает МегаФон'],
      [{ operatorId: motiv }, 'operatorId', 'не работает в регионе номера'],
      [{ operatorId: 999_999 }, 'operatorId', 'Такого оператора нет'],
      [{ tariffId: await tariffOf(await operatorId('beeline'), 77) }, 'tariffId', 'Это тариф другого оператора'],
      [{ tariffId: elsewhere?.id }, 'tariffId', 'не продаётся в регионе номера'],
      [{ portationAt: addDays(today(), 7) }, 'portationAt', 'не раньше чем через 8 дней'],
      [{ portationAt: addDays(today(), 200) }, 'portationAt', 'не позже чем через 6 месяцев'],
      [{ portationAt: '2026-02-30' }, 'portationAt', 'ГГГГ-ММ-ДД'],
      [{ email: 'ivanov@' }, 'email', 'Введите адрес электронной почты'],
    ];
    const good = { operatorId: mts, tariffId: await tariffOf(mts, 77), portationAt: earliest() };
    for (const [patch, field, text] of cases) {
      const res = await call('PUT', `/v1/order/portation/${order.id}`, ivanov, { ...good, ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().errors[field]?.[0], JSON.stringify(patch)).toContain(text);
    }
    const unchanged = (await call('GET', `/v1/order/portation/${order.id}`, ivanov)).json();
    expect(unchanged).toMatchObject({ toOperator: null, tariffId: null, portationAt: null });
    expect((await call('PUT', `/v1/order/portation/${order.id}`, ivanov, good)).statusCode).toBe(200);
  });

  it('needs consent, and for a number that is not a verified ESIA mobile, the SMS code', async () => {
    const order = await prepared(ivanov, '79165550007', 'megafon');
    const noConsent = await call('PUT', `/v1/order/portation/${order.id}/submit`, ivanov, {
      ...ACCEPTED,
      consent: false,
    });
    expect(noConsent.json().errors.consent[0]).toContain('Подтвердите согласие');
    const noCode = await call('PUT', `/v1/order/portation/${order.id}/submit`, ivanov, { ...ACCEPTED, consent: true });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().errors.confirmationCode[0]).toContain('запросите код');

    const sent = await call('POST', `/v1/order/portation/${order.id}/code`, ivanov);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().sentTo).toBe('79165550007');
    const tooSoon = await call('POST', `/v1/order/portation/${order.id}/code`, ivanov);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().errors.confirmationCode[0]).toMatch(/Новый код можно запросить через \d+ с/);
    // The SMS went through the outbox stand-in, which speaks the SMS gateway's protocol.
    const sms = await waitFor('the SMS', async () => {
      const [row] = await t.app.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.channel, 'sms'), eq(outboxMessages.recipient, '79165550007')))
        .orderBy(desc(outboxMessages.id))
        .limit(1);
      return row;
    });
    const code = /(\d{6})/.exec(sms.body)?.[1] ?? '';
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await call('PUT', `/v1/order/portation/${order.id}/submit`, ivanov, {
      ...ACCEPTED,
      consent: true,
      confirmationCode: wrong,
    });
    expect(bad.json().errors.confirmationCode[0]).toBe('Неверный код. Осталось попыток: 4.');
    const ok = await call('PUT', `/v1/order/portation/${order.id}/submit`, ivanov, {
      ...ACCEPTED,
      consent: true,
      confirmationCode: code,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      status: 'PendingBDPN',
      isMsisdnConfirmed: true,
      portationId: expect.any(Number),
    });
  });
});

describe('the porting process', () => {
  it('carries a submitted order to Done, writes the registry, tells the user and every live page', async () => {
    const order = await prepared(ivanov, '79037654321', 't2');
    const res = await call('PUT', `/v1/order/portation/${order.id}/submit`, ivanov, { ...ACCEPTED, consent: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'PendingBDPN', isMsisdnConfirmed: true });
    const done = await waitForStatus(order.id, ivanov, 'Done');
    expect(done.events.map((e: { kind: string }) => e.kind)).toEqual([
      'created',
      'submitted',
      'registered',
      'accepted',
      'contract-signed',
      'donor-check',
      'sim-issued',
      'donor-accepted',
      'scheduled',
      'started',
      'ported',
    ]);
    // The recipient's side: the eSIM with its code and the temporary number, the terms on the order.
    expect(done).toMatchObject({
      sim: { kind: 'esim', officeId: null, office: null, address: null },
      fee: 100,
      contractVersion: ACCEPTED.contractVersion,
      temporaryMsisdn: expect.stringMatching(/^7958\d{7}$/),
      esimActivationCode: expect.stringMatching(/^LPA:1\$/),
      debt: null,
    });
    // Every node's lookup answers the new operator within a poll.
    const check = await waitFor('/check to answer Т2', async () => {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/v1.1/msisdn/info/single',
        payload: { msisdn: '79037654321' },
      });
      return r.json().operatorName === 'Т2' ? r.json() : undefined;
    });
    expect(check).toMatchObject({ isPorted: true, lastPortation: today() });
    const portation = (
      await call('GET', `/v1/account/portationinfo?Msisdn=79037654321&PortationId=${done.portationId}`, ivanov)
    ).json();
    expect(portation).toMatchObject({ status: 'Done', toOperator: { operatorName: 'Т2' } });
    // One day for the porting wherever it is read: the order, the account's porting and «Последний перенос».
    const info = (await call('GET', '/v1/account/info', ivanov)).json();
    const number = info.msisdns.find((m: { msisdn: string }) => m.msisdn === '79037654321');
    expect(number?.lastPortation).toBe(done.portationAt);
    expect(portation.portationDate).toBe(done.portationAt);
    expect(check).toMatchObject({ lastPortation: done.portationAt });
    expect(changes.filter((c) => c.orderId === order.id).map((c) => c.status)).toContain('Done');
    const mails = await waitFor('the e-mails', async () => {
      const rows = await t.app.db.select().from(outboxMessages).where(eq(outboxMessages.channel, 'email'));
      const mine = rows.filter((r) => r.subject.includes('+7 (903) 765-43-21'));
      return mine.some((m) => m.subject.endsWith('номер перенесён')) ? mine : undefined;
    });
    expect(mails[0]?.recipient).toBe('ivanov@example.ru');
    // A porting cannot be undone by deleting it, nor ported again within 60 days.
    const del = await call('DELETE', `/v1/order/portation/${order.id}`, ivanov);
    expect(del.statusCode).toBe(400);
    expect((await call('POST', '/v1/order/portation/init', ivanov, { msisdn: '79037654321' })).json().refusal).toBe(
      'recently-ported',
    );
  });

  it.each([
    [
      CITIZENS.dolgova,
      '79275551234',
      'mts',
      'Нынешний оператор отказал в переносе: задолженность 1\u00a0840\u00a0₽ не оплачена до ',
    ],
    [
      CITIZENS.morozov,
      '79851112233',
      'beeline',
      'Нынешний оператор отказал в переносе: паспорт в заявлении (из Госуслуг) не совпал',
    ],
  ])('shows the donor’s refusal as the reason (%s)', async (oid, msisdn, to, reason) => {
    const jar = (await signIn(t.app, oid)).jar;
    const order = await prepared(jar, msisdn, to);
    expect(
      (await call('PUT', `/v1/order/portation/${order.id}/submit`, jar, { ...ACCEPTED, consent: true })).statusCode,
    ).toBe(200);
    const deleted = await waitForStatus(order.id, jar, 'Deleted');
    expect(deleted.reason).toContain(reason);
    expect(deleted.events.at(-1)).toMatchObject({ kind: 'donor-rejected', status: 'Deleted' });
  });

  it('deletes a draft, idempotently, and only for its owner', async () => {
    const order = (await call('POST', '/v1/order/portation/init', ivanov, { msisdn: '79165550008' })).json();
    expect((await call('DELETE', `/v1/order/portation/${order.id}`, petrova)).statusCode).toBe(404);
    expect((await call('DELETE', `/v1/order/portation/${order.id}`, new CookieJar())).statusCode).toBe(404);
    expect((await call('DELETE', `/v1/order/portation/${order.id}`, ivanov)).statusCode).toBe(204);
    expect((await call('DELETE', `/v1/order/portation/${order.id}`, ivanov)).statusCode).toBe(204);
    const body = (await call('GET', `/v1/order/portation/${order.id}`, ivanov)).json();
    expect(body).toMatchObject({ status: 'Deleted', reason: 'Удалено по вашей просьбе.' });
    const again = await call('PUT', `/v1/order/portation/${order.id}`, ivanov, {
      operatorId: 1,
      tariffId: 1,
      portationAt: earliest(),
    });
    expect(again.json().errors.status[0]).toContain('Заявление удалено');
  });

  it('removes drafts nobody submitted for 7 days', async () => {
    const order = (await call('POST', '/v1/order/portation/init', ivanov, { msisdn: '79165550009' })).json();
    const later = { ...t.app.porting.deps, now: () => new Date(Date.now() + 8 * 24 * 3600_000) };
    expect(await expireDrafts(later)).toBeGreaterThanOrEqual(1);
    const body = (await call('GET', `/v1/order/portation/${order.id}`, ivanov)).json();
    expect(body).toMatchObject({ status: 'Deleted', reason: 'Заявление не было отправлено за 7 дней.' });
    expect(body.events.at(-1).kind).toBe('expired');
  });
});

describe('withdrawing a submitted application (real time)', () => {
  let slow: TestApp;
  beforeAll(async () => {
    slow = await portingApp(1);
  });
  afterAll(async () => slow?.close());

  it('withdraws it at the central database until the window is scheduled', async () => {
    const jar = (await signIn(slow.app, CITIZENS.ivanov)).jar;
    const inject = async (method: Method, url: string, payload?: object) => {
      const res = await slow.app.inject({
        method,
        url: `/api${url}`,
        headers: authHeaders(jar),
        ...(payload ? { payload } : {}),
      });
      jar.take(res);
      return res;
    };
    const order = (await inject('POST', '/v1/order/portation/init', { msisdn: '79037654321' })).json();
    const op = (await slow.app.inject({ method: 'GET', url: '/api/v1/operator/megafon' })).json().id;
    const [tariff] = await slow.app.db
      .select({ id: tariffRegions.tariffId })
      .from(tariffRegions)
      .where(and(eq(tariffRegions.operatorId, op), eq(tariffRegions.regionCode, 77)))
      .limit(1);
    const put = await inject('PUT', `/v1/order/portation/${order.id}`, {
      operatorId: op,
      tariffId: tariff?.id,
      portationAt: earliest(),
    });
    expect(put.statusCode, put.body).toBe(200);
    const submitted = await inject('PUT', `/v1/order/portation/${order.id}/submit`, { ...ACCEPTED, consent: true });
    expect(submitted.statusCode, submitted.body).toBe(200);
    // The engine files the application; the central database will check it in 5 minutes.
    await waitFor('the application to reach the central database', async () => {
      const body = (await inject('GET', `/v1/order/portation/${order.id}`)).json();
      return body.events.some((e: { kind: string }) => e.kind === 'registered') ? body : undefined;
    });
    expect((await inject('DELETE', `/v1/order/portation/${order.id}`)).statusCode).toBe(204);
    const body = (await inject('GET', `/v1/order/portation/${order.id}`)).json();
    expect(body).toMatchObject({ status: 'Deleted', reason: 'Отозвано по вашей просьбе.' });
    expect(body.events.at(-1)).toMatchObject({ kind: 'cancelled', description: 'Заявление отозвано по вашей просьбе' });
    // The number is free again for a new application.
    expect((await inject('POST', '/v1/order/portation/init', { msisdn: '79037654321' })).statusCode).toBe(200);
  });

  it('keeps retrying while the central database is down, and ends the application with a reason once retries are spent', async () => {
    // Смирнов: his only number, МегаФон in Rostov, never ported.
    const jar = (await signIn(slow.app, '1000000005')).jar;
    const inject = async (method: Method, url: string, payload?: object) => {
      const res = await slow.app.inject({
        method,
        url: `/api${url}`,
        headers: authHeaders(jar),
        ...(payload ? { payload } : {}),
      });
      jar.take(res);
      return res;
    };
    const order = (await inject('POST', '/v1/order/portation/init', { msisdn: '79286667788' })).json();
    const op = (await slow.app.inject({ method: 'GET', url: '/api/v1/operator/mts' })).json().id;
    const [tariff] = await slow.app.db
      .select({ id: tariffRegions.tariffId })
      .from(tariffRegions)
      .where(and(eq(tariffRegions.operatorId, op), eq(tariffRegions.regionCode, order.regionCode)))
      .limit(1);
    await inject('PUT', `/v1/order/portation/${order.id}`, {
      operatorId: op,
      tariffId: tariff?.id,
      portationAt: earliest(),
    });
    const submitted = (
      await inject('PUT', `/v1/order/portation/${order.id}/submit`, { ...ACCEPTED, consent: true })
    ).json();
    expect(submitted.status).toBe('PendingBDPN');
    const down = {
      ...slow.app.porting.deps,
      gateway: createHttpGateway({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 }),
    };
    // A step that cannot reach the gateway fails (pg-boss retries it with backoff) and changes nothing.
    await expect(advancePortation(down, submitted.portationId)).rejects.toBeInstanceOf(GatewayUnavailable);
    // Retries spent: the dead-letter job ends the application and says why.
    await slow.app.jobs.send(FAILED_QUEUE, { portationId: submitted.portationId });
    const body = await waitFor('the application to end', async () => {
      const b = (await inject('GET', `/v1/order/portation/${order.id}`)).json();
      return b.status === 'Deleted' ? b : undefined;
    });
    expect(body.reason).toMatch(/^Не удалось передать заявление в БДПН/);
    expect(body.events.find((e: { kind: string }) => e.kind === 'failed')).toMatchObject({ status: 'Deleted' });
    // Its filing had begun, so the central database may have it: the site withdraws it there too.
    const after = await waitFor('the withdrawal at the central database', async () => {
      const b = (await inject('GET', `/v1/order/portation/${order.id}`)).json();
      return b.events.at(-1).kind === 'withdrawal-confirmed' ? b : undefined;
    });
    expect(after.status).toBe('Deleted');
  });
});

describe('the Portation feature switch', () => {
  it('answers 404 to every order call while porting is switched off, and serves them again once on', async () => {
    const { setFeature } = await import('../settings/repository');
    await setFeature(t.app.db, 'Portation', false);
    await t.app.features.refresh();
    try {
      for (const [method, url] of [
        ['POST', '/v1/order/portation/init'],
        ['GET', '/v1/order/portation/1'],
        ['PUT', '/v1/order/portation/1'],
        ['PUT', '/v1/order/portation/1/submit'],
        ['DELETE', '/v1/order/portation/1'],
      ] as const) {
        const res = await call(method, url, ivanov, method === 'GET' || method === 'DELETE' ? undefined : {});
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    } finally {
      await setFeature(t.app.db, 'Portation', true);
      await t.app.features.refresh();
    }
    expect(
      (await call('POST', '/v1/order/portation/init', new CookieJar(), { msisdn: '79165550012' })).statusCode,
    ).toBe(200);
  });
});
