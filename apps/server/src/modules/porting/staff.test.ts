import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CITIZENS } from '../../../test/esia';
import { signInStaff, staffCall } from '../../../test/staff';
import { createTestApp, type TestApp } from '../../test/app';
import { insertNotifications } from '../notifications/repository';

let t: TestApp;
let support: Record<string, string>;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  support = await signInStaff(t.app, CITIZENS.dolgova, ['support']);
  admin = await signInStaff(t.app, CITIZENS.morozov, ['admin']);
  // The demo seed sends nothing: give one order what the engine would have sent.
  const [order] = await rows<{ id: number; msisdn: string; user_id: number }>(
    'select id, msisdn, user_id from portation_orders where user_id is not null order by id limit 1',
  );
  if (!order) throw new Error('the demo has no order');
  await insertNotifications(t.app.db, [
    {
      userId: order.user_id,
      orderId: order.id,
      channel: 'sms',
      recipient: order.msisdn,
      subject: '',
      body: 'Перенос номера: заявление принято БДПН.',
    },
    {
      userId: order.user_id,
      orderId: order.id,
      channel: 'email',
      recipient: 'anna@example.ru',
      subject: 'Перенос номера',
      body: 'Заявление принято БДПН.',
    },
  ]);
});
afterAll(async () => t?.close());

const rows = async <T>(text: string) => ((await t.database.handle.db.execute(text)) as unknown as { rows: T[] }).rows;

const auditOf = async (target: string) =>
  (await staffCall(t.app, admin, 'GET', `/api/v1/staff/audit?target=${target}`))
    .json()
    .data.map((e: { action: string }) => e.action);

describe('the porting desk', () => {
  it('finds an order by its number or by the phone number, and shows its course with masked recipients', async () => {
    const [order] = await rows<{ id: number; msisdn: string }>(
      'select o.id, o.msisdn from portation_orders o where exists (select 1 from notifications n where n.order_id = o.id) order by o.id limit 1',
    );
    if (!order) throw new Error('the demo has no order with notifications');
    const byId = (await staffCall(t.app, support, 'GET', `/api/v1/staff/porting/orders?q=${order.id}`)).json();
    expect(byId.map((o: { id: number }) => o.id)).toEqual([order.id]);
    const phone = `+7 (${order.msisdn.slice(1, 4)}) ${order.msisdn.slice(4, 7)}-${order.msisdn.slice(7, 9)}-${order.msisdn.slice(9)}`;
    const byPhone = (
      await staffCall(t.app, support, 'GET', `/api/v1/staff/porting/orders?q=${encodeURIComponent(phone)}`)
    ).json();
    expect(byPhone.map((o: { id: number }) => o.id)).toContain(order.id);
    const bad = await staffCall(t.app, support, 'GET', '/api/v1/staff/porting/orders?q=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.q[0]).toMatch(/номер заявления/);

    const desk = (await staffCall(t.app, support, 'GET', `/api/v1/staff/porting/orders/${order.id}`)).json();
    expect(desk.timeline.length).toBeGreaterThan(0);
    expect(desk.notifications.length).toBeGreaterThan(0);
    for (const n of desk.notifications) expect(n.recipient).toMatch(/\*\*\*/);
    // Each read is audited: the searches (by the order's number, by the phone number), the course with
    // its messages, the personal data.
    expect(await auditOf(`order:${order.id}`)).toEqual(['porting.order.view', 'porting.search']);
    expect(await auditOf(`msisdn:${order.msisdn}`)).toEqual(['porting.search']);
    const personal = await staffCall(t.app, support, 'GET', `/api/v1/staff/porting/orders/${order.id}/personal`);
    expect(personal.statusCode).toBe(200);
    expect(personal.json().recipients.length).toBeGreaterThan(0);
    expect(await auditOf(`order:${order.id}`)).toEqual([
      'porting.personal-data.view',
      'porting.order.view',
      'porting.search',
    ]);
  });

  it('resends the last notification as a new message, audited', async () => {
    const [order] = await rows<{ id: number }>(
      'select order_id as id from notifications where order_id is not null order by id desc limit 1',
    );
    const before = await rows<{ n: number }>(
      `select count(*)::int as n from notifications where order_id = ${order?.id}`,
    );
    const res = await staffCall(t.app, support, 'POST', `/api/v1/staff/porting/orders/${order?.id}/resend`);
    expect(res.statusCode).toBe(200);
    const after = await rows<{ n: number }>(
      `select count(*)::int as n from notifications where order_id = ${order?.id}`,
    );
    expect(after[0]?.n).toBe((before[0]?.n ?? 0) + 1);
    expect(await auditOf(`order:${order?.id}`)).toContain('porting.notification.resend');
  });

  it('cancels a stuck order through the withdrawal, telling the subscriber the reason, once', async () => {
    const [stuck] = await rows<{ id: number }>(
      `select o.id from portation_orders o
        where o.status = 'Initialized' and o.user_id is not null
           or (o.status = 'PendingBDPN' and not exists (
                select 1 from portations p where p.order_id = o.id and p.window_start is not null))
        order by (o.status = 'PendingBDPN') desc, o.id limit 1`,
    );
    if (!stuck) throw new Error('the demo has no order that can be cancelled');
    const reason = 'оператор-донор не отвечает больше недели';
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        staffCall(t.app, support, 'POST', `/api/v1/staff/porting/orders/${stuck.id}/cancel`, { reason }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const desk = answers.find((a) => a.statusCode === 200)?.json();
    expect(desk.status).toBe('Deleted');
    expect(desk.timeline.at(-1).description).toBe(`Заявление отменено службой поддержки: ${reason}`);
    const told = await rows<{ channel: string; body: string }>(
      `select channel, body from notifications where order_id = ${stuck.id} and body like '%службой поддержки%'`,
    );
    expect(told.map((n) => n.channel)).toContain('sms');
    expect(told[0]?.body).toContain(reason);
    // One cancellation, and the order as it answered (a read of its messages).
    expect(await auditOf(`order:${stuck.id}`)).toEqual(['porting.order.view', 'porting.cancel']);
  });

  it('shows the job queue and retries a failed job, audited', async () => {
    const boss = t.app.jobs.boss;
    const id = await boss.send('news.due', { newsId: 0 }, { retryLimit: 0 });
    if (!id) throw new Error('job not sent');
    await boss.fail('news.due', id, { message: 'проверка' });
    const jobs = (await staffCall(t.app, support, 'GET', '/api/v1/staff/jobs')).json();
    expect(jobs.failed.find((j: { id: string }) => j.id === id)).toMatchObject({
      queue: 'news.due',
      error: 'проверка',
    });
    expect(jobs.queues.find((q: { queue: string }) => q.queue === 'news.due').failed).toBeGreaterThanOrEqual(1);
    const retried = await staffCall(t.app, support, 'POST', `/api/v1/staff/jobs/news.due/${id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().failed.find((j: { id: string }) => j.id === id)).toBeUndefined();
    const again = await staffCall(t.app, support, 'POST', `/api/v1/staff/jobs/news.due/${id}/retry`);
    expect(again.statusCode).toBe(404);
    expect(await auditOf(`job:news.due/${id}`)).toEqual(['jobs.retry']);
  });
});
