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

describe('the desk’s lists of applications', () => {
  // The site's clock, injected: every moment below is reckoned from it, never from the day the test runs.
  const now = new Date(Math.floor(Date.now() / 3600_000) * 3600_000);
  const hours = (n: number) => new Date(now.getTime() + n * 3600_000).toISOString();
  const day = (n: number) => new Date(now.getTime() + n * 86_400_000 + 3 * 3600_000).toISOString().slice(0, 10);
  let ids: Record<'windowGone' | 'windowAhead' | 'nightGone' | 'oldDraft' | 'holdGone', number>;

  beforeAll(async () => {
    t.app.porting.deps.now = () => now;
    const [user] = await rows<{ id: number }>('select id from users order by id limit 1');
    /** An application as the engine leaves it, for a number of its own. */
    const make = async (msisdn: string, status: string, order: string, portation: string | null) => {
      const [o] = await rows<{ id: number }>(
        `insert into portation_orders (user_id, msisdn, status, portation_date, created_at, submitted_at, last_update_at)
         values (${user?.id}, '${msisdn}', '${status}', ${order}) returning id`,
      );
      if (portation !== null) {
        await t.database.handle.db.execute(
          `insert into portations (order_id, user_id, msisdn, status, started_at, process_id, held_until, window_start, window_end)
           values (${o?.id}, ${user?.id}, '${msisdn}', '${status}', '${hours(-72)}', ${portation})`,
        );
      }
      return o?.id ?? 0;
    };
    const sent = (created: number) => `'${day(5)}', '${hours(created)}', '${hours(created)}', '${hours(created)}'`;
    ids = {
      // The window ended two hours ago and the number did not move.
      windowGone: await make('79990000101', 'PendingBDPN', sent(-72), `'p-101', null, '${hours(-8)}', '${hours(-2)}'`),
      // The window is ahead: under way, not stuck.
      windowAhead: await make('79990000102', 'PendingBDPN', sent(-70), `'p-102', null, '${hours(48)}', '${hours(54)}'`),
      // The night asked for was yesterday and no window was ever set.
      nightGone: await make(
        '79990000103',
        'PendingBDPN',
        `'${day(-1)}', '${hours(-300)}', '${hours(-300)}', '${hours(-300)}'`,
        `'p-103', null, null, null`,
      ),
      // A draft of nine days ago that nobody removed.
      oldDraft: await make('79990000104', 'Initialized', `'${day(5)}', '${hours(-216)}', null, '${hours(-216)}'`, null),
      // It waited for the number's owner; the hold ended three hours ago.
      holdGone: await make('79990000105', 'PendingBDPN', sent(-30), `null, '${hours(-3)}', null, null`),
    };
  });
  afterAll(() => {
    t.app.porting.deps.now = () => new Date();
  });

  type Entry = { id: number; stage: string; stuck: string | null; status: string };
  const list = async (name: string, skip = 0, take?: number) => {
    const res = await staffCall(
      t.app,
      support,
      'GET',
      `/api/v1/staff/porting/list?list=${name}&Skip=${skip}${take ? `&Take=${take}` : ''}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: Entry[]; totalRows: number; pageSize: number };
  };
  const all = async (name: string) => {
    const first = await list(name, 0, 50);
    const rest = first.totalRows > 50 ? (await list(name, 50, 50)).data : [];
    return [...first.data, ...rest];
  };

  it('lists the stuck ones with why, by the porting rules, and not the one still under way', async () => {
    const stuck = new Map((await all('stuck')).map((e) => [e.id, e]));
    expect(stuck.get(ids.windowGone)).toMatchObject({
      stage: 'scheduled',
      stuck: expect.stringMatching(/^Окно переноса закончилось .* а номер не перенесён$/),
    });
    expect(stuck.get(ids.nightGone)).toMatchObject({
      stage: 'checking',
      stuck: expect.stringMatching(/прошла, а БДПН не назначила окно$/),
    });
    expect(stuck.get(ids.oldDraft)).toMatchObject({
      stage: 'draft',
      stuck: 'Черновик старше 7 дней: его должны были удалить',
    });
    expect(stuck.get(ids.holdGone)).toMatchObject({
      stage: 'held',
      stuck: expect.stringMatching(/^Срок ответа владельца номера/),
    });
    expect(stuck.has(ids.windowAhead)).toBe(false);
    // Every row the list holds says why: the query and the rules agree.
    for (const e of stuck.values()) expect(e.stuck, `№ ${e.id}`).not.toBeNull();
  });

  it('lists the applications under way ten to a page, the longest waiting first', async () => {
    const first = await list('active');
    expect(first.pageSize).toBe(10);
    expect(first.data.length).toBe(Math.min(10, first.totalRows));
    const everything = await all('active');
    expect(everything.length).toBe(first.totalRows);
    expect(everything.every((e) => e.status === 'PendingBDPN')).toBe(true);
    expect(everything.map((e) => e.id)).toEqual(expect.arrayContaining([ids.windowGone, ids.windowAhead]));
    expect(everything.find((e) => e.id === ids.windowAhead)).toMatchObject({ stuck: null, stage: 'scheduled' });
    // The second page goes on where the first ended.
    if (first.totalRows > 10) expect((await list('active', 10)).data[0]?.id).toBe(everything[10]?.id);
    // The nightGone one waited longest (submitted 300 hours ago): it comes before the others made here.
    const order = everything.map((e) => e.id);
    expect(order.indexOf(ids.nightGone)).toBeLessThan(order.indexOf(ids.windowGone));
  });

  it('audits which applications a list showed, and refuses a list it does not know', async () => {
    await list('stuck', 0, 5);
    const log = (await staffCall(t.app, admin, 'GET', '/api/v1/staff/audit?action=porting.list')).json();
    expect(log.data[0]).toMatchObject({ action: 'porting.list', details: { list: 'stuck' } });
    const bad = await staffCall(t.app, support, 'GET', '/api/v1/staff/porting/list?list=old');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toBeDefined();
  });
});
