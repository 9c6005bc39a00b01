import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { audit, type Finding, report } from './axe';
import { apiCall, type Site, watchErrors, withSiteAndBrowser } from './site';

// Issues 22 and 24 in the browser: the application's page after submit (SIM, fee, terms, temporary
// number, eSIM code and QR, the donor's debt, the documents, «Подать заново») and «Удалить мои данные».
// At this time scale the recipient issues the SIM and the donor notices a debt within seconds, and
// the pay-by date is minutes away.
let site: Site;
let browser: Browser;
withSiteAndBrowser(
  (s, b) => {
    site = s;
    browser = b;
  },
  { PORTING_TIME_SCALE: '3000' },
);

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

async function signedIn(who: RegExp): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: VIEWPORTS.desktop,
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
  });
  const page = await context.newPage();
  await page.goto(`${site.url}/account`);
  await page.waitForURL(/\/esia-standin\/aas\/oauth2\/v2\/ac\?/, { timeout: 15_000 });
  await page.getByRole('button', { name: who }).click();
  await page.waitForURL(`${site.url}/account`, { timeout: 15_000 });
  return { context, page };
}

/** Steps 1 and 2 of the signed-in citizen's verified number by the API, as the wizard makes them. */
async function drafted(page: Page, msisdn: string, sim?: object): Promise<number> {
  type Order = { id: number; regionCode: number; earliestPortationAt: string; fromOperator: { operatorId: number } };
  const order = await apiCall<Order>(page, 'POST', '/api/v1/order/portation/init', { msisdn });
  const all = await apiCall<{ data: { id: number; operatorId: number }[] }>(
    page,
    'GET',
    `/api/v2/tariff/all?RegionCode=${order.regionCode}`,
  );
  const tariff = all.data.find((t) => t.operatorId !== order.fromOperator.operatorId);
  await apiCall(page, 'PUT', `/api/v1/order/portation/${order.id}`, {
    operatorId: tariff?.operatorId,
    tariffId: tariff?.id,
    portationAt: order.earliestPortationAt,
    ...(sim ? { sim } : {}),
  });
  return order.id;
}

/** An application of the signed-in citizen's verified number, submitted as the wizard would (by the API). */
async function submitted(page: Page, msisdn: string): Promise<number> {
  const id = await drafted(page, msisdn, { kind: 'esim' });
  const terms = await apiCall<{ version: string }>(page, 'GET', `/api/v1/order/portation/${id}/terms`);
  await apiCall(page, 'PUT', `/api/v1/order/portation/${id}/submit`, {
    consent: true,
    contractVersion: terms.version,
  });
  return id;
}

const tooWide: string[] = [];

/** Screenshots at both sizes into /tmp with axe on each; the page ends at the desktop size. */
async function look(page: Page, name: string, findings: Finding[]) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `/tmp/web22-${name}-${size}.png`, fullPage: true });
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (wide > 0) tooWide.push(`${name}: ${wide}px wider than the ${size}`);
    findings.push(...(await audit(page, `${name} (${size})`)));
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

describe('the application after submit', () => {
  it('files Долгова’s refused application again, shows the eSIM, the debt and the documents, and the debt is paid', async () => {
    const { context, page } = await signedIn(/Войти как Светлана Долгова/);
    const errors = watchErrors(page);
    const findings: Finding[] = [];

    // Her demo application was refused: its page says why and offers «Подать заново».
    const orders = await apiCall<{ orders: { data: { id: number; status: string }[] } }>(
      page,
      'GET',
      '/api/v1/account/orders?Msisdn=79275551234',
    );
    const refused = orders.orders.data.find((o) => o.status === 'Deleted');
    expect(refused).toBeDefined();
    await page.goto(`${site.url}/portation/${refused?.id}/done`);
    await page.getByTestId('order-reason').waitFor();
    // The refused application's eSIM code and temporary number lead nowhere: not offered.
    expect(await page.getByTestId('esim').count()).toBe(0);
    expect(await page.getByTestId('temporary-msisdn').count()).toBe(0);
    await look(page, 'refused', findings);
    await page.getByTestId('refile').click();

    // A new draft with the same recipient and tariff, at step 3; the SIM way is chosen by keyboard.
    await page.waitForURL(/\/portation\/\d+\/submit$/);
    const id = Number(/\/portation\/(\d+)\//.exec(page.url())?.[1]);
    expect(id).not.toBe(refused?.id);
    await page.getByTestId('contract-terms').waitFor();
    await page.getByRole('radio', { name: 'eSIM' }).focus();
    await page.keyboard.press('Space');
    expect(await page.getByRole('radio', { name: 'eSIM' }).isChecked()).toBe(true);
    // The terms are not accepted for her: sending without them says so beside the box.
    await page.getByRole('checkbox', { name: /согласен/ }).check();
    await page.getByRole('button', { name: 'Отправить заявление' }).click();
    const terms = page.getByRole('checkbox', { name: /принимаю их/ });
    await page.getByText('Прочитайте и примите условия договора с новым оператором.').waitFor();
    // The message is the box's own: invalid, and described by it for a screen reader.
    expect(await terms.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await terms.getAttribute('aria-describedby')) ?? '';
    const described = await page.evaluate(
      (ids) => ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' '),
      describedBy.split(' ').filter(Boolean),
    );
    expect(described).toContain('Прочитайте и примите условия договора');
    findings.push(...(await audit(page, 'step 3 with errors')));
    await terms.check();
    await page.getByRole('button', { name: 'Отправить заявление' }).click();
    await page.waitForURL(`${site.url}/portation/${id}/done`, { timeout: 15_000 });

    // The recipient's side: eSIM, the fee, the terms' edition and when they were accepted.
    const details = page.getByTestId('porting-details');
    await details.waitFor();
    expect(await page.getByTestId('sim-kind').innerText()).toBe('eSIM');
    expect(await page.getByTestId('order-fee').innerText()).toContain('100\u00a0₽');
    expect(await page.getByTestId('order-contract').innerText()).toMatch(
      /^редакция от \d{1,2} [а-я]+ \d{4}, приняты \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} \(МСК\)$/,
    );

    // Within seconds (live, no reload): the donor's debt with its pay-by time, and the eSIM ready.
    const debt = page.getByTestId('debt-notice');
    await debt.filter({ hasText: 'Оплатите' }).waitFor({ timeout: 60_000 });
    expect(await debt.innerText()).toMatch(
      /Оплатите 1\u00a0840\u00a0₽ до \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} \(МСК\), иначе перенос не состоится\./,
    );
    // Which of her numbers owes what, each with the demo's pay link: the second is not in her account.
    expect((await page.getByTestId('debt-numbers').innerText()).replace(/\s+/g, ' ')).toMatch(
      /\+7 \(927\) 555-12-34 — 1 240 ₽ оплатить \(демо\) \+7 \(927\) 555-12-35 — 600 ₽ оплатить \(демо\)/,
    );
    expect(
      await page.getByTestId('debt-numbers').getByRole('link', { name: 'оплатить (демо)' }).nth(1).getAttribute('href'),
    ).toBe('/bdpn-standin/#debt-79275551235');
    await page.getByTestId('esim-qr').waitFor({ timeout: 60_000 });
    const code = (await page.getByTestId('esim-code').innerText()).trim();
    expect(code).toMatch(/^LPA:1\$/);
    expect(await page.getByRole('img', { name: 'QR-код активации eSIM' }).count()).toBe(1);
    expect(await page.getByTestId('temporary-msisdn').innerText()).toMatch(/^\+7 \(958\) \d{3}-\d{2}-\d{2}$/);

    // The application as a PDF and the night in a calendar file, both from links on the page.
    const pdfHref = await page.getByRole('link', { name: 'Заявление (PDF)' }).getAttribute('href');
    const icsHref = await page.getByRole('link', { name: 'Добавить в календарь' }).getAttribute('href');
    const pdf = await page.request.get(`${site.url}${pdfHref}`);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    const ics = await page.request.get(`${site.url}${icsHref}`);
    expect(ics.headers()['content-type']).toContain('text/calendar');
    expect(await ics.text()).toContain('BEGIN:VEVENT');
    await look(page, 'done-debt-esim', findings);

    // The account's page of the porting says the same, with the withdraw button as the order allows.
    const accountHref = await page.getByRole('link', { name: 'Перенос в личном кабинете' }).getAttribute('href');
    const account = await context.newPage();
    await account.goto(`${site.url}${accountHref}`);
    await account.getByTestId('esim-qr').waitFor();
    expect(await account.getByTestId('esim-code').innerText()).toBe(code);
    // On a phone (the one that installs the eSIM): the installer's link and a copy button, no QR code to
    // point its own camera at; each field of the code stays on one line.
    await account.setViewportSize(VIEWPORTS.phone);
    expect(await account.getByTestId('esim-qr').isVisible()).toBe(false);
    const install = await account.getByRole('link', { name: 'Установить eSIM' }).getAttribute('href');
    expect(new URL(install ?? '').searchParams.get('carddata')).toBe(code);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    await account.getByRole('button', { name: 'Скопировать код' }).click();
    await account.getByRole('button', { name: 'Код скопирован' }).waitFor();
    expect(await account.evaluate(() => navigator.clipboard.readText())).toBe(code);
    const linesPerField = await account
      .getByTestId('esim-code')
      .locator('span')
      .evaluateAll((fields) => fields.map((f) => f.getClientRects().length));
    expect(linesPerField.length).toBeGreaterThan(1);
    expect(linesPerField.every((n) => n === 1)).toBe(true);
    await account.setViewportSize(VIEWPORTS.desktop);
    expect(await account.getByRole('link', { name: 'Установить eSIM' }).isVisible()).toBe(false);
    expect(await account.getByTestId('esim-qr').isVisible()).toBe(true);
    await account.getByTestId('debt-notice').filter({ hasText: 'Оплатите' }).waitFor();
    const order = await apiCall<{ canWithdraw: boolean }>(account, 'GET', `/api/v1/order/portation/${id}`);
    expect(await account.getByRole('button', { name: 'Отозвать заявление' }).count()).toBe(order.canWithdraw ? 1 : 0);
    await look(account, 'account-portation', findings);

    // Paid on the central database's demo page (both her numbers with the donor): the notice says so.
    const standin = await context.newPage();
    await standin.goto(`${site.url}/bdpn-standin/`);
    for (const msisdn of ['79275551234', '79275551235']) {
      await standin.getByRole('button', { name: `Оплатить задолженность по номеру +${msisdn}` }).click();
      await standin.waitForURL(`${site.url}/bdpn-standin/`);
    }
    // The engine hears of the payment at its next poll of the central database, which asks to be polled
    // every 15 minutes while a debt is open (0.3 s at this scale).
    await debt.filter({ hasText: 'Задолженность оплачена' }).waitFor({ timeout: 30_000 });
    await context.close();
    expect(errors.filter((e) => !/HTTP 400 .*\/submit$/.test(e))).toEqual([]);
    expect(findings, report(findings)).toEqual([]);
    expect(tooWide).toEqual([]);
  }, 480_000);

  it('brings the SIM by courier: the address is checked, then shown on the done page and in the account (phone)', async () => {
    // Ахмедов, whom no other test here signs in as (Петрова's data are erased below, which a porting
    // under way would refuse).
    const { context, page } = await signedIn(/Войти как Рустам Ахмедов/);
    const errors = watchErrors(page);
    const findings: Finding[] = [];
    // Steps 1 and 2 by the API; step 3 in the page, at phone size.
    const order = { id: await drafted(page, '79642223344') };
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto(`${site.url}/portation/${order.id}/submit`);
    await page.getByTestId('contract-terms').waitFor();
    // Sent with no SIM way chosen: the choice, far above the button on a phone, comes into view with the
    // focus in it.
    await page.getByRole('button', { name: 'Отправить заявление' }).click();
    await page.getByTestId('sim-error').waitFor();
    await vi.waitFor(
      async () =>
        expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="sim-choice"]')))).toBe(
          true,
        ),
      { timeout: 5_000 },
    );
    const inView = await page.getByTestId('sim-choice').evaluate((el) => {
      const box = el.getBoundingClientRect();
      return box.top < window.innerHeight && box.bottom > 0;
    });
    expect(inView).toBe(true);
    await page.getByRole('radio', { name: 'Курьером' }).check();
    const address = page.getByRole('textbox', { name: 'Адрес доставки' });
    await address.fill('дом');
    await page.getByRole('checkbox', { name: /принимаю их/ }).check();
    await page.getByRole('checkbox', { name: /согласен/ }).check();
    await page.getByRole('button', { name: 'Отправить заявление' }).click();
    // Too short to find: said under the SIM choice, and nothing is sent.
    await page.getByTestId('sim-error').filter({ hasText: /адрес/i }).waitFor();
    expect(page.url()).toBe(`${site.url}/portation/${order.id}/submit`);
    const typed = 'г. Санкт-Петербург, Невский пр., д. 10, кв. 5';
    await address.fill(typed);
    await page.getByRole('button', { name: 'Отправить заявление' }).click();
    await page.waitForURL(`${site.url}/portation/${order.id}/done`, { timeout: 15_000 });
    expect(await page.getByTestId('sim-kind').innerText()).toMatch(/курьер/i);
    expect(await page.getByTestId('sim-address').innerText()).toBe(typed);
    await look(page, 'courier-done', findings);
    const accountHref = await page.getByRole('link', { name: 'Перенос в личном кабинете' }).getAttribute('href');
    await page.goto(`${site.url}${accountHref}`);
    expect(await page.getByTestId('sim-address').innerText()).toBe(typed);
    await look(page, 'courier-account', findings);
    await context.close();
    expect(errors.filter((e) => !/HTTP 400 .*\/submit$/.test(e))).toEqual([]);
    expect(findings, report(findings)).toEqual([]);
    expect(tooWide).toEqual([]);
  }, 120_000);
});

describe('«Удалить мои данные»', () => {
  it('is not offered while a porting is under way: the account says why and links the application', async () => {
    // A porting of his just submitted: at this scale it runs for about four minutes.
    const { context, page } = await signedIn(/Войти как Иван Иванов/);
    const id = await submitted(page, '79037654321');
    await page.reload();
    const findings: Finding[] = [];
    const waits = page.getByTestId('erase-waits');
    await waits.waitFor();
    expect(await page.getByTestId('erase-open').count()).toBe(0);
    expect(await waits.innerText()).toContain('Удалить данные можно, когда перенос завершится');
    // His porting just submitted is among those named (the demo gave him one under way already).
    await waits.getByRole('link', { name: `Заявление № ${id}, номер +7 (903) 765-43-21`, exact: true }).waitFor();
    await look(page, 'erase-waits', findings);
    // The server refuses it too, with its reason, and nothing is erased.
    const refused = await page.request.delete(`${site.url}/api/v1/account`, {
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(refused.status()).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain(`+7 (903) 765-43-21 (заявление № ${id})`);
    await page.reload();
    await page.getByRole('heading', { name: 'Удалить мои данные' }).waitFor();
    await context.close();
    expect(findings, report(findings)).toEqual([]);
  }, 120_000);

  it('erases, signs out and says so; the person can sign in afresh (phone)', async () => {
    const { context, page } = await signedIn(/Войти как Анна Петрова/);
    await page.setViewportSize(VIEWPORTS.phone);
    const errors = watchErrors(page);
    const findings: Finding[] = [];
    await page.getByTestId('erase-open').click();
    const dialog = page.getByRole('dialog', { name: 'Удалить мои данные?' });
    await dialog.getByText('паспортные данные и адреса доставки SIM-карт из заявлений;').waitFor();
    await page.screenshot({ path: '/tmp/web22-erase-dialog-phone.png' });
    await dialog.getByTestId('erase-confirm').click();
    // A page of its own says what was deleted, what stays and for how long (issue 36), not a toast.
    await page.waitForURL(`${site.url}/account/erased`, { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Ваши данные удалены', level: 1 }).waitFor();
    const erased = await page.locator('main').innerText();
    expect(erased).toContain('паспортные данные и адреса доставки SIM-карт из заявлений;');
    expect(erased).toContain('Что осталось и сколько хранится');
    expect(erased).toContain('365 дней со дня отправки');
    await look(page, 'data-erased', findings);
    const auth = await apiCall<{ isLogged: boolean } | null>(page, 'GET', '/api/v1/esia/userinfo');
    expect(auth?.isLogged ?? false).toBe(false);
    // Signed out: the account leads to Госуслуги again, and she comes back as a new user.
    await page.goto(`${site.url}/account`);
    await page.waitForURL(/\/esia-standin\/aas\/oauth2\/v2\/ac\?/, { timeout: 15_000 });
    await page.getByRole('button', { name: /Войти как Анна Петрова/ }).click();
    await page.waitForURL(`${site.url}/account`, { timeout: 15_000 });
    await page.getByText(/Здравствуйте, /).waitFor();
    expect(errors).toEqual([]);
    expect(findings, report(findings)).toEqual([]);
    await context.close();
  }, 120_000);
});
