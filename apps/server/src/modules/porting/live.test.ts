import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, CITIZENS, signIn } from '../../../test/esia';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { TEST_ENGINE } from '../../test/database';
import { users } from '../users/tables';
import type { PortationChange } from './deps';

const change = (userId: number, status: PortationChange['status']): PortationChange => ({
  userId,
  orderId: 1,
  portationId: 2,
  msisdn: '79161234567',
  status,
});

function nextChange(feed: TestApp['app']['porting']['feed'], userId: number): Promise<PortationChange> {
  return new Promise((resolve) => {
    const stop = feed.subscribe(userId, (c) => {
      stop();
      resolve(c);
    });
  });
}

describe('live updates', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('streams the signed-in user’s changes as Server-Sent Events, and nobody else’s', async () => {
    const { jar } = await signIn(t.app, CITIZENS.ivanov);
    const me = (
      await t.app.inject({ method: 'GET', url: '/api/v1/esia/personalinfo', headers: authHeaders(jar) })
    ).json();
    expect(me.fullName).toBe('Иванов Иван Иванович');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const anonymous = await fetch(`http://127.0.0.1:${port}/api/v1/account/events`);
    expect(anonymous.status).toBe(401);
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/account/events`, { headers: { cookie: jar.header() } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = res.body?.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const read = async (until: string) => {
      while (!text.includes(until)) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
        text += decoder.decode(chunk.value);
      }
    };
    await read(': подключено');
    const [ivanov] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.oid, CITIZENS.ivanov));
    const ivanovId = ivanov?.id ?? 0;
    t.app.porting.feed.publish(change(ivanovId + 1000, 'Done'));
    t.app.porting.feed.publish(change(ivanovId, 'Done'));
    await read('event: portation');
    expect(text).toContain(
      'event: portation\ndata: {"orderId":1,"portationId":2,"msisdn":"79161234567","status":"Done"}',
    );
    // Only one event: the other user's change did not reach this stream.
    expect(text.match(/event: portation/g)).toHaveLength(1);
    await reader?.cancel();
  });
});

describe('changes reach every node', () => {
  // Two nodes of one database: PostgreSQL LISTEN/NOTIFY (on PGlite, within the one process), then Redis pub/sub.
  const variants = TEST_ENGINE === 'postgres' ? ['database', 'redis'] : ['database'];
  for (const via of variants) {
    it(`through ${via === 'redis' ? 'Redis pub/sub' : 'the database’s LISTEN/NOTIFY'}`, async () => {
      const redis =
        via === 'redis'
          ? { redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', redisPrefix: `t${Date.now()}:` }
          : {};
      const a = await createTestApp(redis);
      const own = via === 'database' && TEST_ENGINE === 'postgres';
      const database = own ? await openDatabase({ databaseUrl: a.database.url }) : a.database.handle;
      const b = await buildApp({ config: a.config, database, ownsDatabase: own });
      await b.ready();
      try {
        const heard = nextChange(b.porting.feed, 7);
        a.app.porting.feed.publish(change(7, 'PendingBDPN'));
        await expect(heard).resolves.toMatchObject({ userId: 7, status: 'PendingBDPN' });
      } finally {
        await b.close();
        await a.close();
      }
    });
  }
});
