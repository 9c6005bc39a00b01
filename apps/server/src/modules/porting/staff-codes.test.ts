import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, CITIZENS, type CookieJar, signIn } from '../../../test/esia';
import { ACCEPTED, operatorIdOf, tariffOf } from '../../../test/porting';
import { signInStaff, staffCall } from '../../../test/staff';
import type { JobQueue } from '../../lib/jobs';
import { addDays, moscowDay } from '../../lib/moscow';
import { createTestApp, type TestApp } from '../../test/app';
import { SECRET_MASK } from '../notifications';
import { deliverNotification, queueNotifications, secretKeys } from '../notifications/service';
import { notifications, outboxMessages } from '../notifications/tables';

/**
 * Issue 35, finding 1: a support-role citizen started a porting of a stranger's number, asked for the
 * code, read it on the porting desk and submitted. The code exists in plain text only on its way to the
 * SMS gateway (here the outbox stand-in); the site's tables and the desk hold it masked (decision 122).
 */

let t: TestApp;
let jar: CookieJar;
let desk: Record<string, string>;
const STRANGER = '79165550431';

beforeAll(async () => {
  // Workers on: the SMS really goes through its sending job to the outbox stand-in.
  t = await createTestApp({ jobWorkers: true });
  desk = await signInStaff(t.app, CITIZENS.dolgova, ['support']);
  // The same support worker, as a citizen of the site (the same ESIA identity).
  jar = (await signIn(t.app, CITIZENS.dolgova)).jar;
});
afterAll(async () => t?.close());

function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<LightMyRequestResponse> {
  return t.app
    .inject({ method, url: `/api${url}`, headers: authHeaders(jar), ...(payload ? { payload } : {}) })
    .then((res) => {
      jar.take(res);
      return res;
    });
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const rows = async <T>(text: string) => ((await t.database.handle.db.execute(text)) as unknown as { rows: T[] }).rows;

describe('the SMS confirmation code is a secret to staff', () => {
  it('cannot be read on the desk by a support worker porting a stranger’s number, nor kept in the site’s tables', async () => {
    const init = await call('POST', '/v1/order/portation/init', { msisdn: STRANGER });
    expect(init.statusCode, init.body).toBe(200);
    const order = init.json();
    const megafon = await operatorIdOf(t.app, 'megafon');
    const filled = await call('PUT', `/v1/order/portation/${order.id}`, {
      operatorId: megafon,
      tariffId: await tariffOf(t.app, megafon, order.regionCode),
      portationAt: addDays(moscowDay(new Date()), 8),
    });
    expect(filled.statusCode, filled.body).toBe(200);
    const sent = await call('POST', `/v1/order/portation/${order.id}/code`);
    expect(sent.statusCode, sent.body).toBe(200);

    // What the gateway received (the stranger's phone): the code, in plain text.
    const sms = await waitFor('the SMS at the gateway', async () => {
      const [row] = await t.app.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.channel, 'sms'), eq(outboxMessages.recipient, STRANGER)))
        .orderBy(desc(outboxMessages.id))
        .limit(1);
      return row;
    });
    const code = /Код подтверждения: (\d{6})/.exec(sms.body)?.[1];
    expect(code, sms.body).toBeDefined();

    // The site's own record of it, once sent: the code masked, its sealed copy gone.
    const stored = await waitFor('the SMS marked sent', async () => {
      const found = await rows<{ status: string; body: string; secret_sealed: string | null }>(
        `select status, body, secret_sealed from notifications where order_id = ${order.id} and channel = 'sms'`,
      );
      return found.every((n) => n.status === 'sent') && found.length > 0 ? found : undefined;
    });
    for (const n of stored) {
      expect(n.body).not.toContain(code);
      expect(n.body).toContain(`Код подтверждения: ${SECRET_MASK}`);
      expect(n.secret_sealed).toBeNull();
    }

    // The desk: found by the number, the order read, the code masked.
    const search = await staffCall(t.app, desk, 'GET', `/api/v1/staff/porting/orders?q=${STRANGER}`);
    expect(search.json().map((o: { id: number }) => o.id)).toContain(order.id);
    const view = await staffCall(t.app, desk, 'GET', `/api/v1/staff/porting/orders/${order.id}`);
    expect(view.statusCode).toBe(200);
    expect(view.body).not.toContain(code);
    expect(view.json().notifications.map((n: { body: string }) => n.body)).toContainEqual(
      expect.stringContaining(`Код подтверждения: ${SECRET_MASK}`),
    );
    // Nor can a resend make the gateway send it again (the site no longer has it).
    const resend = await staffCall(t.app, desk, 'POST', `/api/v1/staff/porting/orders/${order.id}/resend`);
    expect(resend.statusCode).toBe(409);
    expect(resend.json().title).toBe('Код подтверждения повторно не отправляется');
    const personal = await staffCall(t.app, desk, 'GET', `/api/v1/staff/porting/orders/${order.id}/personal`);
    expect(personal.body).not.toContain(code);

    // Every read is in the staff audit, as this worker.
    const audited = await rows<{ action: string; target: string }>(
      `select action, target from staff_audit where actor_oid = '${CITIZENS.dolgova}' order by id`,
    );
    expect(audited).toContainEqual({ action: 'porting.search', target: `msisdn:${STRANGER}` });
    expect(audited).toContainEqual({ action: 'porting.order.view', target: `order:${order.id}` });
    expect(audited).toContainEqual({ action: 'porting.personal-data.view', target: `order:${order.id}` });
    for (const a of await rows<{ details: unknown }>('select details from staff_audit')) {
      expect(JSON.stringify(a.details)).not.toContain(code);
    }

    // A guess is all that is left, and it fails.
    const guess = code === '000000' ? '111111' : '000000';
    const submit = await call('PUT', `/v1/order/portation/${order.id}/submit`, {
      ...ACCEPTED,
      consent: true,
      confirmationCode: guess,
    });
    expect(submit.statusCode).toBe(400);
    expect(submit.json().errors.confirmationCode[0]).toMatch(/^Неверный код/);
  });

  it('is not sent once expired, and its sealed copy is cleared whatever becomes of the message', async () => {
    const db = t.app.db;
    const queued: unknown[] = [];
    const jobs = { send: async (...args: unknown[]) => queued.push(args) } as unknown as JobQueue;
    const at = { t: Date.parse('2030-01-01T09:00:00Z') };
    const keys = secretKeys(t.config.sessionSecret, () => new Date(at.t));
    const [id] = await db.transaction((tx) =>
      queueNotifications(tx, jobs, { sms: true, email: true }, keys, [
        {
          userId: null,
          orderId: null,
          channel: 'sms',
          recipient: '79165550432',
          subject: '',
          body: `Код подтверждения: ${SECRET_MASK}.`,
          secret: { value: '424242', expiresAt: new Date(at.t + 10 * 60_000) },
        },
      ]),
    );
    if (id === undefined) throw new Error('not stored');
    const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
    expect(row?.body).toBe(`Код подтверждения: ${SECRET_MASK}.`);
    expect(row?.secretSealed).not.toContain('424242');
    const texts: string[] = [];
    const sender = { send: async (m: { text: string }) => void texts.push(m.text) };
    at.t += 10 * 60_000;
    await deliverNotification(db, { sms: sender }, keys, id);
    expect(texts).toEqual([]);
    const [after] = await db.select().from(notifications).where(eq(notifications.id, id));
    expect(after).toMatchObject({ status: 'skipped', error: 'код истёк до отправки', secretSealed: null });
  });
});
