import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({}, 'none');
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  await t.close();
});

/** Sends raw bytes and returns the whole answer: what Node itself says, before Fastify. */
function raw(request: string): Promise<string> {
  return new Promise((done, fail) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('close', () => done(answer));
    socket.on('error', (err) => (answer ? done(answer) : fail(err)));
    socket.write(request);
  });
}

function problemOf(answer: string): Record<string, unknown> {
  return JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;
}

describe('answers a user can meet are Russian problem documents', () => {
  it('431 for an over-long URL or headers, answered before Fastify', async () => {
    const answer = await raw(`GET /tariffs?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toContain('Content-Type: application/problem+json');
    const problem = problemOf(answer);
    expect(problem).toMatchObject({ status: 431, title: 'Слишком длинный адрес или заголовки запроса' });
    expect(String(problem.detail)).toMatch(/cookie/);
  });

  it('400 in Russian for a malformed request line', async () => {
    const answer = await raw('NOT-HTTP\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(problemOf(answer)).toMatchObject({ status: 400, title: 'Некорректный запрос' });
  });

  it('413 and 415 from the framework carry Russian titles', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/v1/feedback/send',
      headers: { 'content-type': 'application/json' },
      payload: `{"text":"${'я'.repeat(1024 * 1024)}"}`,
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ title: 'Слишком большой запрос', detail: expect.stringMatching(/[а-я]/) });
    const odd = await t.app.inject({
      method: 'POST',
      url: '/api/v1/feedback/send',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expect(odd.statusCode).toBe(415);
    expect(odd.json()).toMatchObject({ title: 'Неподдерживаемый формат данных' });
  });
});
