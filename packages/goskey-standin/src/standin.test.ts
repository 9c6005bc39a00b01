import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { certificateFacts, pemCertificates } from '@perenos/gost';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoskeyStandin, type GoskeyStandin } from './index';

const run = promisify(execFile);
const PREFIX = '/goskey-standin';
const API_KEY = 'test-api-key-0123456789';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Title (Заявление на перенос номера № 7) >> endobj\n%%EOF\n');

let dir: string;
let clientKey: string;
let clientCert: string;
let standin: GoskeyStandin;
let app: FastifyInstance;
// The stand-in's clock: the real one, moved on by a test that needs a package to lapse.
let shift = 0;
const now = () => new Date(Date.now() + shift);

/** The organisation's signature of a token request: a detached CMS (RSA here, GOST in production), base64url. */
async function signRequest(data: string): Promise<string> {
  const file = join(dir, 'request.txt');
  await writeFile(file, data);
  const out = join(dir, 'request.sig');
  await run('openssl', [
    'cms',
    '-sign',
    '-binary',
    '-nosmimecap',
    '-md',
    'sha256',
    '-in',
    file,
    '-signer',
    clientCert,
    '-inkey',
    clientKey,
    '-outform',
    'DER',
    '-out',
    out,
  ]);
  return (await readFile(out)).toString('base64url');
}

async function token(): Promise<string> {
  const timestamp = now().toISOString();
  const res = await app.inject({
    method: 'POST',
    url: `${PREFIX}/api/v1/token`,
    payload: { apiKey: API_KEY, timestamp, signature: await signRequest(API_KEY + timestamp) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token;
}

async function send(bearer: string, oid = '1000000001'): Promise<{ packageId: string; expiresAt: string }> {
  const res = await app.inject({
    method: 'POST',
    url: `${PREFIX}/api/v1/packages`,
    headers: { authorization: `Bearer ${bearer}` },
    payload: {
      recipientOid: oid,
      title: 'Заявление на перенос номера № 7',
      documents: [{ name: 'zayavlenie-7.pdf', mimeType: 'application/pdf', content: PDF.toString('base64') }],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

function status(bearer: string, id: string) {
  return app.inject({
    method: 'GET',
    url: `${PREFIX}/api/v1/packages/${id}`,
    headers: { authorization: `Bearer ${bearer}` },
  });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'perenos-goskey-standin-test-'));
  clientKey = join(dir, 'client.key');
  clientCert = join(dir, 'client.pem');
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    '/CN=PERENOS',
    '-keyout',
    clientKey,
    '-out',
    clientCert,
  ]);
  standin = await createGoskeyStandin({
    dataDir: join(dir, 'goskey'),
    clients: [
      {
        name: 'Перенос номера',
        apiKeyHash: createHash('sha256').update(API_KEY).digest('hex'),
        certificate: await readFile(clientCert, 'utf8'),
      },
    ],
    now,
  });
  app = Fastify();
  await app.register(standin.plugin, { prefix: PREFIX });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the certification centre', () => {
  it('is made at the first start, kept in the data folder, and its root is served', async () => {
    const root = certificateFacts(standin.rootPem);
    expect(root.subject).toContain('CN=Тестовый корневой сертификат Госключа');
    expect(root.issuer).toBe(root.subject);
    const served = await app.inject({ method: 'GET', url: `${PREFIX}/root.pem` });
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe(standin.rootPem);
    // A second start on the same folder keeps the same root: the site's trust survives restarts.
    const again = await createGoskeyStandin({ dataDir: join(dir, 'goskey'), clients: [], now });
    expect(again.rootPem).toBe(standin.rootPem);
  });
});

describe('the token', () => {
  it('is given for the API key and a request signed by the organisation’s key, once', async () => {
    const timestamp = now().toISOString();
    const signature = await signRequest(API_KEY + timestamp);
    const ask = (payload: object) => app.inject({ method: 'POST', url: `${PREFIX}/api/v1/token`, payload });
    expect((await ask({ apiKey: 'wrong', timestamp, signature })).statusCode).toBe(401);
    expect((await ask({ apiKey: API_KEY, timestamp, signature: await signRequest('другое') })).json()).toMatchObject({
      error: 'invalid-signature',
    });
    const stale = new Date(now().getTime() - 10 * 60_000).toISOString();
    expect(
      (await ask({ apiKey: API_KEY, timestamp: stale, signature: await signRequest(API_KEY + stale) })).json(),
    ).toMatchObject({
      error: 'invalid-timestamp',
    });
    expect((await ask({ apiKey: API_KEY, timestamp, signature })).statusCode).toBe(200);
    expect((await ask({ apiKey: API_KEY, timestamp, signature })).json()).toMatchObject({ error: 'replayed' });
  });

  it('is needed for packages', async () => {
    const res = await app.inject({ method: 'POST', url: `${PREFIX}/api/v1/packages`, payload: {} });
    expect(res.statusCode).toBe(401);
  });
});

describe('a package', { timeout: 60_000 }, () => {
  it('is shown to its addressee with the document and its Streebog-256 hash; «Подписать» gives a CMS signature OpenSSL verifies', async () => {
    const bearer = await token();
    const { packageId } = await send(bearer);
    expect((await status(bearer, packageId)).json()).toMatchObject({ status: 'pending', signedAt: null });

    const page = await app.inject({ method: 'GET', url: `${PREFIX}/packages/${packageId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Заявление на перенос номера №&nbsp;7');
    expect(page.body).toContain('Иванов Иван Иванович');
    const streebog = (
      await run('sh', [
        '-c',
        `printf '%s' "$0" | base64 -d | openssl dgst -engine gost -md_gost12_256 -r`,
        PDF.toString('base64'),
      ])
    ).stdout;
    expect(page.body).toContain(streebog.slice(0, 64));
    expect(page.body).toMatch(/<button class="sign" type="submit">Подписать<\/button>/);
    expect(page.body).toMatch(/<button class="refuse" type="submit">Отказаться<\/button>/);
    const doc = await app.inject({ method: 'GET', url: `${PREFIX}/packages/${packageId}/documents/0` });
    expect(doc.rawPayload).toEqual(PDF);
    expect(doc.headers['content-type']).toBe('application/pdf');

    const signed = await app.inject({ method: 'POST', url: `${PREFIX}/packages/${packageId}/sign` });
    expect(signed.statusCode).toBe(303);
    expect((await app.inject({ method: 'GET', url: String(signed.headers.location) })).body).toContain(
      'Документы подписаны',
    );
    const answer = (await status(bearer, packageId)).json();
    expect(answer.status).toBe('signed');
    const signature = Buffer.from(answer.documents[0].signature, 'base64');

    const files = await mkdtemp(join(tmpdir(), 'perenos-goskey-files-'));
    try {
      await writeFile(join(files, 'application.pdf'), PDF);
      await writeFile(join(files, 'application.pdf.sig'), signature);
      await writeFile(join(files, 'root.pem'), standin.rootPem);
      const verify = (content: string) =>
        run(
          'openssl',
          [
            'cms',
            '-verify',
            '-engine',
            'gost',
            '-binary',
            '-inform',
            'DER',
            '-in',
            'application.pdf.sig',
            '-content',
            content,
            '-CAfile',
            'root.pem',
            '-out',
            '/dev/null',
          ],
          { cwd: files },
        );
      expect((await verify('application.pdf')).stderr).toContain('Verification successful');
      const changed = Buffer.from(PDF);
      changed[30] = (changed[30] ?? 0) ^ 0x01;
      await writeFile(join(files, 'changed.pdf'), changed);
      await expect(verify('changed.pdf')).rejects.toThrow(/Verification failure/);
      // The signer's certificate names them as Госуслуги know them (ФИО, СНИЛС), issued by the intermediate.
      const certs = await run('openssl', ['pkcs7', '-inform', 'DER', '-in', 'application.pdf.sig', '-print_certs'], {
        cwd: files,
      });
      const [signer, intermediate] = pemCertificates(certs.stdout).map((der) => certificateFacts(der));
      expect(signer?.fullName).toBe('Иванов Иван Иванович');
      expect(signer?.snils).toBe('11223344595');
      expect(signer?.subject).toBe('C=RU, SN=Иванов, G=Иван Иванович, CN=Иванов Иван Иванович, СНИЛС=11223344595');
      expect(signer?.issuer).toBe(intermediate?.subject);
      expect(intermediate?.issuer).toBe(certificateFacts(standin.rootPem).subject);
    } finally {
      await rm(files, { recursive: true, force: true });
    }
  });

  it('refused says so, and a lapsed one is expired', async () => {
    const bearer = await token();
    const refused = await send(bearer);
    await app.inject({ method: 'POST', url: `${PREFIX}/packages/${refused.packageId}/refuse` });
    expect((await status(bearer, refused.packageId)).json()).toMatchObject({ status: 'refused' });
    expect((await app.inject({ method: 'GET', url: `${PREFIX}/packages/${refused.packageId}` })).body).toContain(
      'Вы отказались подписывать документы.',
    );
    // Signing after a refusal changes nothing.
    await app.inject({ method: 'POST', url: `${PREFIX}/packages/${refused.packageId}/sign` });
    expect((await status(bearer, refused.packageId)).json()).toMatchObject({ status: 'refused' });

    const lapsing = await send(bearer);
    shift = 16 * 60_000;
    try {
      const later = await token();
      expect((await status(later, lapsing.packageId)).json()).toMatchObject({ status: 'expired' });
      await app.inject({ method: 'POST', url: `${PREFIX}/packages/${lapsing.packageId}/sign` });
      expect((await status(later, lapsing.packageId)).json()).toMatchObject({ status: 'expired' });
    } finally {
      shift = 0;
    }
  });

  it('is refused for an unknown person or without a PDF', async () => {
    const bearer = await token();
    const ask = (payload: object) =>
      app.inject({
        method: 'POST',
        url: `${PREFIX}/api/v1/packages`,
        headers: { authorization: `Bearer ${bearer}` },
        payload,
      });
    expect((await ask({ recipientOid: '42', title: 'x', documents: [] })).statusCode).toBe(404);
    expect(
      (
        await ask({
          recipientOid: '1000000001',
          title: 'x',
          documents: [{ name: 'a.txt', mimeType: 'text/plain', content: 'AA==' }],
        })
      ).statusCode,
    ).toBe(400);
  });
});
