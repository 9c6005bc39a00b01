import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { audit, clippedLabels, type Finding, report } from './axe';
import {
  apiCall,
  closeOpenPages,
  launchBrowser,
  newDataDir,
  removeDir,
  runCli,
  type Site,
  startSite,
  watchErrors,
} from './site';

// Issue 39: with the Goskey feature on, step 3 signs the application in «Госключ» instead of ticking the
// consent. The site runs the Госключ stand-in with its own test certification centre (a folder of this
// file's); the person answers on the stand-in's page, as in the app, and the wizard hears it live.
let site: Site;
let browser: Browser;
let goskeyDir: string;

beforeAll(async () => {
  const dataDir = newDataDir();
  // The flag is set before the site starts (PGlite allows one process at a time).
  await runCli(['flags', '--', 'enable', 'Goskey'], dataDir);
  goskeyDir = mkdtempSync(join(tmpdir(), 'perenos-e2e-goskey-'));
  [site, browser] = await Promise.all([startSite(dataDir, { GOSKEY_STANDIN_DIR: goskeyDir }), launchBrowser()]);
});
afterEach(() => closeOpenPages(browser));
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  if (site) removeDir(site.dataDir);
  if (goskeyDir) removeDir(goskeyDir);
});

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

interface SignatureAnswer {
  status: string;
  documentHash: string | null;
  certificate: { serial: string; subject: string } | null;
}

/** Signs in through the ESIA stand-in and brings a new application of `digits` to step 3, an eSIM chosen and the terms accepted. */
async function toStepThree(
  context: BrowserContext,
  citizen: RegExp,
  digits: string,
): Promise<{ page: Page; id: string }> {
  const page = await context.newPage();
  await page.goto(`${site.url}/portation/init`);
  await page.getByLabel('Номер телефона').click();
  await page.keyboard.type(digits);
  await page.getByRole('button', { name: 'Проверить номер' }).click();
  const created = page.getByTestId('order-created');
  await created.waitFor();
  const id = /№ (\d+)/.exec(await created.innerText())?.[1] ?? '';
  expect(id).not.toBe('');
  await page.getByRole('button', { name: 'Войти и выбрать тариф' }).click();
  await page.waitForURL(/\/esia-standin\/aas\/oauth2\/v2\/ac\?/, { timeout: 15_000 });
  await page.getByRole('button', { name: citizen }).click();
  await page.waitForURL(`${site.url}/portation/${id}/tariffs`, { timeout: 15_000 });
  await page.getByTestId('tariff-card').first().waitFor();
  await page
    .getByTestId('tariff-card')
    .first()
    .getByRole('button', { name: /Выбрать/ })
    .click();
  await page.waitForURL(`${site.url}/portation/${id}/submit`);
  await page.getByTestId('personal').waitFor();
  await page.getByRole('radio', { name: 'eSIM' }).check();
  await page.getByRole('checkbox', { name: /принимаю их/ }).check();
  return { page, id };
}

/** The stand-in's page of the newest package addressed to the person, opened as the app would show it. */
async function openInGoskey(context: BrowserContext, viewport: typeof DESKTOP, title: string): Promise<Page> {
  const app = await context.newPage();
  await app.setViewportSize(viewport);
  await app.goto(`${site.url}/goskey-standin/`);
  await app.getByRole('link', { name: title }).first().click();
  await app.getByRole('button', { name: 'Подписать' }).waitFor();
  return app;
}

async function sectionShot(page: Page, name: string) {
  await page.locator('section[aria-labelledby="goskey-title"]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/goskey-${name}.png` });
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (wide > 0) tooWide.push(`${name}: ${wide}px wider than the window`);
}

const tooWide: string[] = [];

describe('the application signed in Госключ', () => {
  it('replaces the consent tick, waits for the signature live and files the signed application (desktop)', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'ru-RU', timezoneId: 'Europe/Moscow' });
    const findings: Finding[] = [];
    const { page, id } = await toStepThree(context, /Войти как Мария Кузнецова/, '9132223344');
    const errors = watchErrors(page);
    // The bare consent tick is gone: the signature in Госключ stands for it.
    expect(await page.getByRole('checkbox', { name: /согласен/ }).count()).toBe(0);
    await page.getByRole('heading', { name: 'Подпись в Госключе' }).waitFor();
    // Sending before signing says what is missing.
    await page.getByRole('button', { name: 'Отправить заявление' }).click();
    await page.getByTestId('goskey-error').filter({ hasText: 'Подпишите заявление в Госключе.' }).waitFor();

    await page.getByRole('button', { name: 'Подписать в Госключе' }).click();
    const pending = page.getByTestId('goskey-pending');
    await pending.waitFor({ timeout: 20_000 });
    expect(await pending.innerText()).toMatch(/Подпишите его до \d{2}:\d{2} \(МСК\)/);
    findings.push(
      ...(await audit(page, 'step 3, waiting for Госключ (desktop)')),
      ...(await clippedLabels(page, 'waiting')),
    );
    await sectionShot(page, 'step3-pending-desktop');

    // In «Госключ»: the application, a link to it, its Streebog-256 hash, «Подписать» and «Отказаться».
    const answer = await apiCall<SignatureAnswer>(page, 'GET', `/api/v1/order/portation/${id}/signature`);
    const app = await openInGoskey(context, DESKTOP, `Заявление на перенос номера № ${id}`);
    expect(await app.getByTestId('document-hash').innerText()).toBe(answer.documentHash);
    await app.getByRole('button', { name: 'Отказаться' }).waitFor();
    await app.getByRole('link', { name: `zayavlenie-${id}.pdf` }).waitFor();
    findings.push(...(await audit(app, 'Госключ stand-in, package (desktop)')));
    await app.screenshot({ path: '/tmp/goskey-standin-desktop.png', fullPage: true });
    await app.getByRole('button', { name: 'Подписать' }).click();
    await app.getByText('Документы подписаны').waitFor();

    // No reload: the live stream brings the signature to the wizard.
    const signed = page.getByTestId('goskey-signed');
    await signed.waitFor({ timeout: 20_000 });
    expect(await signed.innerText()).toContain('Кузнецова Мария Викторовна');
    findings.push(...(await audit(page, 'step 3, signed (desktop)')));
    await sectionShot(page, 'step3-signed-desktop');
    const files = await page.evaluate(async (base) => {
      const [pdf, sig] = await Promise.all([fetch(`${base}/application.pdf`), fetch(`${base}/application.pdf.sig`)]);
      return [pdf.status, pdf.headers.get('content-type'), sig.status, sig.headers.get('content-type')];
    }, `/api/v1/order/portation/${id}`);
    expect(files).toEqual([200, 'application/pdf', 200, 'application/pkcs7-signature']);

    await page.getByRole('button', { name: 'Отправить заявление' }).click();
    await page.waitForURL(`${site.url}/portation/${id}/done`, { timeout: 15_000 });
    await page
      .getByTestId('application-number')
      .filter({ hasText: `№ ${id}` })
      .waitFor();
    expect(errors).toEqual([]);
    expect(findings, report(findings)).toEqual([]);
    expect(tooWide).toEqual([]);
    await context.close();
  }, 180_000);

  it('says a refusal in Госключ and signs again, on a phone', async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'ru-RU', timezoneId: 'Europe/Moscow' });
    const findings: Finding[] = [];
    const { page, id } = await toStepThree(context, /Войти как Алексей Смирнов/, '9286667788');
    const errors = watchErrors(page);
    await page.getByRole('button', { name: 'Подписать в Госключе' }).click();
    await page.getByTestId('goskey-pending').waitFor({ timeout: 20_000 });
    await sectionShot(page, 'step3-pending-phone');

    const title = `Заявление на перенос номера № ${id}`;
    const refusing = await openInGoskey(context, PHONE, title);
    findings.push(...(await audit(refusing, 'Госключ stand-in, package (phone)')));
    await refusing.screenshot({ path: '/tmp/goskey-standin-phone.png', fullPage: true });
    const standinWide = await refusing.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (standinWide > 0) tooWide.push(`stand-in: ${standinWide}px wider than the phone`);
    await refusing.getByRole('button', { name: 'Отказаться' }).click();
    await refusing.getByText('Вы отказались подписывать документы.').waitFor();

    const refused = page.getByTestId('goskey-refused');
    await refused.waitFor({ timeout: 20_000 });
    expect(await refused.innerText()).toContain('Вы отказались подписывать заявление в Госключе');
    findings.push(...(await audit(page, 'step 3, refused (phone)')), ...(await clippedLabels(page, 'refused')));
    await sectionShot(page, 'step3-refused-phone');

    await page.getByRole('button', { name: 'Подписать ещё раз' }).click();
    await page.getByTestId('goskey-pending').waitFor({ timeout: 20_000 });
    const signing = await openInGoskey(context, PHONE, title);
    await signing.getByRole('button', { name: 'Подписать' }).click();
    await signing.getByText('Документы подписаны').waitFor();
    await page.getByTestId('goskey-signed').waitFor({ timeout: 20_000 });
    findings.push(...(await audit(page, 'step 3, signed (phone)')), ...(await clippedLabels(page, 'signed')));
    await sectionShot(page, 'step3-signed-phone');

    await page.getByRole('button', { name: 'Отправить заявление' }).click();
    await page.waitForURL(`${site.url}/portation/${id}/done`, { timeout: 15_000 });
    expect(errors).toEqual([]);
    expect(findings, report(findings)).toEqual([]);
    expect(tooWide).toEqual([]);
    await context.close();
  }, 180_000);
});
