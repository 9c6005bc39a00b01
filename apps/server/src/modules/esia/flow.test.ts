import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, CITIZENS, CookieJar, signIn, startSignIn } from '../../../test/esia';
import { createTestApp, type TestApp } from '../../test/app';
import { deriveAccessKey, REUSE_GRACE_SECONDS, refreshSession } from '../session/tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const AT = 'perenos-at';
const RT = 'perenos-rt';

function pathOf(location: string): string {
  const url = new URL(location, 'http://localhost');
  return url.pathname + url.search;
}

async function accountInfo(headers: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: '/api/v1/account/info', headers });
}

describe('sign-in through the ESIA stand-in', () => {
  it('signs a citizen in, sets httpOnly SameSite=Lax cookies and returns to the page they came from', async () => {
    const steps = await signIn(t.app, CITIZENS.ivanov, '/account/79161234567/orders/2?x=1#top');
    expect(steps.finalLocation).toBe('/account/79161234567/orders/2?x=1#top');
    const authorize = new URL(steps.authorizeUrl);
    expect(authorize.pathname).toBe('/esia-standin/aas/oauth2/v2/ac');
    for (const p of [
      'client_id',
      'client_secret',
      'redirect_uri',
      'scope',
      'state',
      'timestamp',
      'access_type',
      'client_certificate_hash',
    ]) {
      expect(authorize.searchParams.get(p), p).toBeTruthy();
    }
    expect(authorize.searchParams.get('timestamp')).toMatch(/^\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}:\d{2} [+-]\d{4}$/);
    const userinfo = await t.app.inject({
      method: 'GET',
      url: '/api/v1/esia/userinfo',
      headers: authHeaders(steps.jar),
    });
    const body = userinfo.json();
    expect(body.isLogged).toBe(true);
    expect(body.userName).toBe('Иванов Иван Иванович');
    const left = new Date(body.expireAt).getTime() - Date.now();
    expect(left).toBeGreaterThan(14 * 60_000);
    expect(left).toBeLessThanOrEqual(15 * 60_000);
  });

  it('marks the session cookies httpOnly and SameSite=Lax', async () => {
    const started = await startSignIn(t.app, CITIZENS.petrova);
    const back = await t.app.inject({
      method: 'GET',
      url: pathOf(started.callbackUrl),
      headers: { cookie: started.jar.header() },
    });
    const cookies = back.cookies as { name: string; httpOnly?: boolean; sameSite?: string; path?: string }[];
    for (const name of [AT, RT]) {
      const c = cookies.find((x) => x.name === name);
      expect(c?.httpOnly).toBe(true);
      expect(c?.sameSite).toBe('Lax');
      expect(c?.path).toBe('/');
    }
  });

  it('keeps the personal data ESIA gave: masked passport, verified mobiles, e-mail with its status', async () => {
    const ivanov = await signIn(t.app, CITIZENS.ivanov);
    const info = (
      await t.app.inject({ method: 'GET', url: '/api/v1/esia/personalinfo', headers: authHeaders(ivanov.jar) })
    ).json();
    expect(info).toMatchObject({
      fullName: 'Иванов Иван Иванович',
      birthDate: '1985-04-12',
      passport: '45 10 ****56',
      mobiles: ['79161234567', '79037654321'],
      email: 'ivanov@example.ru',
      isEmailVerified: true,
    });
    expect(info.passport).not.toMatch(/1234/);
    const petrova = await signIn(t.app, CITIZENS.petrova);
    const p = (
      await t.app.inject({ method: 'GET', url: '/api/v1/esia/personalinfo', headers: authHeaders(petrova.jar) })
    ).json();
    expect(p.isEmailVerified).toBe(false);
    const sidorov = await signIn(t.app, CITIZENS.sidorov);
    const s = (
      await t.app.inject({ method: 'GET', url: '/api/v1/esia/personalinfo', headers: authHeaders(sidorov.jar) })
    ).json();
    expect(s.mobiles).toEqual([]);
  });

  it('answers anonymous visitors with isLogged false, and 401 on calls that need sign-in', async () => {
    const info = await t.app.inject({ method: 'GET', url: '/api/v1/esia/userinfo' });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ isLogged: false, expireAt: null, userName: null, isStaff: false });
    for (const url of ['/api/v1/esia/personalinfo', '/api/v1/account/info']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
      expect(res.json().title).toBe('Некорректный JWT токен');
    }
  });

  it.each([
    '//evil.example',
    'https:evil.example',
    '/\\evil.example',
    '%2F%2Fevil.example',
    'javascript:alert(1)',
    'https://evil.example/account',
  ])('returns to / instead of %j', async (returnUrl) => {
    const steps = await signIn(t.app, CITIZENS.ivanov, returnUrl);
    expect(steps.finalLocation).toBe('/');
  });

  it('refuses a callback whose state is unknown, reused, or not this browser’s', async () => {
    const started = await startSignIn(t.app, CITIZENS.ivanov);
    const callback = new URL(started.callbackUrl);
    // Someone else's browser (no state cookie) cannot finish this sign-in.
    const stranger = await t.app.inject({ method: 'GET', url: pathOf(started.callbackUrl) });
    expect(stranger.headers.location).toBe('/?esiaError=failed');
    // A different state than the one the browser started with.
    const wrong = new URL(callback);
    wrong.searchParams.set('state', crypto.randomUUID());
    const jar = new CookieJar();
    jar.set('perenos-esia-state', wrong.searchParams.get('state') as string);
    const forged = await t.app.inject({
      method: 'GET',
      url: pathOf(wrong.toString()),
      headers: { cookie: jar.header() },
    });
    expect(forged.headers.location).toBe('/?esiaError=failed');
    expect(forged.cookies.find((c) => c.name === AT && c.value)).toBeUndefined();
  });

  it('spends the state: the same callback works once', async () => {
    const started = await startSignIn(t.app, CITIZENS.ivanov);
    const headers = { cookie: started.jar.header() };
    const first = await t.app.inject({ method: 'GET', url: pathOf(started.callbackUrl), headers });
    expect(first.headers.location).toBe('/account');
    const again = await t.app.inject({ method: 'GET', url: pathOf(started.callbackUrl), headers });
    expect(again.headers.location).toBe('/?esiaError=failed');
    expect(again.cookies.find((c) => c.name === AT && c.value)).toBeUndefined();
  });

  it('takes a signed-in browser that comes back through ESIA’s page (the back button) to where its sign-in began', async () => {
    const jar = new CookieJar();
    const login = await t.app.inject({
      method: 'GET',
      url: `/api/v1/esia/login?returnUrl=${encodeURIComponent('/portation/7/tariffs')}&from=${encodeURIComponent('/portation/init?op=mts')}`,
    });
    jar.take(login);
    const page = await t.app.inject({ method: 'GET', url: pathOf(String(login.headers.location)) });
    const request = /name="request" value="([^"]+)"/.exec(page.body)?.[1] as string;
    const chosen = await t.app.inject({
      method: 'POST',
      url: '/esia-standin/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ request, oid: CITIZENS.ivanov }).toString(),
    });
    const callback = pathOf(String(chosen.headers.location));
    const first = await t.app.inject({ method: 'GET', url: callback, headers: { cookie: jar.header() } });
    expect(first.headers.location).toBe('/portation/7/tariffs');
    jar.take(first);
    // Back: ESIA's page again answers with the spent state (the stand-in with an error, ESIA with a new code).
    const again = await t.app.inject({ method: 'GET', url: callback, headers: { cookie: jar.header() } });
    expect(again.headers.location).toBe('/portation/init?op=mts');
    const refused = `/api/v1/esia/callback?error=invalid_request&state=${new URL(callback, 'http://x').searchParams.get('state')}`;
    const viaError = await t.app.inject({ method: 'GET', url: refused, headers: { cookie: jar.header() } });
    expect(viaError.headers.location).toBe('/portation/init?op=mts');
    // The session is the same one, not a new sign-in.
    expect(again.cookies.find((c) => c.name === AT && c.value)).toBeUndefined();
    // Without a session the same return is still a failed sign-in, and `from` never leads off the site.
    const anonymous = await t.app.inject({ method: 'GET', url: callback });
    expect(anonymous.headers.location).toBe('/?esiaError=failed');
    const evil = await t.app.inject({
      method: 'GET',
      url: '/api/v1/esia/login?returnUrl=/account&from=//evil.example',
    });
    const back = evil.cookies.find((c) => c.name === 'perenos-esia-back');
    expect(back?.value).toBe('/');
    expect(back).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  });

  it('sends a citizen who refuses back with a note and no session', async () => {
    const login = await t.app.inject({ method: 'GET', url: '/api/v1/esia/login?returnUrl=/account' });
    const jar = new CookieJar().take(login);
    const page = await t.app.inject({ method: 'GET', url: pathOf(String(login.headers.location)) });
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).not.toContain('<script');
    const request = /name="request" value="([^"]+)"/.exec(page.body)?.[1] as string;
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/esia-standin/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `request=${request}&cancel=1`,
    });
    const back = await t.app.inject({
      method: 'GET',
      url: pathOf(String(cancel.headers.location)),
      headers: { cookie: jar.header() },
    });
    expect(back.headers.location).toBe('/?esiaError=denied');
  });

  it('lists the test citizens on the Russian login page, with the edge cases', async () => {
    const login = await t.app.inject({ method: 'GET', url: '/api/v1/esia/login' });
    const page = await t.app.inject({ method: 'GET', url: pathOf(String(login.headers.location)) });
    expect(page.body).toContain('lang="ru"');
    expect((page.body.match(/<li>/g) ?? []).length).toBeGreaterThanOrEqual(6);
    expect(page.body).toContain('Нет подтверждённого мобильного номера');
    expect(page.body).toContain('не подтверждена');
    expect(page.body).toContain('СНИЛС');
  });
});

describe('site session tokens', () => {
  it('answers 401 to a forged, expired, alg-none or garbage access token', async () => {
    const steps = await signIn(t.app, CITIZENS.ivanov);
    const real = steps.jar.get(AT) as string;
    const claims = decodeJwt(real);
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('not-the-site-secret-not-the-site-secret'));
    const expired = await new SignJWT({ ...claims, iat: now - 3600, exp: now - 60 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(deriveAccessKey(t.config.sessionSecret));
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const none = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url')}.`;
    const [h, p] = real.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: '2' })).toString('base64url')}.${real.split('.')[2]}`;
    for (const token of [forged, expired, none, tampered, 'garbage', `${h}.${p}`]) {
      const res = await accountInfo({ cookie: `${AT}=${token}` });
      expect(res.statusCode, token).toBe(401);
      expect(res.json().title).toBe('Некорректный JWT токен');
    }
    expect((await accountInfo({ cookie: `${AT}=${real}` })).statusCode).toBe(200);
  });

  it('rotates the refresh token; a spent one coming back revokes the whole session', async () => {
    const steps = await signIn(t.app, CITIZENS.ivanov);
    const oldRefresh = steps.jar.get(RT) as string;
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/openid/token',
      headers: { ...authHeaders(steps.jar), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=refresh_token',
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().isLogged).toBe(true);
    steps.jar.take(refreshed);
    const newRefresh = steps.jar.get(RT) as string;
    expect(newRefresh).not.toBe(oldRefresh);
    expect((await accountInfo(authHeaders(steps.jar))).statusCode).toBe(200);

    // Within the grace window the spent token is refused but nothing is revoked (two tabs racing).
    const raced = await t.app.inject({
      method: 'POST',
      url: '/api/v1/openid/token',
      headers: {
        cookie: `${RT}=${oldRefresh}`,
        'x-requested-with': 'XMLHttpRequest',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'grant_type=refresh_token',
    });
    expect(raced.statusCode).toBe(401);
    expect((await accountInfo(authHeaders(steps.jar))).statusCode).toBe(200);

    // Later, the same spent token is theft: the family goes, with the new tokens.
    const later = new Date(Date.now() + (REUSE_GRACE_SECONDS + 5) * 1000);
    const reuse = await refreshSession(
      t.database.handle.db,
      deriveAccessKey(t.config.sessionSecret),
      oldRefresh,
      later,
    );
    expect(reuse).toEqual({ ok: false, reason: 'reused', familyId: expect.any(String) });
    // What the token route does after a reuse: every node's session cache forgets the family.
    if (!reuse.ok && reuse.reason === 'reused') await t.app.session.familyRevoked(reuse.familyId);
    expect((await accountInfo(authHeaders(steps.jar))).statusCode).toBe(401);
    const afterTheft = await t.app.inject({
      method: 'POST',
      url: '/api/v1/openid/token',
      headers: { ...authHeaders(steps.jar), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=refresh_token',
    });
    expect(afterTheft.statusCode).toBe(401);
  });

  it('renews quietly on userinfo when only the refresh token is left', async () => {
    const steps = await signIn(t.app, CITIZENS.ivanov);
    steps.jar.delete(AT);
    const info = await t.app.inject({ method: 'GET', url: '/api/v1/esia/userinfo', headers: authHeaders(steps.jar) });
    expect(info.json().isLogged).toBe(true);
    steps.jar.take(info);
    expect(steps.jar.get(AT)).toBeTruthy();
  });

  it('refuses a refresh without a token or with a wrong grant type', async () => {
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/v1/openid/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest' },
      payload: 'grant_type=refresh_token',
    });
    expect(none.statusCode).toBe(401);
    const steps = await signIn(t.app, CITIZENS.ivanov);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/openid/token',
      headers: { ...authHeaders(steps.jar), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.grant_type).toBeDefined();
  });

  it('signs out of the site and ESIA, and the old cookies no longer work', async () => {
    const steps = await signIn(t.app, CITIZENS.ivanov);
    const before = steps.jar.header();
    const out = await t.app.inject({
      method: 'GET',
      url: `/api/v1/esia/logout?returnUrl=${encodeURIComponent('http://localhost:80')}`,
      headers: { cookie: before },
    });
    const location = new URL(String(out.headers.location));
    expect(location.pathname).toBe('/esia-standin/idp/ext/Logout');
    expect(location.searchParams.get('redirect_url')).toBe('http://localhost/');
    const esia = await t.app.inject({ method: 'GET', url: location.pathname + location.search });
    expect(esia.headers.location).toBe('http://localhost/');
    expect((await accountInfo({ cookie: before })).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/openid/token',
      headers: {
        cookie: before,
        'x-requested-with': 'XMLHttpRequest',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'grant_type=refresh_token',
    });
    expect(refresh.statusCode).toBe(401);
    const evil = await t.app.inject({ method: 'GET', url: '/api/v1/esia/logout?returnUrl=https://evil.example/' });
    expect(new URL(String(evil.headers.location)).searchParams.get('redirect_url')).toBe('http://localhost/');
    // The site's origin never comes from the Host header, which the caller chooses.
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/v1/esia/logout?returnUrl=/news',
      headers: { host: 'evil.example' },
    });
    expect(new URL(String(forged.headers.location)).searchParams.get('redirect_url')).toBe('http://localhost/news');
    const login = await t.app.inject({ method: 'GET', url: '/api/v1/esia/login', headers: { host: 'evil.example' } });
    expect(new URL(String(login.headers.location)).searchParams.get('redirect_uri')).toBe(
      'http://localhost/api/v1/esia/callback',
    );
  });
});

describe('CSRF defence', () => {
  const post = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/openid/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: 'grant_type=refresh_token',
    });

  it('refuses a state-changing call with the session cookie but without X-Requested-With', async () => {
    const steps = await signIn(t.app, CITIZENS.ivanov);
    const res = await post({ cookie: steps.jar.header() });
    expect(res.statusCode).toBe(403);
    // The refresh token was not spent by the refused call.
    expect((await post(authHeaders(steps.jar))).statusCode).toBe(200);
  });

  it('refuses calls another site makes, by Origin or Sec-Fetch-Site', async () => {
    const steps = await signIn(t.app, CITIZENS.ivanov);
    expect((await post({ ...authHeaders(steps.jar), origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await post({ ...authHeaders(steps.jar), 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await post({ ...authHeaders(steps.jar), 'sec-fetch-site': 'same-site' })).statusCode).toBe(403);
    expect((await post({ origin: 'https://evil.example' })).statusCode).toBe(403);
    const same = await post({
      ...authHeaders(steps.jar),
      origin: 'http://localhost:80',
      'sec-fetch-site': 'same-origin',
    });
    expect(same.statusCode).toBe(200);
  });
});
