import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AccessLog } from './access-log';

describe('the access log', () => {
  it('writes one line per request, with its id, method, URL, client, status and time; errors keep theirs', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream }, logController: new AccessLog() });
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new Error('broken');
    });
    await app.inject({ method: 'GET', url: '/ok?x=1' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'request completed',
      method: 'GET',
      url: '/ok?x=1',
      ip: '127.0.0.1',
      statusCode: 200,
    });
    expect(lines[0]?.reqId).toBeTruthy();
    expect(typeof lines[0]?.responseTime).toBe('number');

    lines.length = 0;
    await app.inject({ method: 'GET', url: '/fails' });
    // Fastify's own error line (with the request) stays; the access line follows it.
    expect(lines.map((l) => l.msg)).toEqual(['broken', 'request completed']);
    expect(lines[0]).toMatchObject({ level: 50, err: { message: 'broken' } });
    expect(lines[1]).toMatchObject({ statusCode: 500 });
    await app.close();
  });
});
