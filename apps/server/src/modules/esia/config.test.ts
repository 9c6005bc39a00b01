import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateGostCredentials } from '@perenos/gost';
import { exportSPKI, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, CITIZENS, signIn } from '../../../test/esia';
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

describe('the stand-in’s token algorithm (ESIA_STANDIN_TOKEN_ALG)', () => {
  it('is RS256 unless named, and only one of the three ESIA algorithms', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).esia.standinTokenAlg).toBe('RS256');
    expect(loadConfig({ NODE_ENV: 'test', ESIA_STANDIN_TOKEN_ALG: 'GOST3410_2012_256' }).esia.standinTokenAlg).toBe(
      'GOST3410_2012_256',
    );
    expect(() => loadConfig({ NODE_ENV: 'test', ESIA_STANDIN_TOKEN_ALG: 'HS256' })).toThrow(
      'ESIA_STANDIN_TOKEN_ALG должен быть RS256, GOST3410_2012_256 или GOST3410_2012_512, получено: HS256',
    );
  });
});

describe('a site whose ESIA stand-in signs with GOST R 34.10-2012', () => {
  let t: TestApp;
  beforeAll(async () => {
    const base = loadConfig({ NODE_ENV: 'test' }).esia;
    t = await createTestApp({ esia: { ...base, standinTokenAlg: 'GOST3410_2012_256' } }, 'reference');
  });
  afterAll(async () => t?.close());

  it('says so on its login page, and signs a citizen in through the GOST check', async () => {
    const login = await t.app.inject({ method: 'GET', url: '/api/v1/esia/login?returnUrl=/account' });
    const authorize = new URL(String(login.headers.location));
    const page = await t.app.inject({ method: 'GET', url: authorize.pathname + authorize.search });
    expect(page.body).toContain('ГОСТ Р 34.10-2012, 256 бит');
    const steps = await signIn(t.app, CITIZENS.ivanov);
    expect(steps.finalLocation).toBe('/account');
    const info = await t.app.inject({ method: 'GET', url: '/api/v1/esia/userinfo', headers: authHeaders(steps.jar) });
    expect(info.json()).toMatchObject({ isLogged: true, userName: 'Иванов Иван Иванович' });
  });
});

describe('ESIA_PUBLIC_KEY of a real ESIA', () => {
  const dir = mkdtempSync(join(tmpdir(), 'perenos-esia-key-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const esiaWith = (publicKeyPath: string) => ({
    ...loadConfig({ NODE_ENV: 'test' }).esia,
    standin: false,
    baseUrl: 'https://esia-portal1.test.gosuslugi.ru',
    clientCertificateHash: 'ab',
    publicKeyPath,
    signerUrl: 'http://127.0.0.1:9/sign',
  });

  it('starts the site with a GOST certificate, and refuses to start with a key of another kind', async () => {
    const gost = join(dir, 'esia-gost.pem');
    writeFileSync(gost, (await generateGostCredentials('GOST3410_2012_512', 'ESIA')).certificatePem);
    const t = await createTestApp({ esia: esiaWith(gost) }, 'none');
    expect(t.app.esia).not.toBeNull();
    await t.close();

    const ec = join(dir, 'esia-ec.pem');
    writeFileSync(ec, await exportSPKI((await generateKeyPair('ES256', { extractable: true })).publicKey));
    await expect(createTestApp({ esia: esiaWith(ec) }, 'none')).rejects.toThrow(
      /ESIA_PUBLIC_KEY: ключ не RSA и не ГОСТ Р 34.10-2012/,
    );
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
