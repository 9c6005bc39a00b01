import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, CITIZENS, signIn } from '../../../test/esia';
import { createTestApp, type TestApp } from '../../test/app';
import { TEST_ENGINE } from '../../test/database';

/**
 * Issue 35, finding 9 (part): `GET /api/v1/esia/logout` is a link any page can carry. A navigation another
 * site started gets a question, «Выйти из личного кабинета?», instead of a sign-out; one from this site, a
 * typed address, or a browser without Fetch Metadata signs out as before.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const accountInfo = (cookie: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/account/info',
    headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
  });
const logout = (cookie: string, fetchSite: string | undefined, returnUrl = '/news') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/esia/logout?returnUrl=${encodeURIComponent(returnUrl)}`,
    headers: { cookie, ...(fetchSite ? { 'sec-fetch-site': fetchSite, 'sec-fetch-mode': 'navigate' } : {}) },
  });

describe(`sign-out from another site asks first (${TEST_ENGINE})`, () => {
  it('answers a cross-site or same-site navigation with the question and keeps the session', async () => {
    const { jar } = await signIn(t.app, CITIZENS.ivanov);
    const cookie = jar.header();
    for (const site of ['cross-site', 'same-site']) {
      const page = await logout(cookie, site, '/news"><script>alert(1)</script>');
      expect(page.statusCode, site).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['set-cookie'], site).toBeUndefined();
      expect(page.headers.location).toBeUndefined();
      expect(page.body).toContain('<h1>Выйти из личного кабинета?</h1>');
      expect(page.body).toContain('<form method="get" action="/api/v1/esia/logout">');
      expect(page.body).not.toContain('<script>');
      // Nothing may frame it (a click on its button is the person's own) or run a script in it.
      expect(page.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(page.headers['cache-control']).toBe('no-store');
      expect((await accountInfo(cookie)).statusCode, site).toBe(200);
    }
    // The page's button: the same address, now from this site.
    const page = await logout(cookie, 'cross-site');
    const returnUrl = /name="returnUrl" value="([^"]*)"/.exec(page.body)?.[1];
    expect(returnUrl).toBe('/news');
    const out = await logout(cookie, 'same-origin', returnUrl);
    expect(out.statusCode).toBe(302);
    expect(new URL(String(out.headers.location)).searchParams.get('redirect_url')).toBe('http://localhost/news');
    expect((await accountInfo(cookie)).statusCode).toBe(401);
  });

  it('signs out at once from this site, from a typed address, and without Fetch Metadata', async () => {
    for (const site of ['same-origin', 'none', undefined]) {
      const { jar } = await signIn(t.app, CITIZENS.petrova);
      const cookie = authHeaders(jar).cookie as string;
      expect((await accountInfo(cookie)).statusCode).toBe(200);
      const out = await logout(cookie, site);
      expect(out.statusCode, String(site)).toBe(302);
      expect((await accountInfo(cookie)).statusCode, String(site)).toBe(401);
    }
  });
});
