import { Writable } from 'node:stream';
import { STANDIN_CITIZENS } from '@perenos/esia-standin';
import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env';
import { addDays, moscowDay } from '../lib/moscow';
import { authHeaders, CITIZENS, type CookieJar, signIn } from '../modules/esia/test-support';
import { outboxMessages } from '../modules/notifications/tables';
import { ACCEPTED } from '../modules/porting/test-support';
import { tariffRegions } from '../modules/tariffs/tables';
import { createTestApp, type TestApp } from '../test/app';

/**
 * Logs never carry a passport, a code or a full token (issue 24). The whole site runs one citizen's
 * flow with its log at `trace`, the most verbose level any part of it writes at: sign-in through the
 * ESIA stand-in, a porting whose application carries the passport to the central database, the SMS
 * confirmation code (sent once with a broken request body, then right), a session refresh. Then every
 * line the app wrote, from its start to its close, is searched for each secret the flow handled.
 */
const log: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    log.push(String(chunk));
    done();
  },
});

/** What the flow handled and the log must not hold. */
const secrets = new Map<string, string>();
let t: TestApp;

/** `value` as a whole word of the log: not a part of a longer number, name or decimal. */
function occurs(text: string, value: string): boolean {
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![0-9A-Za-z._-])${escaped}(?![0-9A-Za-z_-])`).test(text);
}

type Method = 'GET' | 'POST' | 'PUT';
async function call(method: Method, url: string, jar: CookieJar, payload?: object | string) {
  const res: LightMyRequestResponse = await t.app.inject({
    method,
    url: `/api${url}`,
    headers: {
      ...authHeaders(jar),
      ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload !== undefined ? { payload } : {}),
  });
  jar.take(res);
  return res;
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  const porting = loadConfig({ NODE_ENV: 'test' }).porting;
  t = await createTestApp(
    { logLevel: 'trace', jobWorkers: true, porting: { ...porting, timeScale: 1_000_000 } },
    'demo',
    stream,
  );
  expect(t.app.log.level).toBe('trace');

  // Sign-in: the ESIA code and state travel in the callback's address.
  const ivanov = STANDIN_CITIZENS.find((c) => c.oid === CITIZENS.ivanov);
  if (!ivanov) throw new Error('no Иванов');
  const steps = await signIn(t.app, ivanov.oid);
  const callback = new URL(steps.callbackUrl);
  secrets.set('ESIA authorization code', callback.searchParams.get('code') ?? 'missing');
  secrets.set('ESIA state', callback.searchParams.get('state') ?? 'missing');
  const jar = steps.jar;
  secrets.set('access token', jar.get('perenos-at') ?? 'missing');
  secrets.set('refresh token', jar.get('perenos-rt') ?? 'missing');
  const { series, number } = ivanov.passport;
  secrets.set('passport number', number);
  for (const form of [
    `${series}${number}`,
    `${series} ${number}`,
    `${series.slice(0, 2)} ${series.slice(2)} ${number}`,
  ]) {
    secrets.set(`passport «${form}»`, form);
  }

  // A porting of a number ESIA does not vouch for: it needs the SMS code.
  const msisdn = '79165550007';
  const order = (await call('POST', '/v1/order/portation/init', jar, { msisdn })).json();
  const megafon = (await t.app.inject({ method: 'GET', url: '/api/v1/operator/megafon' })).json().id;
  const [tariff] = await t.app.db
    .select({ id: tariffRegions.tariffId })
    .from(tariffRegions)
    .where(and(eq(tariffRegions.operatorId, megafon), eq(tariffRegions.regionCode, order.regionCode)))
    .limit(1);
  const portationAt = addDays(moscowDay(new Date()), 8);
  const put = await call('PUT', `/v1/order/portation/${order.id}`, jar, {
    operatorId: megafon,
    tariffId: tariff?.id,
    portationAt,
  });
  expect(put.statusCode, put.body).toBe(200);
  expect((await call('POST', `/v1/order/portation/${order.id}/code`, jar)).statusCode).toBe(200);
  const sms = await waitFor('the SMS', async () => {
    const [row] = await t.app.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.channel, 'sms'), eq(outboxMessages.recipient, msisdn)))
      .orderBy(desc(outboxMessages.id))
      .limit(1);
    return row;
  });
  const code = /(\d{6})/.exec(sms.body)?.[1] ?? 'missing';
  secrets.set('SMS code', code);
  // A broken body with the code in it gets a 400, and its error is logged (V8's own message for this one
  // would quote the text around the fault).
  const broken = await call(
    'PUT',
    `/v1/order/portation/${order.id}/submit`,
    jar,
    `{"consent":true,"confirmationCode":"${code}"x}`,
  );
  expect(broken.statusCode).toBe(400);
  const submitted = await call('PUT', `/v1/order/portation/${order.id}/submit`, jar, {
    consent: true,
    confirmationCode: code,
    ...ACCEPTED,
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  // The engine files the application, passport included, with the central database's stand-in.
  await waitFor('the porting to be done', async () => {
    const body = (await call('GET', `/v1/order/portation/${order.id}`, jar)).json();
    return body.status === 'Done' ? body : undefined;
  });
  expect((await call('GET', `/v1/order/portation/${order.id}?withPersonal=true`, jar)).statusCode).toBe(200);

  // A session refresh: new tokens replace the old.
  const refreshed = await t.app.inject({
    method: 'POST',
    url: '/api/v1/openid/token',
    headers: { ...authHeaders(jar), 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'grant_type=refresh_token',
  });
  expect(refreshed.statusCode).toBe(200);
  jar.take(refreshed);
  secrets.set('access token after refresh', jar.get('perenos-at') ?? 'missing');
  secrets.set('refresh token after refresh', jar.get('perenos-rt') ?? 'missing');
  await t.close();
}, 120_000);
afterAll(async () => {
  // Closed at the end of the flow, so that the log is complete; closing twice is harmless.
  await t?.close().catch(() => undefined);
});

describe('the log of a whole flow', () => {
  it('was written at trace and holds the flow’s requests (the search below searched something)', () => {
    const text = log.join('');
    expect(log.length).toBeGreaterThan(20);
    for (const path of ['/api/v1/esia/callback', '/code', '/submit', '/api/v1/openid/token', '/bdpn-standin/']) {
      expect(text, path).toContain(path);
    }
    for (const [name, value] of secrets) expect(value, name).not.toBe('missing');
  });

  it('holds no passport, no code and no token', () => {
    const text = log.join('');
    const found = [...secrets].filter(([, value]) => occurs(text, value)).map(([name]) => name);
    expect(found).toEqual([]);
    // Nor any JWT at all: the site's own and ESIA's.
    expect(text.match(/eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g) ?? []).toEqual([]);
  });
});
