import { once } from 'node:events';
import { connect } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLookupApp, signIn } from '../../../../test/lookup';
import type { TestApp } from '../../../test/app';
import { BatchGate } from './batch-gate';

const BOUNDARY = '----perenos-gate-boundary';
const HEAD = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="File"; filename="numbers.csv"\r\nContent-Type: text/csv\r\n\r\n`;
const TAIL = `\r\n--${BOUNDARY}--\r\n`;
const CSV = 'Номер\r\n79261234567\r\n79030000001\r\n';

describe('BatchGate', () => {
  it('gives at most `limit` slots, each back once, and tells the refused when one is likely free', () => {
    let now = 0;
    const gate = new BatchGate(2, () => now);
    // Nothing timed yet: a batch is taken to last 5 s.
    expect(gate.retryAfter()).toBe(5);
    const a = gate.enter();
    const b = gate.enter();
    expect(a).not.toBeNull();
    expect(b).not.toBeNull();
    expect(gate.enter()).toBeNull();
    expect(gate.active).toBe(2);
    now = 3000;
    // The older of the two has had 3 s of the typical 5.
    expect(gate.retryAfter()).toBe(2);
    a?.();
    a?.();
    expect(gate.active).toBe(1);
    const c = gate.enter();
    expect(c).not.toBeNull();
    expect(gate.enter()).toBeNull();
    now = 12_000;
    b?.();
    c?.();
    // Timed: 3 s, 12 s and 9 s, so 8 s typical; nothing running.
    expect(gate.retryAfter()).toBe(8);
    expect(gate.active).toBe(0);
    // Never less than a second, never more than a minute.
    const slow = new BatchGate(1, () => now);
    slow.enter()?.();
    now = 1_000_000;
    const stuck = slow.enter();
    expect(slow.retryAfter()).toBe(1);
    stuck?.();
    const slowest = new BatchGate(1, () => now);
    const long = slowest.enter();
    now += 500_000;
    long?.();
    expect(slowest.retryAfter()).toBe(60);
  });
});

describe.each([{ concurrency: 2 }, { concurrency: 3 }])(
  'at most $concurrency batch files at once',
  ({ concurrency }) => {
    let t: TestApp;
    let user: Record<string, string>;
    beforeAll(async () => {
      t = await createLookupApp({ batchConcurrency: concurrency, quotaSignedIn: 1000 });
      user = await signIn(t);
      await t.app.lookup.whenReady();
    });
    afterAll(async () => t.close());

    const quota = async () =>
      (await t.app.inject({ method: 'POST', url: '/api/v1.1/msisdn/info/quota', payload: {}, headers: user })).json()
        .remainingCount as number;

    /** An upload whose body arrives only when `finish` is called (the file is still on its way). */
    const heldUpload = () => {
      const body = new PassThrough();
      body.write(HEAD);
      const answer = t.app.inject({
        method: 'POST',
        url: '/api/v1.1/msisdn/info/batch',
        payload: body,
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...user },
      });
      return { answer, finish: () => body.end(`${CSV}${TAIL}`) };
    };

    it('answers the others 503 with Retry-After and a Russian message, and they spend nothing', async () => {
      const before = await quota();
      const uploads = Array.from({ length: 50 }, heldUpload);
      const answered: Awaited<ReturnType<TestApp['app']['inject']>>[] = [];
      for (const u of uploads) void u.answer.then((res) => answered.push(res));
      // The refused are answered at once; the admitted wait for their files.
      await vi.waitFor(() => expect(answered).toHaveLength(50 - concurrency), { timeout: 20_000 });
      expect(t.app.lookupBatches.active).toBe(concurrency);
      for (const res of answered) {
        expect(res.statusCode).toBe(503);
        expect(res.headers['content-type']).toContain('application/problem+json');
        const seconds = Number(res.headers['retry-after']);
        expect(Number.isInteger(seconds) && seconds >= 1 && seconds <= 60).toBe(true);
        expect(res.json()).toMatchObject({
          status: 503,
          title: 'Сервер занят',
          detail: `Сервер занят обработкой файлов, попробуйте через ${seconds} с.`,
          retryAfter: seconds,
        });
      }
      for (const u of uploads) u.finish();
      const answers = await Promise.all(uploads.map((u) => u.answer));
      const done = answers.filter((res) => res.statusCode === 200);
      expect(done).toHaveLength(concurrency);
      expect(done[0]?.body).toContain('79261234567;МТС');
      // Only the files that were read cost a request each.
      expect(await quota()).toBe(before - concurrency);
      // Every slot was given back: the next file is taken at once.
      expect(t.app.lookupBatches.active).toBe(0);
      const next = heldUpload();
      next.finish();
      expect((await next.answer).statusCode).toBe(200);
    });

    it('gives the slot back when a file is refused, and when the client goes away', async () => {
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/v1.1/msisdn/info/batch',
        payload: `${HEAD}это не номера${TAIL}`.replace('numbers.csv', 'numbers.pdf'),
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...user },
      });
      expect(wrong.statusCode).toBe(400);
      expect(t.app.lookupBatches.active).toBe(0);
      // Over a real connection, cut while the file is on its way.
      const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
      const socket = connect(Number(new URL(address).port), '127.0.0.1');
      await once(socket, 'connect');
      socket.write(
        `POST /api/v1.1/msisdn/info/batch HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${user.cookie}\r\nX-Requested-With: XMLHttpRequest\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: 100000\r\n\r\n${HEAD}7926`,
      );
      await vi.waitFor(() => expect(t.app.lookupBatches.active).toBe(1), { timeout: 10_000 });
      socket.destroy();
      await vi.waitFor(() => expect(t.app.lookupBatches.active).toBe(0), { timeout: 10_000 });
    });
  },
);

describe('a file that does not arrive within BATCH_TIMEOUT_MS', () => {
  let t: TestApp;
  let user: Record<string, string>;
  beforeAll(async () => {
    t = await createLookupApp({ batchConcurrency: 1, batchTimeoutMs: 300 });
    user = await signIn(t);
  });
  afterAll(async () => t.close());

  it('is answered 408 and its slot given back', async () => {
    const body = new PassThrough();
    body.write(`${HEAD}79261234567\r\n`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1.1/msisdn/info/batch',
      payload: body,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...user },
    });
    expect(res.statusCode).toBe(408);
    expect(res.json().errors.File).toEqual(['Файл не успел загрузиться. Проверьте соединение и попробуйте ещё раз.']);
    expect(t.app.lookupBatches.active).toBe(0);
    body.destroy();
  });
});
