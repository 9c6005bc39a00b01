import { and, eq, like, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, CITIZENS, CookieJar, signIn } from '../../../test/esia';
import { ACCEPTED, operatorIdOf, queuedCode, tariffOf } from '../../../test/porting';
import { signInStaff, staffCall } from '../../../test/staff';
import { addDays, formatDayInWords, moscowDay, moscowMidnight } from '../../lib/moscow';
import { createSecondNode, createTestApp, type TestApp } from '../../test/app';
import { syncEsiaNumbers } from '../account/service';
import { importPortedExtract } from '../lookup/registry/ported-import';
import { notifications, outboxMessages } from '../notifications/tables';
import { advancePortation, type EngineDeps } from '../porting/engine';
import { HOLD_REFUSED } from '../porting/events';
import { releaseLapsedHold } from '../porting/hold';
import { HOLD_QUEUE } from '../porting/queues';
import { clockedStandinGateway } from '../porting/standin-store';
import { HOLDER_REFUSED_TODAY } from '../porting/steps/init';
import { portationOrders, portations } from '../porting/tables';
import { users } from '../users/tables';
import { ADVICE, ADVICE_REFUSED } from './presenter';
import { ALERTS_A_DAY, registryWatch, setWatch } from './service';
import { watchAlerts } from './tables';

/**
 * The number watch end to end: the switch in the account, the alerts on every way a number can be
 * ported through the site or the registry (never for the watcher's own steps), the hold of another
 * person's application until the watcher answers or a day passes, and who may see and answer what.
 * The order calls and the engine run on a clock the test moves.
 */

const HOUR = 3600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let engine: EngineDeps;
const clock = { t: Date.now() };
let ivanov: CookieJar;
let petrova: CookieJar;
let sidorov: CookieJar;
let ivanovId: number;

beforeAll(async () => {
  t = await createTestApp();
  const at = () => new Date(clock.t);
  engine = {
    ...t.app.porting.deps,
    gateway: clockedStandinGateway(t.app.db, (m) => t.app.lookup.lookupFresh(m), at),
    now: at,
  };
  // The order calls and the answers to alerts run on the engine's clock.
  t.app.porting.deps.now = at;
  ivanov = (await signIn(t.app, CITIZENS.ivanov)).jar;
  petrova = (await signIn(t.app, CITIZENS.petrova)).jar;
  sidorov = (await signIn(t.app, CITIZENS.sidorov)).jar;
  ivanovId = await userId(CITIZENS.ivanov);
});
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(method: Method, url: string, jar: CookieJar | null, payload?: object): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: jar ? authHeaders(jar) : { 'x-requested-with': 'XMLHttpRequest' },
    ...(payload ? { payload } : {}),
  });
}

async function userId(oid: string): Promise<number> {
  const [row] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.oid, oid));
  if (!row) throw new Error(`no user ${oid}`);
  return row.id;
}

/** Ivanov watches a number as if he had switched it on (numbers outside the donors' records port cleanly). */
async function ivanovWatches(msisdn: string) {
  await setWatch(t.app.db, ivanovId, msisdn, true, new Date(clock.t), { proof: 'esia', proofUntil: null });
}

async function alertsOf(jar: CookieJar, skip = 0, take = 10) {
  const res = await call('GET', `/v1/account/alerts?Skip=${skip}&Take=${take}`, jar);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: {
      id: number;
      msisdn: string;
      kind: string;
      occurredAt: string;
      title: string;
      text: string;
      advice: string;
      hold: { state: string; until: string; answeredAt: string | null } | null;
    }[];
    totalRows: number;
  };
}

/** Steps 1–2: an order for the number to MegaFon, ready to submit. */
async function prepared(jar: CookieJar, msisdn: string) {
  const init = await call('POST', '/v1/order/portation/init', jar, { msisdn });
  expect(init.statusCode, init.body).toBe(200);
  const order = init.json();
  const op = await operatorIdOf(t.app, 'megafon');
  const put = await call('PUT', `/v1/order/portation/${order.id}`, jar, {
    operatorId: op,
    tariffId: await tariffOf(t.app, op, order.regionCode),
    portationAt: addDays(moscowDay(new Date(clock.t)), 8),
    email: 'applicant@example.ru',
    sim: { kind: 'esim' },
  });
  expect(put.statusCode, put.body).toBe(200);
  return put.json() as { id: number; msisdn: string };
}

/** The confirmation code last sent to a number (the SMS as queued, opened as its sending job would). */
function lastCode(msisdn: string): Promise<string> {
  return queuedCode(t.app, t.config.sessionSecret, msisdn, new Date(clock.t));
}

/** Step 3 for a number that is not the applicant's ESIA mobile: the SMS code, then submit. */
async function submitWithCode(jar: CookieJar, order: { id: number; msisdn: string }) {
  const sent = await call('POST', `/v1/order/portation/${order.id}/code`, jar);
  expect(sent.statusCode, sent.body).toBe(200);
  const res = await call('PUT', `/v1/order/portation/${order.id}/submit`, jar, {
    ...ACCEPTED,
    consent: true,
    confirmationCode: await lastCode(order.msisdn),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function portationOf(orderId: number) {
  const [p] = await t.app.db.select().from(portations).where(eq(portations.orderId, orderId));
  if (!p) throw new Error(`no portation of order ${orderId}`);
  return p;
}

async function order(jar: CookieJar, id: number) {
  return (await call('GET', `/v1/order/portation/${id}`, jar)).json();
}

/** The e-mails and SMS queued for a user whose text says this. */
async function toldAbout(user: number, text: string) {
  return t.app.db
    .select({ channel: notifications.channel, recipient: notifications.recipient, subject: notifications.subject })
    .from(notifications)
    .where(and(eq(notifications.userId, user), sql`${notifications.body} like ${`%${text}%`}`));
}

/** Lets time pass in steps, the engine applying what the central database said meanwhile. */
async function passTime(orderId: number, ms: number, step = 6 * HOUR) {
  const end = clock.t + ms;
  while (clock.t < end) {
    clock.t = Math.min(end, clock.t + step);
    const p = await portationOf(orderId);
    if (p.status === 'PendingBDPN') await advancePortation(engine, p.id);
  }
}

describe('the switch «Сообщать о попытках перенести номер»', () => {
  it('lists the account’s numbers, off until switched on, and switches one of the person’s own', async () => {
    const before = await call('GET', '/v1/account/watch', ivanov);
    expect(before.statusCode).toBe(200);
    const info = (await call('GET', '/v1/account/info', ivanov)).json();
    expect(before.json().map((s: { msisdn: string }) => s.msisdn)).toEqual(
      info.msisdns.map((m: { msisdn: string }) => m.msisdn),
    );
    expect(before.json()[0]).toEqual({ msisdn: '79161234567', enabled: false, confirmed: true });
    const on = await call('PUT', '/v1/account/watch/79161234567', ivanov, { enabled: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ msisdn: '79161234567', enabled: true, confirmed: true });
    const after = (await call('GET', '/v1/account/watch', ivanov)).json();
    expect(after.find((s: { msisdn: string }) => s.msisdn === '79161234567').enabled).toBe(true);
    expect(after.find((s: { msisdn: string }) => s.msisdn === '79037654321').enabled).toBe(false);
    const off = await call('PUT', '/v1/account/watch/79161234567', ivanov, { enabled: false });
    expect(off.json().enabled).toBe(false);
  });

  it('answers 404 for someone else’s number and changes nothing; 400 for bad input; 401 signed out', async () => {
    const theirs = await call('PUT', '/v1/account/watch/79037654321', petrova, { enabled: true });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().title).toBe('Запись не найдена');
    expect(theirs.body).not.toContain('79037654321');
    const ivanovs = (await call('GET', '/v1/account/watch', ivanov)).json();
    expect(ivanovs.find((s: { msisdn: string }) => s.msisdn === '79037654321').enabled).toBe(false);
    const malformed = await call('PUT', '/v1/account/watch/8903765', ivanov, { enabled: true });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors.msisdn[0]).toMatch(/[а-я]/);
    const noBody = await call('PUT', '/v1/account/watch/79037654321', ivanov, { enabled: 'да' });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().title).toBe('Ошибка валидации');
    for (const [method, url] of [
      ['GET', '/v1/account/watch'],
      ['PUT', '/v1/account/watch/79037654321'],
      ['GET', '/v1/account/alerts'],
      ['POST', '/v1/account/alerts/1/confirm'],
      ['POST', '/v1/account/alerts/1/refuse'],
    ] as const) {
      const res = await call(method, url, null, method === 'PUT' ? { enabled: true } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('may be switched on only for a number the person showed is theirs, and goes off when ESIA stops saying so', async () => {
    // Сидоров has no verified mobile: a draft of his own puts a number in his account, unconfirmed.
    const init = await call('POST', '/v1/order/portation/init', sidorov, { msisdn: '79165550031' });
    expect(init.statusCode, init.body).toBe(200);
    const list = (await call('GET', '/v1/account/watch', sidorov)).json();
    expect(list).toEqual([{ msisdn: '79165550031', enabled: false, confirmed: false }]);
    const refused = await call('PUT', '/v1/account/watch/79165550031', sidorov, { enabled: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.enabled[0]).toContain('подтверждённый в Госуслугах или кодом из SMS');
    expect((await call('PUT', '/v1/account/watch/79165550031', sidorov, { enabled: false })).statusCode).toBe(200);

    // Ivanov's second ESIA mobile, switched on, then no longer verified at a sign-in: switched off.
    expect((await call('PUT', '/v1/account/watch/79037654321', ivanov, { enabled: true })).statusCode).toBe(200);
    await syncEsiaNumbers(t.app.db, ivanovId, ['79161234567'], new Date(clock.t));
    const now = (await call('GET', '/v1/account/watch', ivanov)).json();
    expect(now.find((s: { msisdn: string }) => s.msisdn === '79037654321')).toMatchObject({
      enabled: false,
      confirmed: false,
    });
    await syncEsiaNumbers(t.app.db, ivanovId, ['79161234567', '79037654321'], new Date(clock.t));
    expect((await call('PUT', '/v1/account/watch/79037654321', ivanov, { enabled: true })).statusCode).toBe(200);
  });
});

describe('«Получить код» of a number no proof covers', () => {
  it('confirms the number by an SMS code and switches the watch on; guesses, strangers and floods get nowhere', async () => {
    clock.t += HOUR;
    // Сидоров's draft puts an unconfirmed number in his account (as in the test above).
    const msisdn = '79165550033';
    const init = await call('POST', '/v1/order/portation/init', sidorov, { msisdn });
    expect(init.statusCode, init.body).toBe(200);
    await call('DELETE', `/v1/order/portation/${init.json().id}`, sidorov);
    const url = `/v1/account/watch/${msisdn}`;
    // Not his number, a number Госуслуги confirms, nothing asked yet, bad input: refused, nothing sent.
    expect((await call('POST', `${url}/code`, petrova)).statusCode).toBe(404);
    expect((await call('POST', `${url}/confirm`, petrova, { code: '123456' })).statusCode).toBe(404);
    const esia = await call('POST', '/v1/account/watch/79161234567/code', ivanov);
    expect(esia.statusCode).toBe(400);
    expect(esia.json().errors.code[0]).toBe('Номер подтверждён в Госуслугах: код не нужен.');
    const early = await call('POST', `${url}/confirm`, sidorov, { code: '123456' });
    expect(early.json().errors.code[0]).toBe('Код не запрашивался: нажмите «Получить код».');
    expect((await call('POST', `${url}/confirm`, sidorov, { code: 'один' })).json().errors.code[0]).toBe(
      'Введите 6 цифр кода из SMS.',
    );

    const sent = await call('POST', `${url}/code`, sidorov);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ sentTo: msisdn, expiresAt: new Date(clock.t + 10 * 60_000).toISOString() });
    // A second code within the minute is refused (the caps are an application code's).
    expect((await call('POST', `${url}/code`, sidorov)).statusCode).toBe(429);
    const code = await lastCode(msisdn);
    expect(code).toMatch(/^\d{6}$/);
    // The SMS row keeps the code masked; its text says what the code is for.
    const [sms] = await t.app.db
      .select({ body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.recipient, msisdn), eq(notifications.carriesSecret, true)))
      .orderBy(sql`${notifications.id} desc`)
      .limit(1);
    expect(sms?.body).not.toContain(code);
    expect(sms?.body).toContain('чтобы включить оповещения о попытках его перенести');

    // Fifty wrong guesses at once check five codes at most; the right code after them is refused too.
    const wrong = code === '000000' ? '111111' : '000000';
    const guesses = await Promise.all(
      Array.from({ length: 50 }, () => call('POST', `${url}/confirm`, sidorov, { code: wrong })),
    );
    const said = guesses.map((g) => g.json().errors.code[0] as string);
    expect(said.filter((m) => m.startsWith('Неверный код'))).toHaveLength(5);
    expect(said.filter((m) => m === 'Попытки ввода исчерпаны: запросите новый код.')).toHaveLength(45);
    const late = await call('POST', `${url}/confirm`, sidorov, { code });
    expect(late.json().errors.code[0]).toBe('Попытки ввода исчерпаны: запросите новый код.');
    expect((await call('GET', '/v1/account/watch', sidorov)).json()).toContainEqual({
      msisdn,
      enabled: false,
      confirmed: false,
    });

    // A new code, typed right: the number is his for 30 days, and watched.
    clock.t += 2 * 60_000;
    expect((await call('POST', `${url}/code`, sidorov)).statusCode).toBe(200);
    const right = await call('POST', `${url}/confirm`, sidorov, { code: ` ${await lastCode(msisdn)} ` });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toEqual({ msisdn, enabled: true, confirmed: true });
    // Spent: the same code again is refused.
    const again = await call('POST', `${url}/confirm`, sidorov, { code: await lastCode(msisdn) });
    expect(again.statusCode).toBe(400);
    // 31 days on, the proof has lapsed and the watch with it.
    const saved = clock.t;
    clock.t += 31 * DAY;
    expect((await call('GET', '/v1/account/watch', sidorov)).json()).toContainEqual({
      msisdn,
      enabled: false,
      confirmed: false,
    });
    clock.t = saved;
  });
});

describe('alerts', () => {
  it('tells the watcher at once when someone else starts an application or asks for a code, by e-mail, SMS and in the account', async () => {
    const draft = await prepared(petrova, '79037654321');
    const started = (await alertsOf(ivanov)).data[0];
    expect(started).toMatchObject({
      msisdn: '79037654321',
      kind: 'started',
      title: 'Начато заявление на перенос номера',
      text: 'На этом сайте начали заявление на перенос номера +7 (903) 765-43-21 к другому оператору.',
      advice: ADVICE,
      hold: null,
    });
    expect(ADVICE).toBe(
      'Это были не вы? Позвоните своему оператору и запретите перенос номера без вашего присутствия.',
    );
    const told = await toldAbout(ivanovId, 'начали заявление на перенос номера +7 (903) 765-43-21');
    expect(told).toEqual([
      {
        channel: 'email',
        recipient: 'ivanov@example.ru',
        subject: 'Попытка перенести номер +7 (903) 765-43-21',
      },
    ]);
    const sms = await toldAbout(ivanovId, 'Начато заявление на перенос номера: +7 (903) 765-43-21');
    expect(sms).toEqual([{ channel: 'sms', recipient: '79037654321', subject: '' }]);
    // The applicant hears nothing of it, and has no alerts.
    expect((await alertsOf(petrova)).totalRows).toBe(0);

    expect((await call('POST', `/v1/order/portation/${draft.id}/code`, petrova)).statusCode).toBe(200);
    expect((await alertsOf(ivanov)).data[0]).toMatchObject({ kind: 'code', msisdn: '79037654321' });

    // Step 1 without sign-in: nobody known did it, so the watcher hears.
    const browser = new CookieJar();
    const anonymous = await call('POST', '/v1/order/portation/init', browser, { msisdn: '+7 903 765-43-21' });
    expect(anonymous.statusCode, anonymous.body).toBe(200);
    expect((await alertsOf(ivanov)).data[0]).toMatchObject({ kind: 'started' });
    await call('DELETE', `/v1/order/portation/${draft.id}`, petrova);
  });

  it('says nothing of the watcher’s own steps: no alert, no hold', async () => {
    await ivanovWatches('79165550021');
    const before = (await alertsOf(ivanov)).totalRows;
    const draft = await prepared(ivanov, '79165550021');
    const submitted = await submitWithCode(ivanov, draft);
    expect((await alertsOf(ivanov)).totalRows).toBe(before);
    expect(submitted.events.map((e: { kind: string }) => e.kind)).not.toContain('held');
    expect((await portationOf(draft.id)).heldUntil).toBeNull();
    await call('DELETE', `/v1/order/portation/${draft.id}`, ivanov);
  });

  it('lists alerts newest first, 10 a page', async () => {
    const all = await alertsOf(ivanov, 0, 100);
    expect(all.totalRows).toBeGreaterThanOrEqual(3);
    const times = all.data.map((a) => a.occurredAt);
    expect(times).toEqual([...times].sort().reverse());
    const first = await alertsOf(ivanov, 0, 2);
    const second = await alertsOf(ivanov, 2, 2);
    expect(first.data.map((a) => a.id)).toEqual(all.data.slice(0, 2).map((a) => a.id));
    expect(second.data.map((a) => a.id)).toEqual(all.data.slice(2, 4).map((a) => a.id));
    const defaults = (await call('GET', '/v1/account/alerts', ivanov)).json();
    expect(defaults).toMatchObject({ offset: 0, pageSize: 10, totalRows: all.totalRows });
    expect((await call('GET', '/v1/account/alerts?Take=0', ivanov)).statusCode).toBe(400);
  });
});

describe('every node', () => {
  it('shows an alert made on one node in the account on another within seconds, and that node’s workers send it', async () => {
    const second = await createSecondNode(t, { jobWorkers: true });
    try {
      await ivanovWatches('79165550091');
      const browser = new CookieJar();
      const init = await call('POST', '/v1/order/portation/init', browser, { msisdn: '79165550091' });
      expect(init.statusCode, init.body).toBe(200);
      const onSecond = await second.app.inject({
        method: 'GET',
        url: '/api/v1/account/alerts',
        headers: authHeaders(ivanov),
      });
      expect(onSecond.json().data[0]).toMatchObject({ kind: 'started', msisdn: '79165550091' });
      // The second node's workers deliver the e-mail and SMS to the outbox stand-in.
      const deadline = Date.now() + 15_000;
      let sent: { channel: string }[] = [];
      while (Date.now() < deadline) {
        sent = await t.app.db
          .select({ channel: outboxMessages.channel })
          .from(outboxMessages)
          .where(like(outboxMessages.body, '%+7 (916) 555-00-91%'));
        if (sent.length >= 2) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(sent.map((s) => s.channel).sort()).toEqual(['email', 'sms']);
    } finally {
      await second.close();
    }
  });
});

describe('an application for a watched number by someone else', () => {
  it('is held, not filed, until the watcher answers; «Это не я» ends it with a reason the applicant reads', async () => {
    clock.t += HOUR; // a new confirmation code for the number may be asked for
    const draft = await prepared(petrova, '79037654321');
    const submitted = await submitWithCode(petrova, draft);
    expect(submitted.status).toBe('PendingBDPN');
    const held = submitted.events.find((e: { kind: string }) => e.kind === 'held');
    expect(held.description).toMatch(
      /^Владелец номера включил оповещения о попытках его перенести: заявление уйдёт в БДПН, когда он подтвердит его, но не позже \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} \(МСК\)$/,
    );
    const p = await portationOf(draft.id);
    expect(p.heldUntil?.getTime()).toBe(clock.t + DAY);
    // The lapse is queued for that moment; nothing is filed meanwhile, whatever the engine is asked.
    const jobs = await t.app.database.executeSql(
      `select start_after from pgboss.job where name = $1 and data->>'portationId' = $2`,
      [HOLD_QUEUE, String(p.id)],
    );
    // pg-boss keeps whole seconds: the job may come up to a second early, and then waits again.
    expect(Math.abs(new Date(String(jobs.rows[0]?.start_after)).getTime() - (clock.t + DAY))).toBeLessThan(1000);
    await advancePortation(engine, p.id);
    expect(await portationOf(draft.id)).toMatchObject({ filingStartedAt: null, processId: null });

    const alert = (await alertsOf(ivanov)).data[0];
    expect(alert).toMatchObject({
      kind: 'held',
      title: 'Подано заявление на перенос номера',
      hold: { state: 'pending', until: new Date(clock.t + DAY).toISOString(), answeredAt: null },
    });
    // It names the new operator and the night, and says plainly what silence does.
    const night = (await order(petrova, draft.id)).portationAt;
    expect(alert?.text).toContain(
      `подано заявление на перенос номера +7 (903) 765-43-21 к оператору МегаФон, перенос в ночь на ${formatDayInWords(night)} (00:00–06:00 МСК).`,
    );
    expect(alert?.text).toContain('Заявление ждёт вашего ответа до');
    expect(alert?.text).toContain('заявление будет отклонено окончательно');
    expect(alert?.text).toMatch(/Если вы не ответите до .+, заявление уйдёт в БДПН без вашего ответа/);
    expect(alert?.text).not.toContain('только если');
    expect(alert?.advice).toBe(ADVICE);
    const heldSms = await toldAbout(
      ivanovId,
      'Подано заявление на перенос номера: +7 (903) 765-43-21 к оператору МегаФон',
    );
    expect(heldSms.map((n) => n.channel)).toEqual(['sms']);
    expect((await toldAbout(ivanovId, 'Подтвердите или отклоните')).map((n) => n.channel).sort()).toEqual([
      'email',
      'sms',
    ]);

    // Only the watcher may answer; an alert that asks for nothing cannot be answered.
    const id = alert?.id ?? 0;
    expect((await call('POST', `/v1/account/alerts/${id}/confirm`, petrova)).statusCode).toBe(404);
    expect((await call('POST', `/v1/account/alerts/${id}/refuse`, sidorov)).statusCode).toBe(404);
    expect((await call('POST', '/v1/account/alerts/2147483647/refuse', ivanov)).statusCode).toBe(404);
    const started = (await alertsOf(ivanov)).data.find((a) => a.kind === 'started');
    const nothing = await call('POST', `/v1/account/alerts/${started?.id}/confirm`, ivanov);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().errors.alert[0]).toBe(
      'Это оповещение не ждёт ответа: подтверждать или отклонять в нём нечего.',
    );

    const refused = await call('POST', `/v1/account/alerts/${id}/refuse`, ivanov);
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json().hold).toMatchObject({ state: 'refused', answeredAt: new Date(clock.t).toISOString() });
    expect(refused.json().advice).toBe(ADVICE_REFUSED);
    const ended = await order(petrova, draft.id);
    expect(ended.status).toBe('Deleted');
    expect(ended.reason).toBe(`${HOLD_REFUSED}.`);
    expect(ended.events.at(-1)).toMatchObject({ kind: 'hold-refused', status: 'Deleted' });
    const petrovaId = await userId(CITIZENS.petrova);
    const toldPetrova = await toldAbout(petrovaId, 'Владелец номера ответил, что не подавал это заявление');
    expect(toldPetrova.map((n) => n.recipient).sort()).toEqual(['79037654321', 'applicant@example.ru']);
    expect((await portationOf(draft.id)).heldUntil).toBeNull();
    // The same answer again changes nothing; the other one is refused.
    expect((await call('POST', `/v1/account/alerts/${id}/refuse`, ivanov)).statusCode).toBe(200);
    const late = await call('POST', `/v1/account/alerts/${id}/confirm`, ivanov);
    expect(late.statusCode).toBe(400);
    expect(late.json().errors.alert[0]).toBe('Вы уже ответили «Это не я»: заявление отклонено.');

    // Not again the same day, by «Подать заново» or from step 1: each would ask the holder again.
    const refile = await call('POST', `/v1/order/portation/${draft.id}/refile`, petrova);
    expect(refile.statusCode, refile.body).toBe(400);
    expect(refile.json()).toMatchObject({ refusal: 'holder-refused', errors: { msisdn: [HOLDER_REFUSED_TODAY] } });
    const again = await call('POST', '/v1/order/portation/init', petrova, { msisdn: '79037654321' });
    expect(again.json().refusal).toBe('holder-refused');
    // The next Moscow day it may be filed again (and the holder is asked again).
    const saved = clock.t;
    clock.t = moscowMidnight(addDays(moscowDay(new Date(clock.t)), 1)).getTime() + 60_000;
    const tomorrow = await call('POST', '/v1/order/portation/init', petrova, { msisdn: '79037654321' });
    expect(tomorrow.statusCode, tomorrow.body).toBe(200);
    await call('DELETE', `/v1/order/portation/${tomorrow.json().id}`, petrova);
    clock.t = Math.max(saved, clock.t);
  });

  it('goes to the central database once confirmed, and its completed porting is an alert of its own', async () => {
    await ivanovWatches('79165550041');
    const draft = await prepared(petrova, '79165550041');
    await submitWithCode(petrova, draft);
    const alert = (await alertsOf(ivanov)).data[0];
    expect(alert?.hold?.state).toBe('pending');
    clock.t += 2 * HOUR;
    const confirmed = await call('POST', `/v1/account/alerts/${alert?.id}/confirm`, ivanov);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().hold.state).toBe('confirmed');
    expect(confirmed.json().text).toContain('Вы подтвердили заявление');
    // It was them: «Это были не вы?» is no longer asked.
    expect(confirmed.json().advice).toBeNull();
    const after = await order(petrova, draft.id);
    expect(after.events.map((e: { kind: string }) => e.kind).slice(-3)).toEqual([
      'submitted',
      'held',
      'hold-confirmed',
    ]);
    await advancePortation(engine, (await portationOf(draft.id)).id);
    expect((await portationOf(draft.id)).processId).not.toBeNull();
    await passTime(draft.id, 12 * DAY);
    expect((await order(petrova, draft.id)).status).toBe('Done');
    expect((await alertsOf(ivanov)).data[0]).toMatchObject({
      kind: 'ported',
      msisdn: '79165550041',
      title: 'Номер перенесён к другому оператору',
      text: 'Номер +7 (916) 555-00-41 перенесён к оператору МегаФон по заявлению, поданному на этом сайте.',
    });
    expect((await toldAbout(ivanovId, 'перенесён к оператору МегаФон')).map((n) => n.channel).sort()).toEqual([
      'email',
      'sms',
    ]);
  });

  it('goes on by itself after 24 hours without an answer, and the timeline says so', async () => {
    await ivanovWatches('79165550051');
    const draft = await prepared(petrova, '79165550051');
    await submitWithCode(petrova, draft);
    const p = await portationOf(draft.id);
    const alert = (await alertsOf(ivanov)).data[0];
    clock.t += 23 * HOUR;
    await releaseLapsedHold(engine, p.id);
    expect((await portationOf(draft.id)).heldUntil).not.toBeNull();
    clock.t += HOUR;
    await releaseLapsedHold(engine, p.id);
    expect((await portationOf(draft.id)).heldUntil).toBeNull();
    const lapsed = await order(petrova, draft.id);
    expect(lapsed.status).toBe('PendingBDPN');
    expect(lapsed.events.at(-1)).toMatchObject({
      kind: 'hold-lapsed',
      description: 'Владелец номера не ответил за 24 часа: заявление передаётся в БДПН',
    });
    const late = await call('POST', `/v1/account/alerts/${alert?.id}/refuse`, ivanov);
    expect(late.statusCode).toBe(400);
    expect(late.json().errors.alert[0]).toBe('Срок ответа — 24 часа — истёк: заявление передано в БДПН.');
    expect((await alertsOf(ivanov)).data.find((a) => a.id === alert?.id)?.hold?.state).toBe('lapsed');
    await advancePortation(engine, p.id);
    expect((await portationOf(draft.id)).processId).not.toBeNull();
    // A second run of the job finds nothing to do.
    await releaseLapsedHold(engine, p.id);
    expect(
      (await order(petrova, draft.id)).events.filter((e: { kind: string }) => e.kind === 'hold-lapsed'),
    ).toHaveLength(1);
  });

  it('lapses when the answer comes after its day even though the job has not run yet', async () => {
    await ivanovWatches('79165550052');
    const draft = await prepared(petrova, '79165550052');
    await submitWithCode(petrova, draft);
    const alert = (await alertsOf(ivanov)).data[0];
    clock.t += DAY;
    const late = await call('POST', `/v1/account/alerts/${alert?.id}/refuse`, ivanov);
    expect(late.statusCode).toBe(400);
    expect((await order(petrova, draft.id)).events.at(-1).kind).toBe('hold-lapsed');
  });

  it('takes one answer of many at once: all «Да, это я» or all «Это не я», never both', async () => {
    await ivanovWatches('79165550061');
    const draft = await prepared(petrova, '79165550061');
    await submitWithCode(petrova, draft);
    const alert = (await alertsOf(ivanov)).data[0];
    const answers = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? 'confirm' : 'refuse'));
    const results = await Promise.all(answers.map((a) => call('POST', `/v1/account/alerts/${alert?.id}/${a}`, ivanov)));
    const ok = new Set(answers.filter((_, i) => results[i]?.statusCode === 200));
    expect(ok.size).toBe(1);
    const winner = [...ok][0];
    for (const [i, res] of results.entries()) {
      expect(res.statusCode, res.body).toBe(answers[i] === winner ? 200 : 400);
    }
    const kinds = (await order(petrova, draft.id)).events.map((e: { kind: string }) => e.kind);
    expect(kinds.filter((k: string) => k.startsWith('hold-'))).toEqual([
      winner === 'confirm' ? 'hold-confirmed' : 'hold-refused',
    ]);
    const [row] = await t.app.db.select().from(portationOrders).where(eq(portationOrders.id, draft.id));
    expect(row?.status).toBe(winner === 'confirm' ? 'PendingBDPN' : 'Deleted');
    if (winner === 'confirm') await call('DELETE', `/v1/order/portation/${draft.id}`, petrova);
  });

  it('is no longer answered once its applicant withdrew it', async () => {
    await ivanovWatches('79165550071');
    const draft = await prepared(petrova, '79165550071');
    await submitWithCode(petrova, draft);
    const alert = (await alertsOf(ivanov)).data[0];
    expect((await call('DELETE', `/v1/order/portation/${draft.id}`, petrova)).statusCode).toBe(204);
    expect((await alertsOf(ivanov)).data.find((a) => a.id === alert?.id)?.hold?.state).toBe('withdrawn');
    const res = await call('POST', `/v1/account/alerts/${alert?.id}/confirm`, ivanov);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.alert[0]).toBe('Заявление уже отозвано или отклонено: отвечать не нужно.');
  });
});

describe('a right to a number is as fresh as its proof', () => {
  it('lets an SMS-only watcher neither hold nor end the application of the person whose ESIA profile lists the number', async () => {
    clock.t += 2 * DAY; // the number's codes of the days before are spent
    const number = '79037654321'; // Ivanov's second ESIA mobile
    // Petrova once confirmed the number by an SMS code, submitted and withdrew.
    const hers = await prepared(petrova, number);
    await submitWithCode(petrova, hers);
    expect((await call('DELETE', `/v1/order/portation/${hers.id}`, petrova)).statusCode).toBe(204);
    // Her code is fresh: she may switch a watch on for it.
    const on = await call('PUT', `/v1/account/watch/${number}`, petrova, { enabled: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ enabled: true, confirmed: true });
    // Ivanov, whose ESIA profile lists it, files for it: she hears of it, but it is not held for her.
    clock.t += HOUR;
    const his = await prepared(ivanov, number);
    const submitted = await call('PUT', `/v1/order/portation/${his.id}/submit`, ivanov, { ...ACCEPTED, consent: true });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().events.map((e: { kind: string }) => e.kind)).not.toContain('held');
    const alert = (await alertsOf(petrova)).data.find((a) => a.kind === 'held');
    expect(alert?.hold?.state).toBe('outranked');
    expect(alert?.text).toContain('задержать или отклонить это заявление вы не можете');
    // «Это не я»: the application goes on; she is told whom to contact; the desk shows the dispute.
    const refused = await call('POST', `/v1/account/alerts/${alert?.id}/refuse`, petrova);
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json().hold.state).toBe('disputed');
    expect(refused.json().text).toContain('напишите в поддержку сайта');
    expect(refused.json().text).toContain('позвоните своему оператору');
    expect((await order(ivanov, his.id)).status).toBe('PendingBDPN');
    const [row] = await t.app.db.select().from(portationOrders).where(eq(portationOrders.id, his.id));
    expect(row?.disputedAt?.getTime()).toBe(clock.t);
    const support = await signInStaff(t.app, CITIZENS.dolgova, ['support']);
    const desk = await staffCall(t.app, support, 'GET', `/api/v1/staff/porting/orders/${his.id}`);
    expect(desk.json().disputedAt).toBe(new Date(clock.t).toISOString());
    const list = await staffCall(t.app, support, 'GET', `/api/v1/staff/porting/orders?q=${his.id}`);
    expect(list.json()[0].disputedAt).toBe(new Date(clock.t).toISOString());
    // Saying it again changes nothing; «Да, это я» asks nothing of her.
    expect((await call('POST', `/v1/account/alerts/${alert?.id}/refuse`, petrova)).statusCode).toBe(200);
    expect((await call('POST', `/v1/account/alerts/${alert?.id}/confirm`, petrova)).statusCode).toBe(400);
    // Ivanov withdraws, for the tests after.
    expect((await call('DELETE', `/v1/order/portation/${his.id}`, ivanov)).statusCode).toBe(204);
  });

  it('ends an SMS proof after 30 days: the watch lapses, alerts nothing, and cannot be switched on again', async () => {
    const number = '79165550091';
    clock.t += HOUR;
    await submitWithCode(petrova, await prepared(petrova, number));
    expect((await call('PUT', `/v1/account/watch/${number}`, petrova, { enabled: true })).statusCode).toBe(200);
    const petrovaId = await userId(CITIZENS.petrova);
    const count = async () =>
      (
        await t.app.db
          .select()
          .from(watchAlerts)
          .where(and(eq(watchAlerts.userId, petrovaId), eq(watchAlerts.msisdn, number)))
      ).length;
    // Day 29: someone starts an application for it, and she hears.
    clock.t += 29 * DAY;
    expect((await call('POST', '/v1/order/portation/init', new CookieJar(), { msisdn: number })).statusCode).toBe(200);
    expect(await count()).toBe(1);
    // Day 31: nothing more, and the switch shows off and stays off.
    clock.t += 2 * DAY;
    expect((await call('POST', '/v1/order/portation/init', new CookieJar(), { msisdn: number })).statusCode).toBe(200);
    expect(await count()).toBe(1);
    const list = (await call('GET', '/v1/account/watch', petrova)).json();
    expect(list.find((s: { msisdn: string }) => s.msisdn === number)).toEqual({
      msisdn: number,
      enabled: false,
      confirmed: false,
    });
    const again = await call('PUT', `/v1/account/watch/${number}`, petrova, { enabled: true });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors.enabled[0]).toContain('за последние 30 дней');
  });

  it('ends an SMS proof at once when someone else ports the number', async () => {
    const number = '79165550093';
    clock.t += HOUR;
    await submitWithCode(petrova, await prepared(petrova, number));
    expect((await call('PUT', `/v1/account/watch/${number}`, petrova, { enabled: true })).statusCode).toBe(200);
    clock.t += DAY;
    const day = moscowDay(new Date(clock.t));
    await importPortedExtract(
      t.app.db,
      ['Number,OwnerId,MNC,Route,RegionCode,PortDate', `${number},mMEGAFON,02,D2502,77,${day}T10:00:00+03:00`],
      {
        source: 'Port_Increment_test.csv',
        kind: 'increment',
        watch: registryWatch({ notify: (tx, m) => t.app.notifications.queue(tx, m), siteOrigin: null }),
        now: () => new Date(clock.t),
      },
    );
    // She hears of the porting, and that was the last of it.
    expect((await alertsOf(petrova)).data[0]).toMatchObject({ kind: 'registry', msisdn: number });
    const list = (await call('GET', '/v1/account/watch', petrova)).json();
    expect(list.find((s: { msisdn: string }) => s.msisdn === number)).toEqual({
      msisdn: number,
      enabled: false,
      confirmed: false,
    });
    expect((await call('PUT', `/v1/account/watch/${number}`, petrova, { enabled: true })).statusCode).toBe(400);
  });
});

describe('«Удалить мои данные»', () => {
  it('forgets the person’s watch and alerts: nothing more is told to, or held for, nobody', async () => {
    const kuznetsova = (await signIn(t.app, '1000000004')).jar;
    const kuznetsovaId = await userId('1000000004');
    const mine = (await call('GET', '/v1/account/watch', kuznetsova)).json();
    const msisdn = mine.find((s: { confirmed: boolean }) => s.confirmed).msisdn as string;
    expect((await call('PUT', `/v1/account/watch/${msisdn}`, kuznetsova, { enabled: true })).statusCode).toBe(200);
    const browser = new CookieJar();
    expect((await call('POST', '/v1/order/portation/init', browser, { msisdn })).statusCode).toBe(200);
    expect((await alertsOf(kuznetsova)).totalRows).toBe(1);
    // Her own applications, if the demo left one under way, are ended for the test.
    await t.app.db
      .update(portationOrders)
      .set({ status: 'Deleted', reason: 'тест' })
      .where(eq(portationOrders.userId, kuznetsovaId));
    const erased = await t.app.inject({ method: 'DELETE', url: '/api/v1/account', headers: authHeaders(kuznetsova) });
    expect(erased.statusCode, erased.body).toBe(204);
    expect(await t.app.db.select().from(watchAlerts).where(eq(watchAlerts.userId, kuznetsovaId))).toEqual([]);
    const again = await call('POST', '/v1/order/portation/init', new CookieJar(), { msisdn });
    expect(again.statusCode).toBe(200);
    expect(await t.app.db.select().from(watchAlerts).where(eq(watchAlerts.msisdn, msisdn))).toEqual([]);
  });
});

describe('the ported-number registry', () => {
  const watch = () =>
    registryWatch({ notify: (tx, messages) => t.app.notifications.queue(tx, messages), siteOrigin: null });
  const at = () => new Date(clock.t);

  it('tells the watcher when an imported increment or return changes the number’s operator, and only then', async () => {
    await ivanovWatches('79165550081');
    await ivanovWatches('79165550083');
    const before = (await alertsOf(ivanov, 0, 100)).totalRows;
    await importPortedExtract(
      t.app.db,
      [
        'Number,OwnerId,MNC,Route,RegionCode,PortDate',
        '79165550081,mMEGAFON,02,D2502,77,2026-11-20T10:00:00+03:00',
        '79165550082,mMEGAFON,02,D2502,77,2026-11-20T10:00:00+03:00',
        // Still the range holder's (МТС): no change of operator, no alert.
        '79165550083,mMTS,01,D2501,77,2026-11-20T10:00:00+03:00',
      ],
      { source: 'Port_Increment_test.csv', kind: 'increment', watch: watch(), now: at },
    );
    const page = await alertsOf(ivanov, 0, 100);
    expect(page.totalRows).toBe(before + 1);
    expect(page.data[0]).toMatchObject({
      kind: 'registry',
      msisdn: '79165550081',
      text: 'По данным центральной базы перенесённых номеров (БДПН) номер +7 (916) 555-00-81 теперь обслуживает МегаФон.',
    });
    expect((await toldAbout(ivanovId, 'номер +7 (916) 555-00-81 теперь обслуживает МегаФон')).length).toBe(2);

    await importPortedExtract(t.app.db, ['Number,OwnerId,MNC,Route,RegionCode,PortDate', '79165550081,,,,77,'], {
      source: 'Return_Increment_test.csv',
      kind: 'return',
      watch: watch(),
      now: at,
    });
    expect((await alertsOf(ivanov)).data[0]).toMatchObject({ kind: 'registry', text: expect.stringContaining('МТС') });
  });

  it('on a full dump, tells of every watched number it moves, those it leaves out too', async () => {
    // 79165550083 stays МТС's in the increment above and goes to Beeline here.
    // Ivanov's first number was ported to MegaFon (the demo); a dump without it gives it back to МТС.
    await ivanovWatches('79161234567');
    const before = (await alertsOf(ivanov, 0, 100)).totalRows;
    await importPortedExtract(
      t.app.db,
      ['Number,OwnerId,MNC,Route,RegionCode,PortDate', '79165550083,mBEELINE,99,D2599,77,2026-11-21'],
      { source: 'Port_All_test.csv', kind: 'full', watch: watch(), now: at },
    );
    const page = await alertsOf(ivanov, 0, 100);
    // The two above, and the number Петрова ported to MegaFon earlier in this file, back with МТС.
    expect(page.totalRows).toBe(before + 3);
    expect(
      page.data
        .slice(0, 3)
        .map((a) => a.msisdn)
        .sort(),
    ).toEqual(['79161234567', '79165550041', '79165550083']);
    const rows = await t.app.db.select().from(watchAlerts).where(eq(watchAlerts.msisdn, '79165550083'));
    expect(rows.map((r) => r.kind)).toEqual(['registry']);
  });
});

describe('at most five alerts a day about a number', () => {
  const started = (msisdn: string, at: Date) =>
    t.app.db.transaction((tx) =>
      t.app.porting.deps.watch.alert(tx, { kind: 'started', msisdn, actorUserId: null, orderId: null, at }),
    );
  const rowsOf = (msisdn: string) =>
    t.app.db
      .select()
      .from(watchAlerts)
      .where(and(eq(watchAlerts.userId, ivanovId), eq(watchAlerts.msisdn, msisdn)))
      .orderBy(watchAlerts.id);

  it('sends five, then one summary that counts the rest of the day; a held application still asks at once', async () => {
    const msisdn = '79165550095';
    await ivanovWatches(msisdn);
    const at = new Date(clock.t);
    for (let i = 0; i < 8; i++) await started(msisdn, at);
    const rows = await rowsOf(msisdn);
    expect(rows.map((r) => r.kind)).toEqual([...Array(ALERTS_A_DAY).fill('started'), 'summary']);
    expect(rows.at(-1)?.repeats).toBe(3);
    const sms = await t.app.db
      .select({ body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.recipient, msisdn), eq(notifications.channel, 'sms')));
    expect(sms).toHaveLength(ALERTS_A_DAY + 1);
    expect(sms.at(-1)?.body).toContain(`Сегодня больше ${ALERTS_A_DAY} попыток перенести номер +7 (916) 555-00-95`);
    const summary = (await alertsOf(ivanov)).data.find((a) => a.kind === 'summary');
    expect(summary).toMatchObject({ title: 'Много попыток перенести номер за день' });
    expect(summary?.text).toContain('считаем их здесь — их 3');
    // A held application past the cap is still held and asked about.
    const { holders, alerted } = await t.app.db.transaction((tx) =>
      t.app.porting.deps.watch.alert(tx, {
        kind: 'held',
        msisdn,
        actorUserId: null,
        orderId: null,
        at,
        holdUntil: new Date(clock.t + DAY),
        applicantProof: 'sms',
      }),
    );
    expect(holders).toEqual([ivanovId]);
    expect(alerted).toEqual([ivanovId]);
    expect((await rowsOf(msisdn)).at(-1)).toMatchObject({ kind: 'held', hold: 'pending' });
    // The next Moscow day starts afresh.
    clock.t += DAY;
    await started(msisdn, new Date(clock.t));
    expect((await rowsOf(msisdn)).at(-1)?.kind).toBe('started');
  });

  it('keeps to five and one summary when 50 alerts come at once', async () => {
    const msisdn = '79165550097';
    await ivanovWatches(msisdn);
    const at = new Date(clock.t);
    await Promise.all(Array.from({ length: 50 }, () => started(msisdn, at)));
    const rows = await rowsOf(msisdn);
    expect(rows.map((r) => r.kind)).toEqual([...Array(ALERTS_A_DAY).fill('started'), 'summary']);
    expect(rows.at(-1)?.repeats).toBe(50 - ALERTS_A_DAY);
  });
});
