import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { STANDIN_CITIZENS, type StandinCitizen } from '@perenos/esia-standin';
import { citizenSubject, type GoskeyStandin, issueStandinCertificate } from '@perenos/goskey-standin';
import { issueCertificate } from '@perenos/gost';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, CITIZENS, type CookieJar, signIn } from '../../../../test/esia';
import { ACCEPTED, operatorIdOf, pdfText, tariffOf } from '../../../../test/porting';
import { signInStaff, staffCall } from '../../../../test/staff';
import { addDays, moscowDay } from '../../../lib/moscow';
import { createTestApp, type TestApp } from '../../../test/app';
import { forgetExpiredPersonalData } from '../../privacy/service';
import { setFeature } from '../../settings/repository';
import { buildApplication } from '../engine';
import { portationOrders, portations } from '../tables';
import { findSignature } from './repository';
import { pollSigning, type SigningDeps } from './service';

/**
 * Signing the application in Госключ (issue 39, decision 128): through the site's API and the stand-in
 * it mounts, the way the person's browser and the Госключ app would. The poll job is run by hand (the
 * test app runs no workers); every check of a signature is packages/gost's, by OpenSSL.
 */

const run = promisify(execFile);
const DAY = 24 * 3600_000;
let t: TestApp;
let sd: SigningDeps;
let standin: GoskeyStandin;
let ivanov: CookieJar;
let petrova: CookieJar;
let smirnov: CookieJar;
let kuznetsova: CookieJar;
/** Кузнецова of the stand-in: three verified mobiles, none with an application. */
const KUZNETSOVA = '1000000004';
const today = moscowDay(new Date());
const citizen = (oid: string) => STANDIN_CITIZENS.find((c) => c.oid === oid) as StandinCitizen;

beforeAll(async () => {
  t = await createTestApp();
  await setFeature(t.app.db, 'Goskey', true);
  await t.app.features.refresh();
  sd = t.app.goskey.deps;
  standin = t.app.goskey.standin as GoskeyStandin;
  ivanov = (await signIn(t.app, CITIZENS.ivanov)).jar;
  petrova = (await signIn(t.app, CITIZENS.petrova)).jar;
  smirnov = (await signIn(t.app, CITIZENS.smirnov)).jar;
  kuznetsova = (await signIn(t.app, KUZNETSOVA)).jar;
}, 120_000);
afterAll(async () => t?.close());

function api(method: 'GET' | 'POST' | 'PUT', url: string, jar: CookieJar | null, payload?: object) {
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: jar ? authHeaders(jar) : { 'x-requested-with': 'XMLHttpRequest' },
    ...(payload ? { payload } : {}),
  });
}

/** Steps 1–2 and the saved step-3 choices: МегаФон, a tariff, the day `days` ahead, an eSIM. */
async function draft(jar: CookieJar, msisdn: string, days = 8): Promise<number> {
  const init = await api('POST', '/v1/order/portation/init', jar, { msisdn });
  expect(init.statusCode, init.body).toBe(200);
  const made = init.json();
  await choose(jar, made.id, made.regionCode, days, made.fromOperator?.operatorId);
  return made.id;
}

/** The recipient is МегаФон, or МТС for a number МегаФон serves already. */
async function choose(jar: CookieJar, id: number, regionCode: number, days: number, donorId?: number) {
  const megafon = await operatorIdOf(t.app, 'megafon');
  const recipient = donorId === megafon ? await operatorIdOf(t.app, 'mts') : megafon;
  const put = await api('PUT', `/v1/order/portation/${id}`, jar, {
    operatorId: recipient,
    tariffId: await tariffOf(t.app, recipient, regionCode),
    portationAt: addDays(today, days),
    sim: { kind: 'esim' },
  });
  expect(put.statusCode, put.body).toBe(200);
}

/** Sends the order for signing and answers the stand-in's package of it. */
async function startSigning(jar: CookieJar, id: number, oid: string): Promise<string> {
  const started = await api('POST', `/v1/order/portation/${id}/signature`, jar);
  expect(started.statusCode, started.body).toBe(200);
  const [newest] = standin.packagesOf(oid);
  if (!newest) throw new Error('no package at the stand-in');
  return newest.id;
}

async function signature(jar: CookieJar, id: number) {
  const res = await api('GET', `/v1/order/portation/${id}/signature`, jar);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

// Drawing the PDF starts a worker thread, and OpenSSL runs a few child processes per signature.
const SLOW = { timeout: 120_000 };

/** Иванов's application, signed and filed by the first tests. */
let signedOrder: number;
/** Смирнов's draft, signed and then changed; Кузнецова's draft, whose signatures were all refused. */
let smirnovDraft: number;
let kuznetsovaDraft: number;

describe('signing in Госключ', SLOW, () => {
  let id: number;
  let pdf: LightMyRequestResponse;
  let sig: LightMyRequestResponse;

  it('sends the application with the terms for 15 minutes, and the person’s «Подписать» at the stand-in makes it signed and verified', async () => {
    id = await draft(ivanov, '79037654321');
    signedOrder = id;
    const before = Date.now();
    const started = await api('POST', `/v1/order/portation/${id}/signature`, ivanov);
    expect(started.statusCode, started.body).toBe(200);
    const { status, expiresAt } = started.json();
    expect(status).toBe('pending');
    const minutes = (Date.parse(expiresAt) - before) / 60_000;
    expect(minutes).toBeGreaterThan(14.9);
    expect(minutes).toBeLessThanOrEqual(15.1);
    expect(await signature(ivanov, id)).toMatchObject({ status: 'pending', signedAt: null, certificate: null });

    // The person's page at the stand-in: the application, a link to it, its Streebog-256 hash, two answers.
    const [pkg] = standin.packagesOf(CITIZENS.ivanov);
    const page = await t.app.inject({ method: 'GET', url: `/goskey-standin/packages/${pkg?.id}` });
    expect(page.body).toContain(`Заявление на перенос номера №&nbsp;${id}`);
    expect(page.body).toContain((await signature(ivanov, id)).documentHash);
    expect(page.body).toContain('Подписать');
    expect(page.body).toContain('Отказаться');
    const signed = await t.app.inject({ method: 'POST', url: `/goskey-standin/packages/${pkg?.id}/sign` });
    expect(signed.statusCode).toBe(303);
    await pollSigning(sd, id);

    const answer = await signature(ivanov, id);
    expect(answer).toMatchObject({ status: 'signed', current: true, reason: null });
    expect(answer.signedAt).not.toBeNull();
    expect(answer.certificate.subject).toContain('CN=Иванов Иван Иванович');
    expect(answer.certificate.subject).toContain('СНИЛС=11223344595');
    expect(answer.certificate.serial).toMatch(/^[0-9A-F]+$/);
    expect(answer.certificate.issuer).toContain('Тестовый УЦ Госключа');
    expect(Date.parse(answer.certificate.validTo)).toBeGreaterThan(Date.now());
  });

  it('serves exactly the signed PDF and its signature, which OpenSSL verifies with the root — and not for a PDF changed by one byte', async () => {
    pdf = await api('GET', `/v1/order/portation/${id}/application.pdf`, ivanov);
    sig = await api('GET', `/v1/order/portation/${id}/application.pdf.sig`, ivanov);
    expect(pdf.statusCode).toBe(200);
    expect(sig.statusCode).toBe(200);
    expect(sig.headers['content-type']).toBe('application/pkcs7-signature');
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain(`Заявление на перенос номера № ${id}`);
    expect(text).toContain('Условия договора с оператором МегаФон');
    expect(text).toContain('Согласие');
    expect(text).toContain('Для подписи в Госключе');
    const root = await t.app.inject({ method: 'GET', url: '/goskey-standin/root.pem' });

    const dir = await mkdtemp(join(tmpdir(), 'perenos-goskey-site-'));
    try {
      await writeFile(join(dir, 'application.pdf'), pdf.rawPayload);
      await writeFile(join(dir, 'application.pdf.sig'), sig.rawPayload);
      await writeFile(join(dir, 'root.pem'), root.body);
      const changed = Buffer.from(pdf.rawPayload);
      changed[200] = (changed[200] ?? 0) ^ 0x01;
      await writeFile(join(dir, 'changed.pdf'), changed);
      const verify = (content: string) =>
        run(
          'openssl',
          [
            ...['cms', '-verify', '-engine', 'gost', '-binary', '-inform', 'DER', '-in', 'application.pdf.sig'],
            ...['-content', content, '-CAfile', 'root.pem', '-out', '/dev/null'],
          ],
          { cwd: dir },
        );
      expect((await verify('application.pdf')).stderr).toContain('Verification successful');
      await expect(verify('changed.pdf')).rejects.toThrow(/Verification failure/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('shows the PDF and the signature to their owner only: another citizen gets 404, anonymous 401', async () => {
    for (const file of ['application.pdf', 'application.pdf.sig', 'signature']) {
      expect((await api('GET', `/v1/order/portation/${id}/${file}`, petrova)).statusCode, file).toBe(404);
      expect((await api('GET', `/v1/order/portation/${id}/${file}`, null)).statusCode, file).toBe(401);
    }
  });

  it('files the signed application, and the central database receives the signature with it', async () => {
    const submitted = await api('PUT', `/v1/order/portation/${id}/submit`, ivanov, { consent: false, ...ACCEPTED });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().status).toBe('PendingBDPN');
    const [portation] = await t.app.db.select().from(portations).where(eq(portations.orderId, id));
    if (!portation) throw new Error('no portation');
    const application = await buildApplication(t.app.porting.deps, portation);
    expect(application.signedApplication?.pdfHash).toBe((await signature(ivanov, id)).documentHash);
    expect(Buffer.from(application.signedApplication?.pdf ?? '', 'base64')).toEqual(pdf.rawPayload);
    expect(Buffer.from(application.signedApplication?.signature ?? '', 'base64')).toEqual(sig.rawPayload);
    // The stand-in of the central database takes it as its protocol says.
    const gateway = t.app.porting.gateway;
    if (!gateway) throw new Error('no gateway');
    expect((await gateway.submit(application)).processId).toBeTruthy();
  });
});

describe('signatures the site refuses, each with its reason', SLOW, () => {
  let id: number;
  beforeAll(async () => {
    id = await draft(kuznetsova, '79132223344');
    kuznetsovaDraft = id;
  });

  /** Starts a signing, lets the stand-in sign it as `how` says, and polls it. */
  async function refusedWith(how: Parameters<GoskeyStandin['sign']>[1]) {
    const pkg = await startSigning(kuznetsova, id, KUZNETSOVA);
    await standin.sign(pkg, how);
    await pollSigning(sd, id);
    const answer = await signature(kuznetsova, id);
    expect(answer.status).toBe('failed');
    // A refused signature is not the application's: no signed file is served, the submit is refused.
    expect((await api('GET', `/v1/order/portation/${id}/application.pdf.sig`, kuznetsova)).statusCode).toBe(404);
    return answer.reason as string;
  }

  it('another citizen’s certificate', async () => {
    const now = new Date();
    const petrovaCert = await issueStandinCertificate(standin, citizen(CITIZENS.petrova), {
      notBefore: new Date(now.getTime() - DAY),
      notAfter: new Date(now.getTime() + 365 * DAY),
    });
    expect(await refusedWith({ with: petrovaCert })).toBe(
      'Подпись не принята: Заявление подписано сертификатом другого человека, а не вашим.',
    );
  });

  it('a certificate of a root the site does not trust, though it names the person', async () => {
    const now = new Date();
    const validity = { notBefore: new Date(now.getTime() - DAY), notAfter: new Date(now.getTime() + 365 * DAY) };
    const root = await issueCertificate({ profile: 'root', subject: [['CN', 'Чужой УЦ']], ...validity });
    const intermediate = await issueCertificate(
      { profile: 'ca', subject: [['CN', 'Чужой выдающий УЦ']], ...validity },
      root,
    );
    const forged = await issueCertificate(
      { profile: 'person', subject: citizenSubject(citizen(KUZNETSOVA)), ...validity },
      intermediate,
    );
    expect(await refusedWith({ with: { ...forged, chainPem: intermediate.certificatePem } })).toMatch(
      /^Подпись не принята: Сертификат подписи выдан не доверенным удостоверяющим центром/,
    );
  });

  it('a signature over a different document', async () => {
    expect(await refusedWith({ content: Buffer.from('%PDF-1.7 другое заявление') })).toBe(
      'Подпись не принята: Подпись сделана не под этим документом: файл заявления изменён или подписан другой документ.',
    );
  });

  it('a certificate expired before the signing', async () => {
    const now = new Date();
    const expired = await issueStandinCertificate(standin, citizen(KUZNETSOVA), {
      notBefore: new Date(now.getTime() - 730 * DAY),
      notAfter: new Date(now.getTime() - 365 * DAY),
    });
    expect(await refusedWith({ with: expired })).toMatch(
      /^Подпись не принята: Сертификат подписи не действовал в момент подписания: срок его действия истёк \d{2}\.\d{2}\.\d{4}\.$/,
    );
  });

  it('and the submit of the order without a valid signature', async () => {
    const res = await api('PUT', `/v1/order/portation/${id}/submit`, kuznetsova, { consent: true, ...ACCEPTED });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.signature).toEqual(['Подпишите заявление в Госключе.']);
  });
});

describe('the person’s answers and the rules of a signing', SLOW, () => {
  let smirnovOrder: number;
  let petrovaOrder: number;

  it('with Goskey on, a submit without any signing is refused, the consent tick alone is not enough', async () => {
    smirnovOrder = await draft(smirnov, '79286667788');
    const res = await api('PUT', `/v1/order/portation/${smirnovOrder}/submit`, smirnov, { consent: true, ...ACCEPTED });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ signature: ['Подпишите заявление в Госключе.'] });
    expect((await signature(smirnov, smirnovOrder)).status).toBe('none');
  });

  it('a signature stops counting once the order says something else: the submit asks to sign again', async () => {
    smirnovDraft = smirnovOrder;
    const pkg = await startSigning(smirnov, smirnovOrder, CITIZENS.smirnov);
    await standin.sign(pkg);
    await pollSigning(sd, smirnovOrder);
    expect(await signature(smirnov, smirnovOrder)).toMatchObject({ status: 'signed', current: true });
    const order = (await api('GET', `/v1/order/portation/${smirnovOrder}`, smirnov)).json();
    await choose(smirnov, smirnovOrder, order.regionCode, 12, order.fromOperator?.operatorId);
    expect(await signature(smirnov, smirnovOrder)).toMatchObject({ status: 'signed', current: false });
    // The signed file no longer is the order's document.
    expect((await api('GET', `/v1/order/portation/${smirnovOrder}/application.pdf.sig`, smirnov)).statusCode).toBe(404);
    const res = await api('PUT', `/v1/order/portation/${smirnovOrder}/submit`, smirnov, { consent: true, ...ACCEPTED });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.signature).toEqual([
      'Заявление изменилось после подписи: подпишите его в Госключе снова.',
    ]);
  });

  it('«Отказаться» is a refusal the person can retry; a lapsed one is expired after 15 minutes', async () => {
    petrovaOrder = await draft(petrova, '79215550101');
    const refused = await startSigning(petrova, petrovaOrder, CITIZENS.petrova);
    await t.app.inject({ method: 'POST', url: `/goskey-standin/packages/${refused}/refuse` });
    await pollSigning(sd, petrovaOrder);
    expect(await signature(petrova, petrovaOrder)).toMatchObject({
      status: 'refused',
      reason: 'Вы отказались подписывать заявление в Госключе. Его можно отправить на подпись ещё раз.',
    });

    await startSigning(petrova, petrovaOrder, CITIZENS.petrova);
    const realNow = sd.porting.now;
    sd.porting.now = () => new Date(realNow().getTime() + 16 * 60_000);
    try {
      expect((await signature(petrova, petrovaOrder)).status).toBe('expired');
      await pollSigning(sd, petrovaOrder);
      const lapsed = await signature(petrova, petrovaOrder);
      expect(lapsed.status).toBe('expired');
      expect(lapsed.reason).toMatch(/^Срок подписания истёк: заявление нужно подписать в течение 15 минут/);
    } finally {
      sd.porting.now = realNow;
    }
  });

  it('one signing waits at a time, whatever 50 parallel requests try', async () => {
    const waiting = () => standin.packagesOf(CITIZENS.petrova).filter((p) => p.status === 'pending').length;
    const before = waiting();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => api('POST', `/v1/order/portation/${petrovaOrder}/signature`, petrova)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 400)).toHaveLength(49);
    expect(answers.find((a) => a.statusCode === 400)?.json().errors.signature[0]).toMatch(
      /^Заявление уже ждёт вашей подписи: откройте «Госключ» и подпишите его до \d{2}:\d{2} \(МСК\)\.$/,
    );
    expect(waiting() - before).toBe(1);
  });

  it('is not offered while Goskey is off: the start answers 404 and the consent tick is back', async () => {
    await setFeature(t.app.db, 'Goskey', false);
    await t.app.features.refresh();
    try {
      expect((await api('POST', `/v1/order/portation/${smirnovOrder}/signature`, smirnov)).statusCode).toBe(404);
      const res = await api('PUT', `/v1/order/portation/${smirnovOrder}/submit`, smirnov, {
        consent: false,
        ...ACCEPTED,
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['consent']);
    } finally {
      await setFeature(t.app.db, 'Goskey', true);
      await t.app.features.refresh();
    }
  });
});

describe('the porting desk', SLOW, () => {
  it('shows support who signed and the certificate, checks the signature again and hands out the files, each audited', async () => {
    // Морозов of the stand-in works in support (and reads the audit as an admin).
    const support = await signInStaff(t.app, '1000000009', ['support', 'admin']);
    const url = `/api/v1/staff/porting/orders/${signedOrder}`;
    const view = await staffCall(t.app, support, 'GET', `${url}/signature`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({ status: 'signed', reason: null });
    expect(view.json().certificate.subject).toContain('CN=Иванов Иван Иванович');
    // The СНИЛС is the person's data: the desk shows its last two digits only.
    expect(view.json().certificate.subject).toContain('СНИЛС=•••••••••95');
    expect(view.body).not.toContain('11223344595');
    expect(view.json().certificate.serial).toMatch(/^[0-9A-F]+$/);
    expect(Date.parse(view.json().certificate.validTo)).toBeGreaterThan(Date.now());

    const check = await staffCall(t.app, support, 'POST', `${url}/signature/verify`);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({ valid: true, reason: null });
    expect(check.json().certificate.serial).toBe(view.json().certificate.serial);

    // The owner's address serves support too; the desk's own addresses serve the signed PDF.
    const sig = await api('GET', `/v1/order/portation/${signedOrder}/application.pdf.sig`, null);
    expect(sig.statusCode).toBe(401);
    const asSupport = await staffCall(
      t.app,
      support,
      'GET',
      `/api/v1/order/portation/${signedOrder}/application.pdf.sig`,
    );
    expect(asSupport.statusCode).toBe(200);
    expect(asSupport.headers['content-type']).toBe('application/pkcs7-signature');
    const pdf = await staffCall(t.app, support, 'GET', `${url}/application.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const audit = (await staffCall(t.app, support, 'GET', `/api/v1/staff/audit?target=order:${signedOrder}`))
      .json()
      .data.map((e: { action: string }) => e.action);
    expect(audit).toEqual([
      'porting.signature.download',
      'porting.signature.download',
      'porting.signature.verify',
      'porting.signature.view',
    ]);
    // Nobody without the role sees the desk's view.
    expect((await api('GET', `${url.replace('/api', '')}/signature`, petrova)).statusCode).toBe(404);

    // An order never sent for signing says so, and nothing of a person was read to be audited.
    const ahmedov = (await signIn(t.app, '1000000007')).jar;
    const unsigned = await draft(ahmedov, '79881112233');
    const none = await staffCall(t.app, support, 'GET', `/api/v1/staff/porting/orders/${unsigned}/signature`);
    expect(none.json()).toMatchObject({ status: 'none', certificate: null, documentHash: null });
    const noAudit = (await staffCall(t.app, support, 'GET', `/api/v1/staff/audit?target=order:${unsigned}`)).json();
    expect(noAudit.data).toEqual([]);
    expect((await staffCall(t.app, support, 'GET', '/api/v1/staff/porting/orders/999999/signature')).statusCode).toBe(
      404,
    );
  });

  it('«Проверить подпись» says so when the roots the site trusts no longer hold the signature', async () => {
    const support = await signInStaff(t.app, '1000000009', ['support']);
    const now = new Date();
    const other = await issueCertificate({
      profile: 'root',
      subject: [['CN', 'Другой корневой УЦ']],
      notBefore: new Date(now.getTime() - DAY),
      notAfter: new Date(now.getTime() + DAY),
    });
    const trusted = sd.trustedRoots;
    sd.trustedRoots = other.certificatePem;
    try {
      const check = await staffCall(
        t.app,
        support,
        'POST',
        `/api/v1/staff/porting/orders/${signedOrder}/signature/verify`,
      );
      expect(check.json()).toMatchObject({ valid: false });
      expect(check.json().reason).toMatch(/не доверенным удостоверяющим центром/);
    } finally {
      sd.trustedRoots = trusted;
    }
  });
});

describe('the signed application is personal data', SLOW, () => {
  it('ends after the retention once its porting ended, and with «Удалить мои данные»', async () => {
    expect(await findSignature(t.app.db, smirnovDraft)).toBeDefined();
    await t.app.db
      .update(portationOrders)
      .set({ status: 'Deleted', lastUpdateAt: new Date(Date.now() - 40 * DAY) })
      .where(eq(portationOrders.id, smirnovDraft));
    await forgetExpiredPersonalData(t.app.db, new Date(), 30);
    expect(await findSignature(t.app.db, smirnovDraft)).toBeUndefined();

    expect(await findSignature(t.app.db, kuznetsovaDraft)).toBeDefined();
    const erased = await t.app.inject({ method: 'DELETE', url: '/api/v1/account', headers: authHeaders(kuznetsova) });
    expect(erased.statusCode, erased.body).toBe(204);
    expect(await findSignature(t.app.db, kuznetsovaDraft)).toBeUndefined();
  });
});
