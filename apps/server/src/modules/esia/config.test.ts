import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/env';
import { createTestApp, type TestApp } from '../../test/app';

const PROD = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'x'.repeat(40),
  SEED_DEMO: 'false',
  PUBLIC_ORIGIN: 'https://perenos.example',
};

describe('ESIA configuration', () => {
  it('mounts the stand-in by default in development and tests', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).esia.standin).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).esia.standin).toBe(true);
  });

  it('refuses the stand-in in production mode, and never enables it by default there', () => {
    expect(() => loadConfig({ ...PROD, ESIA_STANDIN: 'true' })).toThrow(ConfigError);
    expect(loadConfig(PROD).esia.standin).toBe(false);
  });

  it('refuses the development session secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'false' })).toThrow(/SESSION_SECRET/);
  });

  it('needs the certificate hash, ESIA key and a signer when a real ESIA is named', () => {
    expect(() => loadConfig({ ...PROD, ESIA_BASE_URL: 'https://esia.gosuslugi.ru' })).toThrow(
      /ESIA_CLIENT_CERTIFICATE_HASH.*ESIA_PUBLIC_KEY.*ESIA_SIGNER/,
    );
    const config = loadConfig({
      ...PROD,
      ESIA_BASE_URL: 'https://esia.gosuslugi.ru/',
      ESIA_CLIENT_ID: 'PERENOS',
      ESIA_CLIENT_CERTIFICATE_HASH: 'ab',
      ESIA_PUBLIC_KEY: '/etc/perenos/esia.pem',
      ESIA_SIGNER_URL: 'http://signer.local/sign',
    });
    expect(config.esia).toMatchObject({ baseUrl: 'https://esia.gosuslugi.ru', standin: false, clientId: 'PERENOS' });
  });
});

describe('a site without ESIA settings (as in production without them)', () => {
  let t: TestApp;
  beforeAll(async () => {
    const base = loadConfig({ NODE_ENV: 'test' }).esia;
    t = await createTestApp({ esia: { ...base, standin: false } }, 'reference');
  });
  afterAll(async () => t?.close());

  it('has no stand-in, and sign-in says it is unavailable instead of failing', async () => {
    const standin = await t.app.inject({ method: 'GET', url: '/esia-standin/aas/oauth2/v2/ac' });
    // Whatever answers there (the web fallback), it is not the stand-in.
    expect(standin.statusCode).not.toBe(200);
    expect(standin.body).not.toContain('тестовый вход');
    const login = await t.app.inject({ method: 'GET', url: '/api/v1/esia/login?returnUrl=/account' });
    expect(login.statusCode).toBe(302);
    expect(login.headers.location).toBe('/?esiaError=unavailable');
    const info = await t.app.inject({ method: 'GET', url: '/api/v1/esia/userinfo' });
    expect(info.json().isLogged).toBe(false);
  });
});

describe('a site served over HTTPS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicOrigin: 'https://perenos.example' }, 'reference');
  });
  afterAll(async () => t?.close());

  it('uses Secure cookies with __Host- names', async () => {
    expect(t.app.session.accessCookie).toBe('__Host-perenos-at');
    expect(t.app.session.refreshCookie).toBe('__Host-perenos-rt');
    const login = await t.app.inject({ method: 'GET', url: '/api/v1/esia/login' });
    const state = login.cookies.find((c) => c.name === '__Host-perenos-esia-state');
    expect(state).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Lax' });
    expect(new URL(String(login.headers.location)).searchParams.get('redirect_uri')).toBe(
      'https://perenos.example/api/v1/esia/callback',
    );
  });
});
