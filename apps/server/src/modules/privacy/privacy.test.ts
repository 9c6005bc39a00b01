import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, CITIZENS, type CookieJar, signIn } from '../../../test/esia';
import { ACCEPTED } from '../../../test/porting';
import { addDays, moscowDay } from '../../lib/moscow';
import { createTestApp, type TestApp } from '../../test/app';
import { feedback, feedbackReplies } from '../feedback/tables';
import { deliverNotification, secretKeys } from '../notifications/service';
import { notifications } from '../notifications/tables';
import { CONSENT_VERSION } from '../porting/contract-terms';
import { bdpnStandinProcesses, portationOrders, portations } from '../porting/tables';
import { cliActor, grantRole } from '../staff/service';
import { staffAudit, staffRoles } from '../staff/tables';
import { tariffRegions } from '../tariffs/tables';
import { users } from '../users/tables';
import { forgetExpiredPersonalData } from './service';

/**
 * Personal data with a purpose and an end: the retention job leaves no passport, birth date or courier
 * address of a finished porting once its time has passed, and «Удалить мои данные» erases a person,
 * refusing while their porting is under way; they can sign in afresh afterwards.
 */

let t: TestApp;
const DAY = 24 * 3600_000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, jar: CookieJar, payload?: object) {
  return t.app.inject({ method, url: `/api${url}`, headers: authHeaders(jar), ...(payload ? { payload } : {}) });
}

/** A submitted application with a courier address, ended (Deleted) by withdrawing it at once. */
async function endedApplication(jar: CookieJar, msisdn: string) {
  const order = (await call('POST', '/v1/order/portation/init', jar, { msisdn })).json();
  const op = (await t.app.inject({ method: 'GET', url: '/api/v1/operator/megafon' })).json().id;
  const [tariff] = await t.app.db
    .select({ id: tariffRegions.tariffId })
    .from(tariffRegions)
    .where(and(eq(tariffRegions.operatorId, op), eq(tariffRegions.regionCode, order.regionCode)))
    .limit(1);
  const put = await call('PUT', `/v1/order/portation/${order.id}`, jar, {
    operatorId: op,
    tariffId: tariff?.id,
    portationAt: addDays(moscowDay(new Date()), 8),
    sim: { kind: 'courier', address: 'г. Москва, ул. Тверская, д. 7, кв. 15' },
  });
  expect(put.statusCode, put.body).toBe(200);
  const submitted = await call('PUT', `/v1/order/portation/${order.id}/submit`, jar, {
    ...ACCEPTED,
    sim: { kind: 'courier', address: 'г. Москва, ул. Тверская, д. 7, кв. 15' },
    consent: true,
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  expect(submitted.json()).toMatchObject({ consentVersion: CONSENT_VERSION, consentAcceptedAt: expect.any(String) });
  return submitted.json();
}

describe('the retention job', () => {
  it('removes the passport, birth date and courier address of a porting ended longer ago than the retention', async () => {
    const jar = (await signIn(t.app, CITIZENS.ivanov)).jar;
    const order = await endedApplication(jar, '79037654321');
    expect((await call('DELETE', `/v1/order/portation/${order.id}`, jar)).statusCode).toBe(204);
    const [ivanov] = await t.app.db.select().from(users).where(eq(users.oid, CITIZENS.ivanov));
    expect(ivanov?.passportSealed).toBeTruthy();

    // Within the retention it stays (the demo's older history goes).
    await forgetExpiredPersonalData(t.app.db, new Date(Date.now() + 10 * DAY), 30);
    const [kept] = await t.app.db.select().from(portationOrders).where(eq(portationOrders.id, order.id));
    expect(kept?.simAddressSealed).toMatch(/^v1\./);
    // Past it, on a clock 31 days ahead, nothing personal of the ended porting is left.
    const later = new Date(Date.now() + 31 * DAY);
    expect((await forgetExpiredPersonalData(t.app.db, later, 30)).applications).toBe(1);
    const [row] = await t.app.db.select().from(portationOrders).where(eq(portationOrders.id, order.id));
    expect(row).toMatchObject({ simAddressSealed: null, personalDataRemovedAt: later, status: 'Deleted' });
    const [after] = await t.app.db.select().from(users).where(eq(users.oid, CITIZENS.ivanov));
    // Иванов has a porting under way in the demo (his main number): his passport is still needed.
    const running = await t.app.db
      .select()
      .from(portationOrders)
      .where(and(eq(portationOrders.userId, after?.id ?? 0), eq(portationOrders.status, 'PendingBDPN')));
    expect(running.length).toBeGreaterThan(0);
    expect(after?.passportSealed).toBeTruthy();
    // The timeline and the count stay.
    const [p] = await t.app.db.select().from(portations).where(eq(portations.orderId, order.id));
    expect(p?.status).toBe('Deleted');

    // People with nothing under way lose the passport and birth date: no sealed passport, no birth date
    // and no courier address of a finished porting is left anywhere in the database.
    await t.app.db.execute(sql`update portation_orders set status = 'Deleted' where status <> 'Done'`);
    await t.app.db.execute(sql`update users set last_login_at = now() - interval '40 days'`);
    await forgetExpiredPersonalData(t.app.db, later, 30);
    const left = await t.app.db.execute(
      sql`select count(*)::int as n from users where passport_sealed is not null or profile ->> 'birthDate' is not null`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    const addresses = await t.app.db.execute(
      sql`select count(*)::int as n from portation_orders where sim_address_sealed is not null and status in ('Done', 'Deleted')`,
    );
    expect((addresses as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    const standin = await t.app.db.select({ record: bdpnStandinProcesses.record }).from(bdpnStandinProcesses);
    const clocked = await forgetExpiredPersonalData(t.app.db, new Date(Date.now() + 400 * DAY), 30);
    expect(clocked).toBeDefined();
    const standinAfter = await t.app.db.select({ record: bdpnStandinProcesses.record }).from(bdpnStandinProcesses);
    expect(standin.length).toBe(standinAfter.length);
    for (const r of standinAfter) {
      expect(
        (r.record as { application: { subscriber: { passport: { number: string } } } }).application.subscriber.passport
          .number,
      ).toBe('');
    }
  });
});

describe('«Удалить мои данные»', () => {
  it('refuses while a porting is under way, then erases the person, signs them out, and lets them sign in afresh', async () => {
    const fresh = await createTestApp();
    try {
      const jar = (await signIn(fresh.app, CITIZENS.fedorova)).jar;
      const del = () => fresh.app.inject({ method: 'DELETE', url: '/api/v1/account', headers: authHeaders(jar) });
      // Фёдорова's number has a porting under way in the demo.
      const refused = await del();
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors.account[0]).toMatch(
        /^Идёт перенос номера \+7 \(917\) 888-99-00 \(заявление № \d+\)/,
      );
      const [before] = await fresh.app.db.select().from(users).where(eq(users.oid, CITIZENS.fedorova));
      expect(before?.passportSealed).toBeTruthy();
      // The account asks first, and is told what holds the data (it shows this instead of the button).
      const erasure = () =>
        fresh.app.inject({ method: 'GET', url: '/api/v1/account/erasure', headers: authHeaders(jar) });
      const asked = await erasure();
      expect(asked.statusCode, asked.body).toBe(200);
      expect(asked.json()).toEqual({ allowed: false, running: [{ id: expect.any(Number), msisdn: '79178889900' }] });
      expect((await fresh.app.inject({ method: 'GET', url: '/api/v1/account/erasure' })).statusCode).toBe(401);
      // Ended (for the test), the erasure goes through.
      await fresh.app.db
        .update(portationOrders)
        .set({ status: 'Deleted', reason: 'тест' })
        .where(eq(portationOrders.userId, before?.id ?? 0));
      expect((await erasure()).json()).toEqual({ allowed: true, running: [] });
      const erased = await del();
      expect(erased.statusCode, erased.body).toBe(204);
      expect(String(erased.headers['set-cookie'])).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
      const [row] = await fresh.app.db
        .select()
        .from(users)
        .where(eq(users.id, before?.id ?? 0));
      expect(row).toMatchObject({ passportSealed: null, profile: null, name: 'Пользователь удалил свои данные' });
      expect(row?.oid).toMatch(/^erased:/);
      // The old session is over at once.
      expect(
        (await fresh.app.inject({ method: 'GET', url: '/api/v1/account/info', headers: authHeaders(jar) })).statusCode,
      ).toBe(401);
      // Confirmed by e-mail to the address it was known by.
      const mail = await fresh.app.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.recipient, 'fedorova@example.ru'), eq(notifications.channel, 'email')));
      expect(mail.map((m) => m.subject)).toContain('Ваши данные удалены с сайта «Перенос номера»');
      // A new sign-in is a new person with an empty history.
      const again = (await signIn(fresh.app, CITIZENS.fedorova)).jar;
      const info = (
        await fresh.app.inject({ method: 'GET', url: '/api/v1/account/info', headers: authHeaders(again) })
      ).json();
      expect(info.msisdns.map((m: { msisdn: string }) => m.msisdn)).toEqual(['79178889900']);
      const [renewed] = await fresh.app.db.select().from(users).where(eq(users.oid, CITIZENS.fedorova));
      expect(renewed?.id).not.toBe(before?.id);
      const orders = (
        await fresh.app.inject({
          method: 'GET',
          url: '/api/v1/account/orders?Msisdn=79178889900',
          headers: authHeaders(again),
        })
      ).json();
      expect(orders.orders.totalRows).toBe(0);
    } finally {
      await fresh.close();
    }
  });

  it('answers 401 signed out', async () => {
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: '/api/v1/account',
          headers: { 'x-requested-with': 'XMLHttpRequest' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('deletion means deletion (issue 35, finding 9)', () => {
  it('the erasure’s confirmation keeps no address once it is sent', async () => {
    const fresh = await createTestApp();
    try {
      const jar = (await signIn(fresh.app, CITIZENS.smirnov)).jar;
      const erased = await fresh.app.inject({ method: 'DELETE', url: '/api/v1/account', headers: authHeaders(jar) });
      expect(erased.statusCode, erased.body).toBe(204);
      const [mail] = await fresh.app.db
        .select()
        .from(notifications)
        .where(eq(notifications.subject, 'Ваши данные удалены с сайта «Перенос номера»'));
      // On its way out it has the address (the job sends it from the row).
      expect(mail).toMatchObject({ userId: null, recipient: 'smirnov.a@example.ru' });
      const sent: string[] = [];
      const sender = { send: async (m: { to: string }) => void sent.push(m.to) };
      await deliverNotification(
        fresh.app.db,
        { email: sender },
        secretKeys(fresh.config.sessionSecret, fresh.app.clock),
        mail?.id as number,
      );
      expect(sent).toEqual(['smirnov.a@example.ru']);
      const [after] = await fresh.app.db
        .select()
        .from(notifications)
        .where(eq(notifications.id, mail?.id as number));
      expect(after).toMatchObject({ status: 'sent', recipient: '' });
      const left = await fresh.app.db.execute(
        sql`select count(*)::int as n from notifications where recipient = 'smirnov.a@example.ru'`,
      );
      expect((left as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    } finally {
      await fresh.close();
    }
  });

  it('keeps a contact-form message, its replies and e-mails FEEDBACK_RETENTION_DAYS, then forgets them (injected clock)', async () => {
    const fresh = await createTestApp();
    try {
      const db = fresh.app.db;
      const sentAt = new Date('2026-03-01T09:00:00Z');
      const [message] = await db
        .insert(feedback)
        .values({ name: 'Олег', email: 'oleg@example.ru', topic: 'Другое', message: 'Текст', createdAt: sentAt })
        .returning();
      const [copy] = await db
        .insert(notifications)
        .values({
          userId: null,
          orderId: null,
          channel: 'email',
          recipient: 'support@example.ru',
          subject: `Обращение № ${message?.id}`,
          body: 'Текст\n\n— Олег, oleg@example.ru',
          status: 'sent',
          createdAt: sentAt,
        })
        .returning();
      await db.insert(feedbackReplies).values({
        feedbackId: message?.id as number,
        staffOid: 'cli',
        staffName: 'Поддержка',
        subject: 'Ответ',
        body: 'Ответ Олегу',
        notificationId: copy?.id as number,
        createdAt: sentAt,
      });
      const left = async () => ({
        feedback: (
          await db
            .select()
            .from(feedback)
            .where(eq(feedback.id, message?.id as number))
        ).length,
        replies: (
          await db
            .select()
            .from(feedbackReplies)
            .where(eq(feedbackReplies.feedbackId, message?.id as number))
        ).length,
        mail: (
          await db
            .select()
            .from(notifications)
            .where(eq(notifications.id, copy?.id as number))
        ).length,
      });
      // 364 days later, with the default 365: kept.
      await forgetExpiredPersonalData(db, new Date(sentAt.getTime() + 364 * DAY), 30);
      expect(await left()).toEqual({ feedback: 1, replies: 1, mail: 1 });
      // A shorter retention on a clock 100 days on, or the default past 365 days: gone, every copy.
      const removed = await forgetExpiredPersonalData(db, new Date(sentAt.getTime() + 100 * DAY), 30, 90);
      expect(removed.feedback).toBeGreaterThanOrEqual(1);
      expect(await left()).toEqual({ feedback: 0, replies: 0, mail: 0 });
      expect(fresh.config.feedbackRetentionDays).toBe(365);
    } finally {
      await fresh.close();
    }
  });

  it('staff roles end with the account; the last admin is asked to name another admin first', async () => {
    const fresh = await createTestApp();
    try {
      const db = fresh.app.db;
      const oid = CITIZENS.smirnov;
      const rolesOf = async () =>
        (await db.select().from(staffRoles).where(eq(staffRoles.oid, oid))).map((r) => r.role).sort();
      // Whoever else holds admin in the demo is not: Смирнов is the only admin.
      await db.delete(staffRoles).where(eq(staffRoles.role, 'admin'));
      for (const role of ['admin', 'support'] as const) await grantRole(db, cliActor(), oid, role);
      const jar = (await signIn(fresh.app, oid)).jar;
      const del = () => fresh.app.inject({ method: 'DELETE', url: '/api/v1/account', headers: authHeaders(jar) });
      const refused = await del();
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors.account[0]).toBe(
        'Вы единственный администратор сайта. Назначьте другого администратора в служебном разделе, затем удалите данные.',
      );
      expect(await rolesOf()).toEqual(['admin', 'support']);
      // Another admin named: the erasure goes through and takes every role with it, audited as theirs.
      await grantRole(db, cliActor(), CITIZENS.morozov, 'admin');
      const erased = await del();
      expect(erased.statusCode, erased.body).toBe(204);
      expect(await rolesOf()).toEqual([]);
      const audited = await db
        .select()
        .from(staffAudit)
        .where(and(eq(staffAudit.target, `staff:${oid}`), eq(staffAudit.action, 'staff.revoke')));
      expect(audited.map((a) => (a.details as { role: string }).role).sort()).toEqual(['admin', 'support']);
      expect(audited.every((a) => a.actorOid === oid)).toBe(true);
      // The next sign-in of the same ESIA identity is a new person, and no staff.
      const again = (await signIn(fresh.app, oid)).jar;
      const desk = await fresh.app.inject({ method: 'GET', url: '/api/v1/staff/me', headers: authHeaders(again) });
      expect(desk.statusCode).not.toBe(200);
    } finally {
      await fresh.close();
    }
  });
});
