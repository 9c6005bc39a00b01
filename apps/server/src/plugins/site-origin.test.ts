import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({}, 'none');
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** A request to the server with the Host a browser would send (fetch does not let a caller set it). */
const get = (host: string, path: string, method = 'GET', mode = 'navigate') =>
  new Promise<{ status: number; location: string | undefined }>((done, fail) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers: { host, 'sec-fetch-mode': mode } }, (res) => {
      res.resume();
      done({ status: res.statusCode ?? 0, location: res.headers.location });
    });
    req.on('error', fail);
    req.end();
  });

describe('one origin for the site without PUBLIC_ORIGIN (development)', () => {
  it('moves a page opened as 127.0.0.1 or [::1] to the printed localhost address, path and query kept', async () => {
    for (const host of [`127.0.0.1:${port}`, `[::1]:${port}`]) {
      const res = await get(host, '/portation/init?op=mts');
      expect(res.status, host).toBe(308);
      expect(res.location, host).toBe(`http://localhost:${port}/portation/init?op=mts`);
    }
  });

  it('leaves the site’s own address, API calls, writes and foreign hosts alone', async () => {
    expect((await get(`localhost:${port}`, '/')).status).not.toBe(308);
    expect((await get(`127.0.0.1:${port}`, '/api/health')).status).toBe(200);
    expect((await get(`127.0.0.1:${port}`, '/api/v1/feedback/send', 'POST')).status).not.toBe(308);
    // A call that is not a page navigation (the server's own calls to its ESIA stand-in) stays put.
    expect((await get(`127.0.0.1:${port}`, '/esia-standin/x', 'GET', 'cors')).status).not.toBe(308);
    // Never a redirect to a host the caller named.
    const evil = await get('evil.example', '/');
    expect(evil.status).not.toBe(308);
    expect(evil.location).toBeUndefined();
  });
});
