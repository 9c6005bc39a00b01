import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { type IssuedCertificate, issueCertificate } from './ca';
import { certificateFacts, type ExpectedSigner, signDetached, verifyDetachedSignature } from './cms';

const run = promisify(execFile);

// Every date is fixed: the checks run at the signing time the message states (`openssl verify -attime`),
// never at the machine's clock.
const T = new Date('2031-03-15T09:00:00Z');
const DAY = 24 * 3600_000;
const at = (days: number) => new Date(T.getTime() + days * DAY);
const WINDOW = { from: new Date(T.getTime() - 60_000), to: new Date(T.getTime() + 60_000) };
const KEY = Buffer.from('test key');
const hashOf = (snils: string) => createHmac('sha256', KEY).update(snils).digest('hex');

const IVANOV = { lastName: 'Иванов', firstName: 'Иван', middleName: 'Иванович', snils: '11223344595' };
const PETROVA = { lastName: 'Петрова', firstName: 'Анна', middleName: 'Сергеевна', snils: '12345678964' };
/** Иванов as the site knows him: his name, birth date, and the keyed hash of his SNILS. */
const IVANOV_EXPECTED: ExpectedSigner = {
  lastName: 'Иванов',
  firstName: 'Иван',
  middleName: 'Иванович',
  birthDate: '1985-04-12',
  snilsMatches: (snils) => hashOf(snils) === hashOf(IVANOV.snils),
};

const PDF = Buffer.from('%PDF-1.7\nЗаявление на перенос номера № 1\n%%EOF\n');

function personSubject(p: typeof IVANOV): [string, string][] {
  return [
    ['C', 'RU'],
    ['SN', p.lastName],
    ['GN', `${p.firstName} ${p.middleName}`],
    ['CN', `${p.lastName} ${p.firstName} ${p.middleName}`],
    ['SNILS', p.snils],
  ];
}

let root: IssuedCertificate;
let intermediate: IssuedCertificate;
let ivanov: IssuedCertificate;
let petrova: IssuedCertificate;
let expired: IssuedCertificate;
let strangerRoot: IssuedCertificate;
let strangerIntermediate: IssuedCertificate;
let ivanovOfStranger: IssuedCertificate;

async function centre(name: string): Promise<[IssuedCertificate, IssuedCertificate]> {
  const r = await issueCertificate({
    profile: 'root',
    subject: [['CN', `${name}: корневой`]],
    notBefore: at(-365),
    notAfter: at(3650),
  });
  const i = await issueCertificate(
    { profile: 'ca', subject: [['CN', `${name}: выдающий`]], notBefore: at(-365), notAfter: at(1825) },
    r,
  );
  return [r, i];
}

beforeAll(async () => {
  [root, intermediate] = await centre('Тестовый УЦ');
  const person = (p: typeof IVANOV, from: number, to: number, issuer = intermediate) =>
    issueCertificate({ profile: 'person', subject: personSubject(p), notBefore: at(from), notAfter: at(to) }, issuer);
  [ivanov, petrova, expired] = await Promise.all([
    person(IVANOV, -30, 365),
    person(PETROVA, -30, 365),
    person(IVANOV, -730, -365),
  ]);
  const [other, otherIntermediate] = await centre('Чужой УЦ');
  strangerRoot = other;
  strangerIntermediate = otherIntermediate;
  ivanovOfStranger = await person(IVANOV, -30, 365, otherIntermediate);
}, 120_000);

function sign(who: IssuedCertificate, content: Uint8Array = PDF, signingTime = T, chain = intermediate) {
  return signDetached({
    content,
    certificatePem: who.certificatePem,
    privateKeyPem: who.privateKeyPem,
    chainPem: chain.certificatePem,
    signingTime,
  });
}

function verify(signature: Uint8Array, content: Uint8Array = PDF, signer = IVANOV_EXPECTED) {
  return verifyDetachedSignature({ content, signature, trustedRoots: root.certificatePem, signer, window: WINDOW });
}

describe('a certificate of the test centre', () => {
  it('names its holder as a qualified certificate does: ФИО and СНИЛС, issued by the intermediate', () => {
    const facts = certificateFacts(ivanov.certificatePem);
    expect(facts.snils).toBe('11223344595');
    expect(facts.fullName).toBe('Иванов Иван Иванович');
    expect(facts.subject).toContain('CN=Иванов Иван Иванович');
    expect(facts.subject).toContain('СНИЛС=11223344595');
    expect(facts.issuer).toBe('CN=Тестовый УЦ: выдающий');
    expect(facts.validFrom.toISOString()).toBe(at(-30).toISOString());
    expect(facts.validTo.toISOString()).toBe(at(365).toISOString());
    expect(facts.serial).toMatch(/^[0-9A-F]{32}$/);
  });
});

describe('verifyDetachedSignature', { timeout: 60_000 }, () => {
  it('accepts the holder’s signature over exactly the document, and OpenSSL’s own command agrees', async () => {
    const signature = await sign(ivanov);
    const verdict = await verify(signature);
    expect(verdict).toMatchObject({ valid: true, algorithm: 'GOST3410_2012_256' });
    if (!verdict.valid) return;
    expect(verdict.signedAt.toISOString()).toBe(T.toISOString());
    expect(verdict.certificate.serial).toBe(certificateFacts(ivanov.certificatePem).serial);
    // The command a recipient of the files would type, at the signing time.
    const dir = await mkdtemp(join(tmpdir(), 'perenos-cms-test-'));
    try {
      await writeFile(join(dir, 'application.pdf'), PDF);
      await writeFile(join(dir, 'application.pdf.sig'), signature);
      await writeFile(join(dir, 'root.pem'), root.certificatePem);
      const args = [
        'cms',
        '-verify',
        '-engine',
        'gost',
        '-binary',
        '-inform',
        'DER',
        '-in',
        join(dir, 'application.pdf.sig'),
        '-content',
        join(dir, 'application.pdf'),
        '-CAfile',
        join(dir, 'root.pem'),
        '-attime',
        String(T.getTime() / 1000),
        '-out',
        join(dir, 'out'),
      ];
      const ok = await run('openssl', args);
      expect(ok.stderr).toContain('Verification successful');
      expect(await readFile(join(dir, 'out'))).toEqual(PDF);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses the signature for a document changed by one byte', async () => {
    const changed = Buffer.from(PDF);
    changed[20] = (changed[20] ?? 0) ^ 0x01;
    const verdict = await verify(await sign(ivanov), changed);
    expect(verdict).toMatchObject({ valid: false, refusal: 'content' });
    expect(verdict.valid ? '' : verdict.reason).toBe(
      'Подпись сделана не под этим документом: файл заявления изменён или подписан другой документ.',
    );
  });

  it('refuses another citizen’s certificate', async () => {
    const verdict = await verify(await sign(petrova));
    expect(verdict).toMatchObject({
      valid: false,
      refusal: 'signer',
      reason: 'Заявление подписано сертификатом другого человека, а не вашим.',
    });
  });

  it('refuses a certificate of a centre the site does not trust, though it names the right person', async () => {
    const signature = await sign(ivanovOfStranger, PDF, T, strangerIntermediate);
    const verdict = await verify(signature);
    expect(verdict).toMatchObject({ valid: false, refusal: 'untrusted' });
    expect(verdict.valid ? '' : verdict.reason).toMatch(/не доверенным удостоверяющим центром/);
    // Trusting the stranger's root, the same message passes: it is the root that refuses it.
    const trusted = await verifyDetachedSignature({
      content: PDF,
      signature,
      trustedRoots: strangerRoot.certificatePem,
      signer: IVANOV_EXPECTED,
      window: WINDOW,
    });
    expect(trusted.valid).toBe(true);
  });

  it('refuses a certificate that had expired by the signing time, naming the day it ended', async () => {
    const verdict = await verify(await sign(expired));
    expect(verdict).toMatchObject({ valid: false, refusal: 'expired' });
    expect(verdict.valid ? '' : verdict.reason).toBe(
      'Сертификат подписи не действовал в момент подписания: срок его действия истёк 15.03.2030.',
    );
  });

  it('refuses a signing time outside the request’s window', async () => {
    const verdict = await verify(await sign(ivanov, PDF, at(-1)));
    expect(verdict).toMatchObject({ valid: false, refusal: 'signing-time' });
  });

  it('refuses when neither SNILS nor a birth date in the certificate can name the person', async () => {
    const { snilsMatches: _, ...withoutSnils } = IVANOV_EXPECTED;
    const verdict = await verify(await sign(ivanov), PDF, withoutSnils);
    expect(verdict).toMatchObject({ valid: false, refusal: 'signer-unknown' });
  });

  it('refuses what is not a CMS signature, and a signature of another algorithm', async () => {
    for (const junk of [Buffer.alloc(0), Buffer.from('not a signature'), Buffer.from([0x30, 0x03, 0x02, 0x01, 0x01])]) {
      expect(await verify(junk)).toMatchObject({ valid: false, refusal: 'malformed' });
    }
    const dir = await mkdtemp(join(tmpdir(), 'perenos-cms-test-'));
    try {
      const key = join(dir, 'key.pem');
      const cert = join(dir, 'cert.pem');
      const doc = join(dir, 'doc.pdf');
      await writeFile(doc, PDF);
      await run('openssl', [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-subj',
        '/CN=RSA',
        '-keyout',
        key,
        '-out',
        cert,
      ]);
      const out = join(dir, 'doc.sig');
      await run('openssl', [
        'cms',
        '-sign',
        '-binary',
        '-in',
        doc,
        '-signer',
        cert,
        '-inkey',
        key,
        '-outform',
        'DER',
        '-out',
        out,
      ]);
      expect(await verify(await readFile(out))).toMatchObject({ valid: false, refusal: 'algorithm' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
