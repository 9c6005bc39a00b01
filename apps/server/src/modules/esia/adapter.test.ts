import { createEsiaStandin, type EsiaStandin, type StandinTokenAlg } from '@perenos/esia-standin';
import { type GostAlgorithm, generateGostCredentials, gostSign } from '@perenos/gost';
import Fastify, { type FastifyInstance } from 'fastify';
import { type CryptoKey, exportSPKI, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../lib/clock';
import { EsiaAdapter, EsiaError, verifyEsiaToken } from './adapter';
import { createBuiltinSigner, createCommandSigner, createDemoCredentials, type DemoCredentials } from './signer';
import { type EsiaTokenKey, loadEsiaTokenKey } from './token-key';

const CLIENT = 'TESTSYS';
const ORIGIN = 'http://localhost';
const REDIRECT = `${ORIGIN}/api/v1/esia/callback`;
const BASE = `${ORIGIN}/esia-standin`;

const TOKEN_ALGS: StandinTokenAlg[] = ['RS256', 'GOST3410_2012_256', 'GOST3410_2012_512'];
/** One stand-in per token algorithm, each at /esia-standin/<alg>, and the key the adapter reads from it. */
const standins = {} as Record<StandinTokenAlg, { standin: EsiaStandin; key: EsiaTokenKey; base: string }>;
let app: FastifyInstance;
let creds: DemoCredentials;
let otherCreds: DemoCredentials;

/** The adapter's HTTP, through the test app without a socket. */
async function injectHttp(url: string, init: RequestInit): Promise<Response> {
  const u = new URL(url);
  const res = await app.inject({
    method: (init.method ?? 'GET') as 'GET' | 'POST',
    url: u.pathname + u.search,
    headers: init.headers as Record<string, string>,
    ...(typeof init.body === 'string' ? { payload: init.body } : {}),
  });
  return new Response(res.rawPayload, { status: res.statusCode, headers: { 'content-type': 'application/json' } });
}

function adapterWith(c: DemoCredentials, now?: () => Date, alg: StandinTokenAlg = 'RS256'): EsiaAdapter {
  return new EsiaAdapter({
    now: systemClock,
    clientId: CLIENT,
    scope: 'openid fullname mobile',
    clientCertificateHash: creds.certificateHash,
    signer: createBuiltinSigner(c.privateKey, c.certificateDer),
    tokenKey: standins[alg].key,
    ...(now ? { now } : {}),
    http: injectHttp,
  });
}

function pathOf(url: string): string {
  const u = new URL(url);
  return u.pathname + u.search;
}

/** Authorize and pick a citizen: the code the stand-in sends back. */
async function codeFor(adapter: EsiaAdapter, oid = '1000000001', redirect = REDIRECT, base = BASE): Promise<string> {
  const page = await app.inject({
    method: 'GET',
    url: pathOf(await adapter.authorizeUrl(base, crypto.randomUUID(), redirect)),
  });
  const request = /name="request" value="([^"]+)"/.exec(page.body)?.[1];
  if (!request) throw new Error(`no login page: ${page.statusCode} ${String(page.headers.location)}`);
  const chosen = await app.inject({
    method: 'POST',
    url: `${new URL(base).pathname}/login`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `request=${request}&oid=${oid}`,
  });
  return new URL(String(chosen.headers.location)).searchParams.get('code') as string;
}

beforeAll(async () => {
  [creds, otherCreds] = await Promise.all([
    createDemoCredentials(CLIENT, systemClock()),
    createDemoCredentials('INTRUDER', systemClock()),
  ]);
  app = Fastify();
  for (const tokenAlg of TOKEN_ALGS) {
    const standin = await createEsiaStandin({
      tokenAlg,
      clients: [
        {
          clientId: CLIENT,
          certificate: creds.certificatePem,
          certificateHash: creds.certificateHash,
          redirectPath: '/api/v1/esia/callback',
        },
      ],
    });
    // The RS256 one where the tests below expect the stand-in, the others beside it.
    const prefix = tokenAlg === 'RS256' ? '/esia-standin' : `/esia-standin-${tokenAlg}`;
    await app.register(standin.plugin, { prefix });
    standins[tokenAlg] = { standin, key: await loadEsiaTokenKey(standin.tokenKeyPem), base: `${ORIGIN}${prefix}` };
  }
  await app.ready();
}, 60_000);
afterAll(async () => app?.close());

describe('ESIA adapter against the stand-in', () => {
  it.each(TOKEN_ALGS)(
    'exchanges a code for tokens signed %s, checks them, and reads the person and contacts',
    async (alg) => {
      const { base, standin } = standins[alg];
      const adapter = adapterWith(creds, undefined, alg);
      const tokens = await adapter.exchangeCode(base, await codeFor(adapter, '1000000001', REDIRECT, base), REDIRECT);
      expect(tokens.oid).toBe('1000000001');
      expect(JSON.parse(Buffer.from(tokens.accessToken.split('.')[0] ?? '', 'base64url').toString())).toMatchObject({
        alg,
      });
      // The stand-in publishes what ESIA_PUBLIC_KEY would hold: a certificate for GOST, as ESIA does.
      expect(standin.tokenKeyPem).toContain(alg === 'RS256' ? 'BEGIN PUBLIC KEY' : 'BEGIN CERTIFICATE');
      const person = await adapter.person(base, tokens.oid, tokens.accessToken);
      expect(person).toMatchObject({ lastName: 'Иванов', firstName: 'Иван', birthDate: '12.04.1985' });
      const contacts = await adapter.contacts(base, tokens.oid, tokens.accessToken);
      expect(contacts.filter((c) => c.type === 'MBT' && c.verified)).toHaveLength(2);
      // The token opens only its own person.
      await expect(adapter.person(base, '1000000002', tokens.accessToken)).rejects.toBeInstanceOf(EsiaError);
    },
  );

  it('refuses the tokens of a stand-in whose key is not the configured one', async () => {
    const gost = standins.GOST3410_2012_256;
    const adapter = new EsiaAdapter({
      now: systemClock,
      clientId: CLIENT,
      scope: 'openid fullname mobile',
      clientCertificateHash: creds.certificateHash,
      signer: createBuiltinSigner(creds.privateKey, creds.certificateDer),
      // The 512-bit stand-in's key: a GOST token under another GOST key of another length.
      tokenKey: standins.GOST3410_2012_512.key,
      http: injectHttp,
    });
    const code = await codeFor(adapter, '1000000001', REDIRECT, gost.base);
    await expect(adapter.exchangeCode(gost.base, code, REDIRECT)).rejects.toThrow(/алгоритм "GOST3410_2012_256"/);
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
      now: systemClock,
      clientId: CLIENT,
      scope: 'openid',
      clientCertificateHash: 'x',
      signer: createBuiltinSigner(creds.privateKey, creds.certificateDer),
      tokenKey: standins.RS256.key,
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
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = (extra: JWTPayload = {}): JWTPayload => ({
    iss: 'http://esia.gosuslugi.ru/',
    aud: CLIENT,
    iat,
    exp: iat + 3600,
    'urn:esia:sbj_id': '1000000001',
    ...extra,
  });
  let rsaPrivate: CryptoKey;
  let rsa: EsiaTokenKey;
  let rsaPem: string;
  const gost = {} as Record<GostAlgorithm, { privateKeyPem: string; key: EsiaTokenKey; certificatePem: string }>;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    rsaPrivate = pair.privateKey;
    rsaPem = await exportSPKI(pair.publicKey);
    rsa = await loadEsiaTokenKey(rsaPem);
    for (const alg of ['GOST3410_2012_256', 'GOST3410_2012_512'] as const) {
      const made = await generateGostCredentials(alg, 'ESIA test');
      gost[alg] = { ...made, key: await loadEsiaTokenKey(made.certificatePem) };
    }
  }, 60_000);

  const rsaToken = (payload: JWTPayload = claims(), header: { alg: string } = { alg: 'RS256' }) =>
    new SignJWT(payload).setProtectedHeader(header).sign(rsaPrivate);

  /** A token as ESIA writes it: `alg` in the header, s ‖ r of the Streebog hash of `header.payload`. */
  async function gostToken(
    alg: GostAlgorithm,
    payload: JWTPayload = claims(),
    header: Record<string, unknown> = { alg, typ: 'JWT' },
    signWith: string = gost[alg].privateKeyPem,
  ): Promise<string> {
    const input = `${b64(header)}.${b64(payload)}`;
    return `${input}.${(await gostSign(alg, signWith, { data: input })).toString('base64url')}`;
  }

  const verify = (jwt: string, key: EsiaTokenKey = rsa, kind: 'id' | 'access' = 'id') =>
    verifyEsiaToken(jwt, { key, clientId: CLIENT, now, kind });

  it('reads the key kind from a certificate or a public key: RSA, GOST 256 or GOST 512', async () => {
    expect(rsa.alg).toBe('RS256');
    for (const alg of ['GOST3410_2012_256', 'GOST3410_2012_512'] as const) {
      const fromCertificate = gost[alg].key;
      expect(fromCertificate.alg).toBe(alg);
      // The same key as a SubjectPublicKeyInfo, with text around it as PEM files may have.
      const spki = 'pem' in fromCertificate ? fromCertificate.pem : '';
      expect((await loadEsiaTokenKey(`ESIA\n${spki}\n`)).alg).toBe(alg);
    }
    await expect(loadEsiaTokenKey('not a pem')).rejects.toThrow(/ESIA_PUBLIC_KEY: ожидается PEM/);
    const ec = (await generateKeyPair('ES256', { extractable: true })).publicKey;
    await expect(loadEsiaTokenKey(await exportSPKI(ec))).rejects.toThrow(/не RSA и не ГОСТ/);
  });

  it('accepts a good RS256 token and reads the subject from urn:esia:sbj_id', async () => {
    expect((await verify(await rsaToken())).oid).toBe('1000000001');
  });

  it.each(['GOST3410_2012_256', 'GOST3410_2012_512'] as const)('accepts a good %s token', async (alg) => {
    const checked = await verify(await gostToken(alg), gost[alg].key);
    expect(checked.oid).toBe('1000000001');
    expect(checked.payload.aud).toBe(CLIENT);
  });

  it.each([
    ['a wrong issuer', { iss: 'https://esia.gosuslugi.ru/' }],
    ['an issuer without the slash', { iss: 'http://esia.gosuslugi.ru' }],
    ['another audience', { aud: 'OTHERSYS' }],
    ['an expired token', { exp: iat - 60 }],
    ['no expiry', { exp: undefined }],
    ['a token not yet valid', { nbf: iat + 600 }],
    ['no subject', { 'urn:esia:sbj_id': undefined }],
  ])('rejects %s, signed RS256 or GOST', async (_name, extra) => {
    await expect(verify(await rsaToken(claims(extra)))).rejects.toBeInstanceOf(EsiaError);
    const alg = 'GOST3410_2012_256';
    await expect(verify(await gostToken(alg, claims(extra)), gost[alg].key)).rejects.toBeInstanceOf(EsiaError);
  });

  it.each(['GOST3410_2012_256', 'GOST3410_2012_512'] as const)(
    'rejects a %s token with a changed payload, a changed signature, or cut or extra parts',
    async (alg) => {
      const key = gost[alg].key;
      const good = await gostToken(alg);
      const [header = '', , signature = ''] = good.split('.');
      // Another person in the same signed envelope.
      const otherPerson = `${header}.${b64(claims({ 'urn:esia:sbj_id': '1000000002' }))}.${signature}`;
      await expect(verify(otherPerson, key)).rejects.toThrow(/ERR_JWS_SIGNATURE_VERIFICATION_FAILED/);
      const bytes = Buffer.from(signature, 'base64url');
      for (const at of [0, bytes.length - 1]) {
        const altered = Buffer.from(bytes);
        altered[at] = (altered[at] ?? 0) ^ 0x80;
        await expect(verify(`${header}.${good.split('.')[1]}.${altered.toString('base64url')}`, key)).rejects.toThrow(
          /ERR_JWS_SIGNATURE_VERIFICATION_FAILED/,
        );
      }
      // r ‖ s instead of s ‖ r.
      const half = bytes.length / 2;
      const swapped = Buffer.concat([bytes.subarray(half), bytes.subarray(0, half)]).toString('base64url');
      await expect(verify(`${header}.${good.split('.')[1]}.${swapped}`, key)).rejects.toBeInstanceOf(EsiaError);
      await expect(verify(good.slice(0, -4), key)).rejects.toBeInstanceOf(EsiaError);
      await expect(verify(`${good}.x`, key)).rejects.toBeInstanceOf(EsiaError);
      await expect(verify(`${header}.${good.split('.')[1]}.`, key)).rejects.toBeInstanceOf(EsiaError);
      await expect(verify('', key)).rejects.toBeInstanceOf(EsiaError);
      // Signed by another GOST key of the same kind.
      const stranger = await generateGostCredentials(alg, 'stranger');
      await expect(
        verify(await gostToken(alg, claims(), { alg, typ: 'JWT' }, stranger.privateKeyPem), key),
      ).rejects.toThrow(/ERR_JWS_SIGNATURE_VERIFICATION_FAILED/);
    },
  );

  it('refuses every alg but the key’s: none, HMAC with the key as secret, RS256 under GOST, GOST under RSA, 256 under 512', async () => {
    const body = b64(claims());
    const g256 = gost.GOST3410_2012_256;
    for (const key of [rsa, g256.key]) {
      await expect(verify(`${b64({ alg: 'none' })}.${body}.`, key)).rejects.toThrow(/алгоритм "none"/);
      await expect(verify(`${b64({ alg: 'NONE' })}.${body}.`, key)).rejects.toBeInstanceOf(EsiaError);
      await expect(verify(`${b64({ typ: 'JWT' })}.${body}.`, key)).rejects.toThrow(/алгоритм undefined/);
    }
    const hmac = (secret: string, alg = 'HS256') =>
      new SignJWT(claims()).setProtectedHeader({ alg }).sign(new TextEncoder().encode(secret));
    await expect(verify(await hmac(rsaPem))).rejects.toThrow(/алгоритм "HS256"/);
    await expect(verify(await hmac(g256.certificatePem), g256.key)).rejects.toThrow(/алгоритм "HS256"/);
    // A real RS256 token under the GOST key, a real GOST token under the RSA key.
    await expect(verify(await rsaToken(), g256.key)).rejects.toThrow(/алгоритм "RS256", ожидается GOST3410_2012_256/);
    await expect(verify(await gostToken('GOST3410_2012_256'), rsa)).rejects.toThrow(
      /алгоритм "GOST3410_2012_256", ожидается RS256/,
    );
    // A 256-bit GOST token relabelled as 512, and a 512-bit one relabelled as 256: the key decides.
    const as512 = await gostToken('GOST3410_2012_256', claims(), { alg: 'GOST3410_2012_512' });
    await expect(verify(as512, g256.key)).rejects.toThrow(/ожидается GOST3410_2012_256/);
    await expect(verify(as512, gost.GOST3410_2012_512.key)).rejects.toBeInstanceOf(EsiaError);
    const as256 = await gostToken('GOST3410_2012_512', claims(), { alg: 'GOST3410_2012_256' });
    await expect(verify(as256, g256.key)).rejects.toBeInstanceOf(EsiaError);
    // An RS256 header over a GOST signature, under the RSA key.
    const relabelled = await gostToken('GOST3410_2012_256', claims(), { alg: 'RS256' });
    await expect(verify(relabelled, rsa)).rejects.toThrow(/ERR_JWS/);
  });

  it('fails the sign-in, not the server, when OpenSSL cannot use the key', async () => {
    const alg = 'GOST3410_2012_256';
    const broken: EsiaTokenKey = { alg, pem: '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n' };
    await expect(verify(await gostToken(alg), broken)).rejects.toThrow(/Подпись токена ЕСИА не проверена/);
  });

  it('refuses a GOST token with a critical extension it does not know', async () => {
    const alg = 'GOST3410_2012_256';
    const token = await gostToken(alg, claims(), { alg, crit: ['exp'], exp: 1 });
    await expect(verify(token, gost[alg].key)).rejects.toThrow(/ERR_JOSE_NOT_SUPPORTED/);
  });

  it('checks the access token’s audience in client_id when it has no aud', async () => {
    const alg = 'GOST3410_2012_256';
    const access = await gostToken(alg, claims({ aud: undefined, client_id: CLIENT }));
    expect((await verify(access, gost[alg].key, 'access')).oid).toBe('1000000001');
    await expect(verify(access, gost[alg].key, 'id')).rejects.toThrow(/другой системе/);
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
