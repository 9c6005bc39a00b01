import type { webcrypto } from 'node:crypto';
import { createEsiaStandin, type EsiaStandin } from '@perenos/esia-standin';
import Fastify, { type FastifyInstance } from 'fastify';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EsiaAdapter, EsiaError, verifyEsiaToken } from './adapter';
import { createBuiltinSigner, createCommandSigner, createDemoCredentials, type DemoCredentials } from './signer';

const CLIENT = 'TESTSYS';
const ORIGIN = 'http://localhost';
const REDIRECT = `${ORIGIN}/api/v1/esia/callback`;
const BASE = `${ORIGIN}/esia-standin`;

let app: FastifyInstance;
let standin: EsiaStandin;
let creds: DemoCredentials;
let otherCreds: DemoCredentials;

function adapterWith(c: DemoCredentials, now?: () => Date): EsiaAdapter {
  return new EsiaAdapter({
    clientId: CLIENT,
    scope: 'openid fullname mobile',
    clientCertificateHash: creds.certificateHash,
    signer: createBuiltinSigner(c.privateKey, c.certificateDer),
    publicKey: standin.publicKey,
    ...(now ? { now } : {}),
    http: async (url, init) => {
      const u = new URL(url);
      const res = await app.inject({
        method: (init.method ?? 'GET') as 'GET' | 'POST',
        url: u.pathname + u.search,
        headers: init.headers as Record<string, string>,
        ...(typeof init.body === 'string' ? { payload: init.body } : {}),
      });
      return new Response(res.rawPayload, { status: res.statusCode, headers: { 'content-type': 'application/json' } });
    },
  });
}

function pathOf(url: string): string {
  const u = new URL(url);
  return u.pathname + u.search;
}

/** Authorize and pick a citizen: the code the stand-in sends back. */
async function codeFor(adapter: EsiaAdapter, oid = '1000000001', redirect = REDIRECT): Promise<string> {
  const page = await app.inject({
    method: 'GET',
    url: pathOf(await adapter.authorizeUrl(BASE, crypto.randomUUID(), redirect)),
  });
  const request = /name="request" value="([^"]+)"/.exec(page.body)?.[1];
  if (!request) throw new Error(`no login page: ${page.statusCode} ${String(page.headers.location)}`);
  const chosen = await app.inject({
    method: 'POST',
    url: '/esia-standin/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `request=${request}&oid=${oid}`,
  });
  return new URL(String(chosen.headers.location)).searchParams.get('code') as string;
}

beforeAll(async () => {
  [creds, otherCreds] = await Promise.all([createDemoCredentials(CLIENT), createDemoCredentials('INTRUDER')]);
  standin = await createEsiaStandin({
    clients: [
      {
        clientId: CLIENT,
        certificate: creds.certificatePem,
        certificateHash: creds.certificateHash,
        redirectPath: '/api/v1/esia/callback',
      },
    ],
  });
  app = Fastify();
  await app.register(standin.plugin, { prefix: '/esia-standin' });
  await app.ready();
});
afterAll(async () => app?.close());

describe('ESIA adapter against the stand-in', () => {
  it('exchanges a code for verified tokens and reads the person and contacts', async () => {
    const adapter = adapterWith(creds);
    const tokens = await adapter.exchangeCode(BASE, await codeFor(adapter), REDIRECT);
    expect(tokens.oid).toBe('1000000001');
    const person = await adapter.person(BASE, tokens.oid, tokens.accessToken);
    expect(person).toMatchObject({ lastName: 'Иванов', firstName: 'Иван', birthDate: '12.04.1985' });
    const contacts = await adapter.contacts(BASE, tokens.oid, tokens.accessToken);
    expect(contacts.filter((c) => c.type === 'MBT' && c.verified)).toHaveLength(2);
    // The token opens only its own person.
    await expect(adapter.person(BASE, '1000000002', tokens.accessToken)).rejects.toBeInstanceOf(EsiaError);
  });

  it('is refused at authorize when the request is signed by another key', async () => {
    const url = await adapterWith(otherCreds).authorizeUrl(BASE, crypto.randomUUID(), REDIRECT);
    const res = await app.inject({ method: 'GET', url: pathOf(url) });
    expect(res.statusCode).toBe(302);
    const back = new URL(String(res.headers.location));
    expect(back.searchParams.get('error')).toBe('invalid_client');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('is refused at authorize with a stale timestamp, a reused state or a foreign redirect', async () => {
    const stale = await adapterWith(creds, () => new Date(Date.now() - 10 * 60_000)).authorizeUrl(
      BASE,
      crypto.randomUUID(),
      REDIRECT,
    );
    const r1 = await app.inject({ method: 'GET', url: pathOf(stale) });
    expect(new URL(String(r1.headers.location)).searchParams.get('error')).toBe('invalid_request');

    const state = crypto.randomUUID();
    const adapter = adapterWith(creds);
    expect(
      (await app.inject({ method: 'GET', url: pathOf(await adapter.authorizeUrl(BASE, state, REDIRECT)) })).statusCode,
    ).toBe(200);
    const replay = await app.inject({ method: 'GET', url: pathOf(await adapter.authorizeUrl(BASE, state, REDIRECT)) });
    expect(new URL(String(replay.headers.location)).searchParams.get('error')).toBe('invalid_request');

    for (const redirect of ['https://evil.example/api/v1/esia/callback', `${ORIGIN}/elsewhere`]) {
      const res = await app.inject({
        method: 'GET',
        url: pathOf(await adapter.authorizeUrl(BASE, crypto.randomUUID(), redirect)),
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers.location).toBeUndefined();
    }
  });

  it('cannot exchange a code with a bad signature, twice, or for another redirect URI', async () => {
    const good = adapterWith(creds);
    const bad = adapterWith(otherCreds);
    const code1 = await codeFor(good);
    await expect(bad.exchangeCode(BASE, code1, REDIRECT)).rejects.toThrow(/client_secret|не выдала/);
    // The code was spent by the failed attempt too.
    await expect(good.exchangeCode(BASE, code1, REDIRECT)).rejects.toBeInstanceOf(EsiaError);

    const code2 = await codeFor(good);
    await good.exchangeCode(BASE, code2, REDIRECT);
    await expect(good.exchangeCode(BASE, code2, REDIRECT)).rejects.toBeInstanceOf(EsiaError);

    const code3 = await codeFor(good);
    await expect(good.exchangeCode(BASE, code3, `${ORIGIN}/api/v1/esia/callback?x=1`)).rejects.toBeInstanceOf(
      EsiaError,
    );
  });

  it('rejects a token answer that carries another state', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const adapter = new EsiaAdapter({
      clientId: CLIENT,
      scope: 'openid',
      clientCertificateHash: 'x',
      signer: createBuiltinSigner(creds.privateKey, creds.certificateDer),
      publicKey: standin.publicKey,
      http: async () =>
        Response.json({
          access_token: await new SignJWT({ 'urn:esia:sbj_id': '1' })
            .setProtectedHeader({ alg: 'RS256' })
            .sign(privateKey),
          state: crypto.randomUUID(),
        }),
    });
    await expect(adapter.exchangeCode(BASE, 'code', REDIRECT)).rejects.toThrow(/state/);
  });
});

describe('ESIA token checks', () => {
  const now = new Date();
  const iat = Math.floor(now.getTime() / 1000);
  let esiaKey: webcrypto.CryptoKey;
  let esiaPublic: webcrypto.CryptoKey;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    esiaKey = pair.privateKey;
    esiaPublic = pair.publicKey;
  });

  const token = (claims: Record<string, unknown> = {}, opts: { iss?: string; aud?: string; exp?: number } = {}) =>
    new SignJWT({ 'urn:esia:sbj_id': '1000000001', ...claims })
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuer(opts.iss ?? 'http://esia.gosuslugi.ru/')
      .setAudience(opts.aud ?? CLIENT)
      .setIssuedAt(iat)
      .setExpirationTime(opts.exp ?? iat + 3600)
      .sign(esiaKey);

  const verify = (jwt: string, kind: 'id' | 'access' = 'id') =>
    verifyEsiaToken(jwt, { publicKey: esiaPublic, clientId: CLIENT, now, kind });

  it('accepts a good token and reads the subject from urn:esia:sbj_id', async () => {
    expect((await verify(await token())).oid).toBe('1000000001');
  });

  it.each([
    ['a wrong issuer', { iss: 'https://esia.gosuslugi.ru/' }],
    ['an issuer without the slash', { iss: 'http://esia.gosuslugi.ru' }],
    ['another audience', { aud: 'OTHERSYS' }],
    ['an expired token', { exp: iat - 60 }],
  ])('rejects %s', async (_name, opts) => {
    await expect(verify(await token({}, opts))).rejects.toBeInstanceOf(EsiaError);
  });

  it('rejects alg none, an HMAC signed with the public key, and another RSA key', async () => {
    const body = Buffer.from(
      JSON.stringify({ iss: 'http://esia.gosuslugi.ru/', aud: CLIENT, exp: iat + 60, 'urn:esia:sbj_id': '1' }),
    ).toString('base64url');
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${body}.`;
    await expect(verify(none)).rejects.toBeInstanceOf(EsiaError);
    const pem = await exportSPKI(esiaPublic);
    const hmac = await new SignJWT({ 'urn:esia:sbj_id': '1' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('http://esia.gosuslugi.ru/')
      .setAudience(CLIENT)
      .setExpirationTime(iat + 60)
      .sign(new TextEncoder().encode(pem));
    await expect(verify(hmac)).rejects.toBeInstanceOf(EsiaError);
    const stranger = await generateKeyPair('RS256');
    const foreign = await new SignJWT({ 'urn:esia:sbj_id': '1' })
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuer('http://esia.gosuslugi.ru/')
      .setAudience(CLIENT)
      .setExpirationTime(iat + 60)
      .sign(stranger.privateKey);
    await expect(verify(foreign)).rejects.toBeInstanceOf(EsiaError);
  });

  it('rejects a token without a subject', async () => {
    const jwt = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuer('http://esia.gosuslugi.ru/')
      .setAudience(CLIENT)
      .setExpirationTime(iat + 60)
      .sign(esiaKey);
    await expect(verify(jwt)).rejects.toBeInstanceOf(EsiaError);
  });
});

describe('external signer command', () => {
  it('passes the data on stdin and turns the base64 answer into base64url', async () => {
    const signer = createCommandSigner('base64 -w0');
    const data = 'PERENOS openid 2026.11.22 12:00:00 +0000 ?>?';
    expect(await signer.sign(data)).toBe(Buffer.from(data).toString('base64url'));
  });

  it('fails when the command fails', async () => {
    await expect(createCommandSigner('exit 3').sign('x')).rejects.toThrow(/3/);
  });
});
