import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, CITIZENS, type CookieJar, signIn } from '../../../test/esia';
import { createSecondNode, createTestApp, TEST_REDIS_URL, type TestApp, uniqueRedisPrefix } from '../../test/app';
import { TEST_ENGINE } from '../../test/database';
import { MAX_STREAMS_PER_SESSION } from './stream-slots';

/**
 * Issue 35, finding 4: a live stream (`GET /api/v1/account/events`) ends with its session — sign-out,
 * revocation, «Удалить мои данные» — on every node, and one session holds at most five.
 */

/** Gives up on a wait (never decides what passes). */
const ENDS_WITHIN_MS = 5_000;

interface Stream {
  status: number;
  body: string;
  /** Resolves when the server ends the stream; rejects if it has not within the bound. */
  ended(): Promise<void>;
  cancel(): Promise<void>;
}

async function listening(t: TestApp): Promise<number> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
}

async function openStream(t: TestApp, jar: CookieJar): Promise<Stream> {
  const port = await listening(t);
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/account/events`, { headers: { cookie: jar.header() } });
  if (res.status !== 200)
    return { status: res.status, body: await res.text(), ended: async () => {}, cancel: async () => {} };
  const reader = res.body?.getReader();
  if (!reader) throw new Error('no stream body');
  const decoder = new TextDecoder();
  let text = '';
  // Reads until the greeting; the rest is read by `ended`.
  while (!text.includes(': подключено')) {
    const chunk = await reader.read();
    if (chunk.done) break;
    text += decoder.decode(chunk.value);
  }
  let done: Promise<void> | undefined;
  const drain = async () => {
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) return;
      text += decoder.decode(chunk.value);
    }
  };
  return {
    status: res.status,
    get body() {
      return text;
    },
    ended() {
      done ??= drain();
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new Error(`the stream was still open after ${ENDS_WITHIN_MS} ms`)),
          ENDS_WITHIN_MS,
        );
      });
      return Promise.race([done, bound]).finally(() => clearTimeout(timer));
    },
    cancel: () => reader.cancel(),
  };
}

const signOut = (t: TestApp, jar: CookieJar) =>
  t.app.inject({ method: 'GET', url: '/api/v1/esia/logout', headers: { cookie: jar.header() } });

describe(`a live stream ends with its session (${TEST_ENGINE})`, () => {
  let t: TestApp;
  // Signed in before the app listens: from then on the stand-in's sign-in expects the listening origin.
  const jars: Record<string, CookieJar> = {};
  beforeAll(async () => {
    t = await createTestApp();
    for (const [name, oid] of Object.entries({
      ivanov: CITIZENS.ivanov,
      sidorov: CITIZENS.sidorov,
      petrova: CITIZENS.petrova,
      petrovaAgain: CITIZENS.petrova,
      morozov: CITIZENS.morozov,
    })) {
      jars[name] = (await signIn(t.app, oid)).jar;
    }
    await listening(t);
  });
  const jar = (name: string): CookieJar => {
    const found = jars[name];
    if (!found) throw new Error(`no jar ${name}`);
    return found;
  };
  afterAll(async () => t?.close());

  it('ends at sign-out', async () => {
    const stream = await openStream(t, jar('ivanov'));
    expect(stream.status).toBe(200);
    expect((await signOut(t, jar('ivanov'))).statusCode).toBe(302);
    await stream.ended();
  });

  it('ends when the person erases their data («Удалить мои данные»)', async () => {
    const stream = await openStream(t, jar('sidorov'));
    expect(stream.status).toBe(200);
    const erased = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/account',
      headers: authHeaders(jar('sidorov')),
    });
    expect(erased.statusCode, erased.body).toBe(204);
    await stream.ended();
  });

  it(`lets one session hold ${MAX_STREAMS_PER_SESSION} streams; the next is refused in Russian, and a closed one frees its place`, async () => {
    const petrova = jar('petrova');
    const open: Stream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) open.push(await openStream(t, petrova));
    expect(open.map((s) => s.status)).toEqual(Array(MAX_STREAMS_PER_SESSION).fill(200));
    const sixth = await openStream(t, petrova);
    expect(sixth.status).toBe(429);
    const problem = JSON.parse(sixth.body);
    expect(problem).toMatchObject({ status: 429, title: 'Слишком много запросов' });
    expect(problem.detail).toMatch(/^Личный кабинет открыт в слишком многих вкладках/);
    // Another session of the same person has places of its own.
    const other = await openStream(t, jar('petrovaAgain'));
    expect(other.status).toBe(200);
    await other.cancel();
    // A tab closed gives its place back (once the server has seen it go).
    await open[0]?.cancel();
    let again: Stream | undefined;
    for (let i = 0; i < 100 && again?.status !== 200; i++) {
      again = await openStream(t, petrova);
      if (again.status !== 200) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(again?.status).toBe(200);
    expect((await signOut(t, petrova)).statusCode).toBe(302);
    await Promise.all([...open.slice(1), again as Stream].map((s) => s.ended()));
  });

  it(`leaves at most ${MAX_STREAMS_PER_SESSION} open of 50 opened at once`, async () => {
    const morozov = jar('morozov');
    const streams = await Promise.all(Array.from({ length: 50 }, () => openStream(t, morozov)));
    const statuses = streams.map((s) => s.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(MAX_STREAMS_PER_SESSION);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - MAX_STREAMS_PER_SESSION);
    expect((await signOut(t, morozov)).statusCode).toBe(302);
    await Promise.all(streams.map((s) => s.ended()));
  });
});

describe(`two nodes through Redis (${TEST_ENGINE})`, () => {
  let a: TestApp;
  let b: TestApp;
  let dolgova: CookieJar;
  let fedorova: CookieJar;
  beforeAll(async () => {
    a = await createTestApp({ redisUrl: TEST_REDIS_URL, redisPrefix: uniqueRedisPrefix() });
    b = await createSecondNode(a);
    dolgova = (await signIn(a.app, CITIZENS.dolgova)).jar;
    fedorova = (await signIn(a.app, CITIZENS.fedorova)).jar;
    await listening(a);
    await listening(b);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('counts a session’s streams across the nodes, and a sign-out on one ends them on both', async () => {
    const jar = dolgova;
    const onA = [await openStream(a, jar), await openStream(a, jar), await openStream(a, jar)];
    const onB = [await openStream(b, jar), await openStream(b, jar)];
    expect([...onA, ...onB].map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await openStream(b, jar)).status).toBe(429);
    expect((await openStream(a, jar)).status).toBe(429);
    expect((await signOut(a, jar)).statusCode).toBe(302);
    await Promise.all([...onA, ...onB].map((s) => s.ended()));
  });

  it('50 opens at once over two nodes leave at most five', async () => {
    const jar = fedorova;
    const streams = await Promise.all(Array.from({ length: 50 }, (_v, i) => openStream(i % 2 ? a : b, jar)));
    expect(streams.filter((s) => s.status === 200)).toHaveLength(MAX_STREAMS_PER_SESSION);
    expect((await signOut(b, jar)).statusCode).toBe(302);
    await Promise.all(streams.map((s) => s.ended()));
  });
});
