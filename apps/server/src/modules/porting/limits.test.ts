import { and, desc, eq, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, CITIZENS, CookieJar, signIn } from '../../../test/esia';
import { ACCEPTED, forgetNewApplicationCounts, queuedCode } from '../../../test/porting';
import { loadConfig } from '../../config/env';
import { addDays, moscowDay } from '../../lib/moscow';
import { HttpProblem } from '../../lib/problem';
import { createSecondNode, createTestApp, type TestApp } from '../../test/app';
import { nextMoscowMidnight } from '../lookup/quota/day';
import { notifications } from '../notifications/tables';
import { tariffRegions } from '../tariffs/tables';
import { users } from '../users/tables';
import { setWatch } from '../watch/service';
import { watchAlerts } from '../watch/tables';
import { type Owner, type PortingDeps, UNMETERED } from './deps';
import { CODE_SENDS_A_DAY_PER_CITIZEN, CODE_SENDS_A_DAY_PER_NUMBER, sendCode } from './steps/code';
import { initOrder, NEW_ORDERS_A_DAY_PER_NUMBER, NEW_ORDERS_A_DAY_PER_PERSON } from './steps/init';
import { refileOrder } from './steps/refile';
import { codeSendLimits, portationOrders } from './tables';
import { deleteOrder } from './withdrawal';

/**
 * The rules a count guards, each tried with the same call many times at once, split over two nodes
 * on one database: the five code attempts, the SMS caps per number and per citizen across orders, the
 * lookup quota that step 1 spends, and one open draft per number and owner.
 */

let t: TestApp;
let second: TestApp;
let ivanov: CookieJar;
let sidorov: CookieJar;
let ivanovId = 0;
let sidorovId = 0;

beforeAll(async () => {
  const lookup = loadConfig({ NODE_ENV: 'test' }).lookup;
  t = await createTestApp({ lookup: { ...lookup, quotaAnonymous: 20, quotaSignedIn: 500 } });
  second = await createSecondNode(t);
  ivanov = (await signIn(t.app, CITIZENS.ivanov)).jar;
  sidorov = (await signIn(t.app, CITIZENS.sidorov)).jar;
  const idOf = async (oid: string) =>
    (await t.app.db.select({ id: users.id }).from(users).where(eq(users.oid, oid)))[0]?.id ?? 0;
  ivanovId = await idOf(CITIZENS.ivanov);
  sidorovId = await idOf(CITIZENS.sidorov);
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

/** The tests of the code caps make more orders than a day allows; that cap is tried on its own below. */
const forgetNewOrderCounts = () => forgetNewApplicationCounts(t.app);

/** Noon in Moscow of today's real day: a test's minutes never cross the day's end. */
function moscowNoon(): number {
  return nextMoscowMidnight(new Date()).getTime() - 12 * 3600_000;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** A call through one of the two nodes (by `node`), as a browser with `jar` (or none) from `ip`. */
function call(
  node: number,
  method: Method,
  url: string,
  jar: CookieJar | null,
  payload?: object,
  ip = '10.1.0.1',
): Promise<LightMyRequestResponse> {
  const app = node % 2 === 0 ? t.app : second.app;
  return app.inject({
    method,
    url: `/api${url}`,
    remoteAddress: ip,
    headers: jar ? authHeaders(jar) : { 'x-requested-with': 'XMLHttpRequest' },
    ...(payload ? { payload } : {}),
  });
}

async function tariffOf(slug: string, regionCode: number) {
  const op = (await t.app.inject({ method: 'GET', url: `/api/v1/operator/${slug}` })).json().id as number;
  const [row] = await t.app.db
    .select({ id: tariffRegions.tariffId })
    .from(tariffRegions)
    .where(and(eq(tariffRegions.operatorId, op), eq(tariffRegions.regionCode, regionCode)))
    .limit(1);
  return { operatorId: op, tariffId: row?.id ?? 0 };
}

const count = (answers: LightMyRequestResponse[], status: number) => answers.filter((a) => a.statusCode === status);

describe('confirmation codes', () => {
  it('checks only five of 50 parallel guesses against the code, on two nodes, and then not even the right one', async () => {
    const msisdn = '79165554001';
    const init = await call(0, 'POST', '/v1/order/portation/init', ivanov, { msisdn });
    expect(init.statusCode, init.body).toBe(200);
    const order = init.json();
    const put = await call(0, 'PUT', `/v1/order/portation/${order.id}`, ivanov, {
      ...(await tariffOf('megafon', order.regionCode)),
      portationAt: addDays(moscowDay(new Date()), 8),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await call(0, 'POST', `/v1/order/portation/${order.id}/code`, ivanov)).statusCode).toBe(200);
    // The SMS as queued for sending (the sending job is off in tests), opened as that job would.
    const code = await queuedCode(t.app, t.config.sessionSecret, msisdn, new Date());
    expect(code).toMatch(/^\d{6}$/);
    // 50 guesses at once, none of them right.
    const wrong = Array.from({ length: 50 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(
      wrong.map((guess, i) =>
        call(i, 'PUT', `/v1/order/portation/${order.id}/submit`, ivanov, {
          ...ACCEPTED,
          consent: true,
          confirmationCode: guess,
        }),
      ),
    );
    const messages = answers.map((a) => a.json().errors?.confirmationCode?.[0] as string);
    expect(answers.every((a) => a.statusCode === 400)).toBe(true);
    const checked = messages.filter((m) => m.startsWith('Неверный код'));
    expect(checked.sort()).toEqual([
      'Неверный код. Осталось попыток: 1.',
      'Неверный код. Осталось попыток: 2.',
      'Неверный код. Осталось попыток: 3.',
      'Неверный код. Осталось попыток: 4.',
      'Неверный код. Попытки исчерпаны: запросите новый код.',
    ]);
    expect(messages.filter((m) => m === 'Попытки ввода исчерпаны: запросите новый код.')).toHaveLength(45);
    // The right code comes too late: the attempts are spent.
    const right = await call(1, 'PUT', `/v1/order/portation/${order.id}/submit`, ivanov, {
      ...ACCEPTED,
      consent: true,
      confirmationCode: code,
    });
    expect(right.statusCode).toBe(400);
    expect(right.json().errors.confirmationCode[0]).toBe('Попытки ввода исчерпаны: запросите новый код.');
    const [row] = await t.app.db.select().from(portationOrders).where(eq(portationOrders.id, order.id));
    expect(row?.status).toBe('Initialized');
  });

  it('sends a number at most five codes a day and one a minute, whoever asks, for whichever order, however many at once', async () => {
    const clock = { t: moscowNoon() };
    const deps: PortingDeps = { ...t.app.porting.deps, now: () => new Date(clock.t), smsEnabled: true };
    const deps2: PortingDeps = { ...second.app.porting.deps, now: () => new Date(clock.t), smsEnabled: true };
    const msisdn = '79165554002';
    const ivan: Owner & { userId: number } = { userId: ivanovId, browserId: null };
    const sid: Owner & { userId: number } = { userId: sidorovId, browserId: null };
    const orderOf = async (who: Owner & { userId: number }) => {
      const [row] = await t.app.db
        .select({ id: portationOrders.id })
        .from(portationOrders)
        .where(
          and(
            eq(portationOrders.msisdn, msisdn),
            eq(portationOrders.userId, who.userId),
            eq(portationOrders.status, 'Initialized'),
          ),
        );
      await forgetNewOrderCounts();
      return row?.id ?? (await initOrder(deps, who, { msisdn }, UNMETERED)).id;
    };
    const sent: number[] = [];
    const refusals = new Set<string>();
    for (let round = 0; round < CODE_SENDS_A_DAY_PER_NUMBER + 2; round++) {
      // Each round: both citizens' orders for the number, 20 requests at once over two nodes.
      const orders = [await orderOf(ivan), await orderOf(sid)];
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          sendCode(i % 2 ? deps2 : deps, i % 4 < 2 ? ivan : sid, orders[i % 4 < 2 ? 0 : 1] ?? 0),
        ),
      );
      sent.push(results.filter((r) => r.status === 'fulfilled').length);
      for (const r of results) {
        if (r.status === 'rejected') {
          expect(r.reason).toBeInstanceOf(HttpProblem);
          expect((r.reason as HttpProblem).status).toBe(429);
          refusals.add((r.reason as HttpProblem).errors?.confirmationCode?.[0] ?? '');
        }
      }
      // The attack of the issue: withdraw the order and make a new one; it gets no fresh allowance.
      await deleteOrder(deps, ivan, orders[0] ?? 0);
      clock.t += 61_000;
    }
    expect(sent).toEqual([1, 1, 1, 1, 1, 0, 0]);
    expect([...refusals]).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Новый код можно запросить через \d+ с\.$/),
        `На этот номер сегодня уже отправлено ${CODE_SENDS_A_DAY_PER_NUMBER} кодов подтверждения. Попробуйте завтра.`,
      ]),
    );
    const smsQueued = await t.app.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.channel, 'sms'), eq(notifications.recipient, msisdn)));
    expect(smsQueued).toHaveLength(CODE_SENDS_A_DAY_PER_NUMBER);
    // Tomorrow (Moscow) the number may get codes again.
    clock.t += 24 * 3600_000;
    await expect(sendCode(deps, sid, await orderOf(sid))).resolves.toMatchObject({ sentTo: msisdn });
  });

  it(`lets one citizen ask for at most ${CODE_SENDS_A_DAY_PER_CITIZEN} codes a day to all numbers together`, async () => {
    const clock = { t: moscowNoon() + 3 * 24 * 3600_000 };
    const deps: PortingDeps = { ...t.app.porting.deps, now: () => new Date(clock.t), smsEnabled: true };
    const sid: Owner & { userId: number } = { userId: sidorovId, browserId: null };
    const numbers = Array.from(
      { length: CODE_SENDS_A_DAY_PER_CITIZEN + 5 },
      (_, i) => `791655541${String(i).padStart(2, '0')}`,
    );
    const orders = [];
    for (const msisdn of numbers) {
      await forgetNewOrderCounts();
      orders.push((await initOrder(deps, sid, { msisdn }, UNMETERED)).id);
    }
    const results = await Promise.allSettled(orders.map((id) => sendCode(deps, sid, id)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(CODE_SENDS_A_DAY_PER_CITIZEN);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused.map((r) => (r.reason as HttpProblem).errors?.confirmationCode?.[0])).toEqual(
      Array(5).fill(`Сегодня вы уже запросили ${CODE_SENDS_A_DAY_PER_CITIZEN} кодов подтверждения. Попробуйте завтра.`),
    );
  });
});

describe('step 1 and the lookup quota', () => {
  it('spends the lookup quota, answers 429 with the refresh time when it is spent, and a typo costs nothing', async () => {
    const ip = '10.2.0.1';
    // Ten lookups on /check and ten applications at once: the same daily quota of 20.
    const lookups = Array.from({ length: 10 }, (_, i) =>
      call(i, 'POST', '/v1.1/msisdn/info/single', null, { msisdn: '79165550001' }, ip),
    );
    const inits = Array.from({ length: 10 }, (_, i) =>
      call(
        i,
        'POST',
        '/v1/order/portation/init',
        new CookieJar(),
        { msisdn: `791655542${String(i).padStart(2, '0')}` },
        ip,
      ),
    );
    const first = await Promise.all([...lookups, ...inits]);
    expect(count(first, 429)).toHaveLength(0);
    const typo = await call(0, 'POST', '/v1/order/portation/init', new CookieJar(), { msisdn: '8916' }, ip);
    expect(typo.statusCode).toBe(400);
    const landline = await call(0, 'POST', '/v1/order/portation/init', new CookieJar(), { msisdn: '84951234567' }, ip);
    expect(landline.statusCode).toBe(400);
    expect(landline.json().errors.msisdn[0]).toContain('Городские номера сайт не переносит и не проверяет');
    // The 21st call of any kind is refused, with when it renews, whichever node takes it.
    const spent = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(i, 'POST', '/v1/order/portation/init', new CookieJar(), { msisdn: '79165554300' }, ip),
      ),
    );
    expect(count(spent, 429)).toHaveLength(6);
    const body = spent[0]?.json();
    expect(body).toMatchObject({ status: 429, title: 'Лимит проверок на сегодня исчерпан' });
    expect(Date.parse(body.refreshAt)).toBeGreaterThan(Date.now());
    expect(Number(spent[0]?.headers['retry-after'])).toBeGreaterThan(0);
    const check = await call(1, 'POST', '/v1.1/msisdn/info/single', null, { msisdn: '79165550001' }, ip);
    expect(check.statusCode).toBe(429);
    // Nothing was made for the refused calls; another address still has its own quota.
    const made = await t.app.db.select().from(portationOrders).where(eq(portationOrders.msisdn, '79165554300'));
    expect(made).toHaveLength(0);
    const other = await call(
      0,
      'POST',
      '/v1/order/portation/init',
      new CookieJar(),
      { msisdn: '79165554300' },
      '10.2.0.2',
    );
    expect(other.statusCode, other.body).toBe(200);
  });
});

describe('new applications a day, however opened', () => {
  /** Runs `fn` with the order calls of both nodes at Moscow noon of one day: the day's counts hold still. */
  async function atNoon(fn: (now: Date) => Promise<void>) {
    const noon = new Date(moscowNoon());
    const before = [t.app.porting.deps.now, second.app.porting.deps.now] as const;
    t.app.porting.deps.now = () => noon;
    second.app.porting.deps.now = () => noon;
    try {
      await forgetNewOrderCounts();
      await fn(noon);
    } finally {
      [t.app.porting.deps.now, second.app.porting.deps.now] = before;
    }
  }
  const owner = (userId: number): Owner & { userId: number } => ({ userId, browserId: null });

  it('stops the loop of «Отменить» and «Подать заново» on a watched number at the number’s five a day, with a 429', async () => {
    await atNoon(async (now) => {
      const msisdn = '79165554601';
      await setWatch(t.app.db, ivanovId, msisdn, true, now, { proof: 'esia', proofUntil: null });
      const first = await call(0, 'POST', '/v1/order/portation/init', sidorov, { msisdn });
      expect(first.statusCode, first.body).toBe(200);
      let id = first.json().id as number;
      const refiles: LightMyRequestResponse[] = [];
      for (let cycle = 0; cycle < 100; cycle++) {
        await call(cycle, 'DELETE', `/v1/order/portation/${id}`, sidorov);
        const res = await call(cycle, 'POST', `/v1/order/portation/${id}/refile`, sidorov);
        refiles.push(res);
        if (res.statusCode === 200) id = res.json().id;
      }
      expect(count(refiles, 200)).toHaveLength(NEW_ORDERS_A_DAY_PER_NUMBER - 1);
      expect(count(refiles, 429)).toHaveLength(100 - (NEW_ORDERS_A_DAY_PER_NUMBER - 1));
      const refused = count(refiles, 429)[0];
      const message = `На этот номер сегодня уже начато ${NEW_ORDERS_A_DAY_PER_NUMBER} заявлений на перенос — больше за день нельзя. Новое можно начать завтра, с 00:00 по московскому времени.`;
      expect(refused?.headers['content-type']).toContain('application/problem+json');
      expect(refused?.json()).toMatchObject({
        type: 'urn:perenos:problem:rate-limited',
        title: 'Слишком много запросов',
        detail: message,
        errors: { msisdn: [message] },
      });
      expect(Number(refused?.headers['retry-after'])).toBe(12 * 3600);
      const orders = await t.app.db.select().from(portationOrders).where(eq(portationOrders.msisdn, msisdn));
      expect(orders).toHaveLength(NEW_ORDERS_A_DAY_PER_NUMBER);
      const alerts = await t.app.db
        .select()
        .from(watchAlerts)
        .where(and(eq(watchAlerts.userId, ivanovId), eq(watchAlerts.msisdn, msisdn)));
      expect(alerts.map((a) => a.kind)).toEqual(Array(NEW_ORDERS_A_DAY_PER_NUMBER).fill('started'));
    });
  });

  it('spends a lookup on «Подать заново», and refuses it with nothing made when the quota is spent', async () => {
    await atNoon(async () => {
      const deps = t.app.porting.deps;
      const msisdn = '79165554602';
      const draft = await initOrder(deps, owner(sidorovId), { msisdn }, UNMETERED);
      await deleteOrder(deps, owner(sidorovId), draft.id);
      let spent = 0;
      const refiled = await refileOrder(deps, owner(sidorovId), draft.id, async () => {
        spent++;
        return { allowed: true, refreshAt: new Date(0) };
      });
      expect(spent).toBe(1);
      await deleteOrder(deps, owner(sidorovId), refiled.id);
      const refusal = refileOrder(deps, owner(sidorovId), refiled.id, async () => ({
        allowed: false,
        refreshAt: new Date(moscowNoon() + 12 * 3600_000),
      }));
      await expect(refusal).rejects.toMatchObject({ status: 429, title: 'Лимит проверок на сегодня исчерпан' });
      const open = await t.app.db
        .select()
        .from(portationOrders)
        .where(and(eq(portationOrders.msisdn, msisdn), eq(portationOrders.status, 'Initialized')));
      expect(open).toHaveLength(0);
    });
  });

  it('keeps the caps exactly under 50 parallel inits and refiles on two nodes', async () => {
    await atNoon(async (now) => {
      // 50 browsers from 50 addresses open the same number at once: five make an application.
      const msisdn = '79165554603';
      const inits = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          call(i, 'POST', '/v1/order/portation/init', new CookieJar(), { msisdn }, `10.4.0.${i + 1}`),
        ),
      );
      expect(count(inits, 200)).toHaveLength(NEW_ORDERS_A_DAY_PER_NUMBER);
      expect(count(inits, 429)).toHaveLength(50 - NEW_ORDERS_A_DAY_PER_NUMBER);
      // One citizen opens 50 numbers at once: ten applications.
      const many = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          call(i, 'POST', '/v1/order/portation/init', sidorov, { msisdn: `791655547${String(i).padStart(2, '0')}` }),
        ),
      );
      expect(count(many, 200)).toHaveLength(NEW_ORDERS_A_DAY_PER_PERSON);
      for (const r of count(many, 429)) {
        expect(r.json().errors.msisdn[0]).toBe(
          `Сегодня вы уже начали ${NEW_ORDERS_A_DAY_PER_PERSON} заявлений на перенос — больше за день нельзя. Новое можно начать завтра, с 00:00 по московскому времени.`,
        );
      }
      // Tomorrow: his ten withdrawn, seven opened elsewhere, and 50 «Подать заново» of the ten at once: three more.
      const yesterday = await t.app.db
        .select({ id: portationOrders.id })
        .from(portationOrders)
        .where(and(eq(portationOrders.userId, sidorovId), like(portationOrders.msisdn, '791655547%')));
      const tomorrow = new Date(now.getTime() + 24 * 3600_000);
      t.app.porting.deps.now = () => tomorrow;
      second.app.porting.deps.now = () => tomorrow;
      for (const o of yesterday) await deleteOrder(t.app.porting.deps, owner(sidorovId), o.id);
      for (let i = 0; i < 7; i++) {
        await initOrder(t.app.porting.deps, owner(sidorovId), { msisdn: `791655548${i}0` }, UNMETERED);
      }
      const refiles = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          call(i, 'POST', `/v1/order/portation/${yesterday[i % yesterday.length]?.id}/refile`, sidorov),
        ),
      );
      expect(count(refiles, 200)).toHaveLength(NEW_ORDERS_A_DAY_PER_PERSON - 7);
      expect(count(refiles, 500)).toHaveLength(0);
      expect([...new Set(count(refiles, 429).map((r) => r.json().type))]).toEqual(['urn:perenos:problem:rate-limited']);
    });
  });
});

describe('one open draft per number and owner', () => {
  it.each([
    ['a signed-in citizen', 'signed-in', '79165554401'],
    ['an anonymous browser', 'anonymous', '79165554402'],
  ])(
    'makes one draft of 20 parallel inits by %s on two nodes, and points the others to it',
    async (_who, kind, msisdn) => {
      await forgetNewOrderCounts();
      let jar = ivanov;
      if (kind === 'anonymous') {
        // The browser gets its owner cookie with its first call (a draft of another number).
        jar = new CookieJar();
        jar.take(await call(0, 'POST', '/v1/order/portation/init', jar, { msisdn: '79165554499' }, '10.3.0.1'));
      }
      const answers = await Promise.all(
        // 19 and the browser's first call: the anonymous quota of 20 lookups a day.
        Array.from({ length: 19 }, (_, i) => call(i, 'POST', '/v1/order/portation/init', jar, { msisdn }, '10.3.0.1')),
      );
      const made = count(answers, 200);
      expect(made).toHaveLength(1);
      const id = made[0]?.json().id;
      for (const a of count(answers, 400)) expect(a.json()).toMatchObject({ refusal: 'draft-exists', orderId: id });
      expect(count(answers, 400)).toHaveLength(18);
      const drafts = await t.app.db
        .select()
        .from(portationOrders)
        .where(and(eq(portationOrders.msisdn, msisdn), eq(portationOrders.status, 'Initialized')));
      expect(drafts.map((d) => d.id)).toEqual([id]);
    },
  );
});
