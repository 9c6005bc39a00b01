import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, CITIZENS, type CookieJar, signIn } from '../../../test/esia';
import { ACCEPTED } from '../../../test/porting';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { addDays, moscowDay } from '../../lib/moscow';
import { createTestApp, type TestApp } from '../../test/app';
import { TEST_POSTGRES_URL } from '../../test/database';
import { portationOrders } from './tables';

/**
 * A database cut while the site runs: a node reaches PostgreSQL through a TCP relay the test can cut,
 * as a failed network or a database restart would. Account, order and submit calls answer 503 with a
 * Russian «try in a minute», the order stays as it was, and once the database is back all is served.
 */

/** A TCP relay to PostgreSQL that can be cut (every connection dropped, new ones refused) and restored. */
class Relay {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  async open(): Promise<void> {
    const target = new URL(TEST_POSTGRES_URL);
    this.server = createServer((client) => {
      const upstream = tcpConnect(Number(target.port || 5432), target.hostname);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server?.listen(this.port, '127.0.0.1', resolve));
    const address = this.server.address();
    if (address && typeof address === 'object') this.port = address.port;
  }

  async cut(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }
}

let t: TestApp;
let node: Awaited<ReturnType<typeof buildApp>>;
let nodeHandle: Awaited<ReturnType<typeof openDatabase>>;
const relay = new Relay();
let jar: CookieJar;

beforeAll(async () => {
  t = await createTestApp();
  await relay.open();
  const url = new URL(t.database.url ?? '');
  url.host = `127.0.0.1:${relay.port}`;
  nodeHandle = await openDatabase({ databaseUrl: url.toString() });
  node = await buildApp({ config: t.config, database: nodeHandle });
  await node.ready();
  jar = (await signIn(node, CITIZENS.ivanov)).jar;
});
afterAll(async () => {
  await node?.close();
  await nodeHandle?.close().catch(() => undefined);
  await relay.cut();
  await t?.close();
});

function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return node.inject({ method, url: `/api${url}`, headers: authHeaders(jar), ...(payload ? { payload } : {}) });
}

describe('the database cut while the site runs', () => {
  it('answers 503 «попробуйте через минуту» on account, order and submit calls, changes nothing, and recovers', async () => {
    const order = (await call('POST', '/v1/order/portation/init', { msisdn: '79037654321' })).json();
    const megafon = (await node.inject({ method: 'GET', url: '/api/v1/operator/megafon' })).json().id;
    const tariff = (
      await node.inject({ method: 'GET', url: `/api/v1.4/tariff/list?RegionCode=77&OperatorId=${megafon}&Take=1` })
    ).json().data[0].id;
    const put = await call('PUT', `/v1/order/portation/${order.id}`, {
      operatorId: megafon,
      tariffId: tariff,
      portationAt: addDays(moscowDay(new Date()), 8),
    });
    expect(put.statusCode, put.body).toBe(200);

    await relay.cut();
    const answers = await Promise.all([
      call('GET', '/v1/account/info'),
      call('GET', `/v1/account/orders?Msisdn=79037654321&Skip=0&Take=10&SortBy=lastUpdate&SortDesc=true`),
      call('GET', `/v1/order/portation/${order.id}`),
      call('PUT', `/v1/order/portation/${order.id}/submit`, { ...ACCEPTED, consent: true }),
    ]);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('60');
      expect(res.json()).toMatchObject({
        status: 503,
        title: 'Сервис временно недоступен',
        detail: 'Не удалось связаться с базой данных сайта. Попробуйте через минуту.',
      });
      expect(res.body).not.toMatch(/ECONN|stack|postgres/i);
    }
    // The order is as it was: not submitted.
    const [row] = await t.app.db.select().from(portationOrders).where(eq(portationOrders.id, order.id));
    expect(row?.status).toBe('Initialized');

    await relay.open();
    const back = await call('GET', `/v1/order/portation/${order.id}`);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().status).toBe('Initialized');
  }, 60_000);
});
