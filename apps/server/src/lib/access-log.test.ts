import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AccessLog, loggedUrl, requestSerializer } from './access-log';
import { type RequestLogger, requestLogger } from './request-logger';

/** A log stream that keeps each JSON line it is given, parsed. */
function logLines() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { lines, stream };
}

describe('the access log', () => {
  it('writes addresses without the secrets of a sign-in, and the rest of the query as it came', () => {
    expect(loggedUrl('/api/v1/esia/callback?state=5f0c&code=abc-DEF_1')).toBe(
      '/api/v1/esia/callback?state=***&code=***',
    );
    expect(loggedUrl('/esia-standin/aas/oauth2/v2/ac?client_id=PERENOS&client_secret=MII%2B&scope=openid')).toBe(
      '/esia-standin/aas/oauth2/v2/ac?client_id=PERENOS&client_secret=***&scope=openid',
    );
    expect(loggedUrl('/x?Access_Token=eyJ.eyJ.sig&zipcode=101000&codes=1')).toBe(
      '/x?Access_Token=***&zipcode=101000&codes=1',
    );
    expect(loggedUrl('/api/v1/msisdn/info?msisdn=79161234567')).toBe('/api/v1/msisdn/info?msisdn=79161234567');
    expect(loggedUrl('/code/state')).toBe('/code/state');
    // Names are read as the query parser reads them (issue 35): an encoded name is the same parameter.
    expect(loggedUrl('/api/v1/esia/callback?%63ode=abc&st%61te=5f0c&%73tate=x')).toBe(
      '/api/v1/esia/callback?%63ode=***&st%61te=***&%73tate=***',
    );
    expect(loggedUrl('/api/v1/esia/callback?%ZZ=abc&code')).toBe('/api/v1/esia/callback?***&code');
  });

  it('writes no secret either in the lines Fastify writes with the request: a 5xx, an unknown route', async () => {
    const { lines, stream } = logLines();
    const app = Fastify({
      logger: { level: 'info', stream, serializers: { req: requestSerializer } },
      logController: new AccessLog(),
    });
    app.get('/callback', async () => {
      throw Object.assign(new Error('broken'), { statusCode: 502 });
    });
    await app.inject({ method: 'GET', url: '/callback?code=SECRET1&x=1' });
    await app.inject({ method: 'GET', url: '/nowhere?state=SECRET2' });
    const text = JSON.stringify(lines);
    expect(text).not.toMatch(/SECRET/);
    expect(lines.find((l) => l.msg === 'broken')).toMatchObject({ req: { url: '/callback?code=***&x=1' } });
    expect(lines.map((l) => l.msg)).toContain('Route GET:/nowhere?state=*** not found');
    await app.close();
  });

  it('writes one line per request, with its id, method, URL, client, status and time; errors keep theirs', async () => {
    const { lines, stream } = logLines();
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

  it("request.log writes the child logger's lines, with the request id, and makes that child only when it writes", async () => {
    const { lines, stream } = logLines();
    const app = Fastify({
      logger: { level: 'info', stream },
      logController: new AccessLog(),
      // The factory, counting the children it asks pino for.
      childLoggerFactory: (logger, bindings, options) =>
        requestLogger(
          Object.create(logger, {
            child: {
              value: (...args: Parameters<typeof logger.child>) => {
                children++;
                return logger.child(...args);
              },
            },
          }),
          bindings,
          options,
        ),
    });
    let children = 0;
    app.get('/quiet', async (request) => {
      request.log.debug('below the level');
      expect((request.log as unknown as RequestLogger).level).toBe('info');
      return { ok: true };
    });
    app.get('/talks', async (request) => {
      request.log.info({ step: 1 }, 'working');
      request.log.child({ part: 'inner' }).warn('inner line');
      return { ok: true };
    });
    await app.inject({ method: 'GET', url: '/quiet' });
    expect(lines.map((l) => l.msg)).toEqual(['request completed']);
    expect(children).toBe(0);

    lines.length = 0;
    await app.inject({ method: 'GET', url: '/talks' });
    expect(lines.map((l) => l.msg)).toEqual(['working', 'inner line', 'request completed']);
    expect(children).toBe(1);
    const reqId = lines[2]?.reqId;
    expect(reqId).toBeTruthy();
    expect(lines[0]).toMatchObject({ level: 30, reqId, step: 1 });
    expect(lines[1]).toMatchObject({ level: 40, reqId, part: 'inner' });
    // Each key once: the request id is not written twice by the child and the line.
    for (const line of lines) expect(Object.keys(line).filter((k) => k === 'reqId')).toHaveLength(1);
    await app.close();
  });
});
