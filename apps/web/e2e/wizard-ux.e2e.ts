import { connect, createServer, type Server, type Socket } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit, type Finding, report } from './axe';
import { launchBrowser, removeDir, type Site, startSite } from './site';

// What a new user met in the wizard, the account and /check (issue 20), at both sizes.

const VIEWPORTS = {
  desktop: { width: 1366, height: 900 },
  phone: { width: 390, height: 844 },
} as const;
type ViewportName = keyof typeof VIEWPORTS;

/**
 * The site reaches its own central-database stand-in through this relay, which a test can cut: the
 * central database «does not answer» for real, the site's gateway sees the refused connection.
 */
class GatewayRelay {
  private server: Server | undefined;
  private readonly open = new Set<Socket>();
  target = 0;
  cut = false;

  async start(): Promise<number> {
    this.server = createServer((client) => {
      if (this.cut || this.target === 0) {
        client.destroy();
        return;
      }
      const upstream = connect(this.target, '127.0.0.1');
      for (const s of [client, upstream]) {
        this.open.add(s);
        s.on('close', () => this.open.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((done) => this.server?.listen(0, '127.0.0.1', done));
    const address = this.server.address();
    return typeof address === 'object' && address ? address.port : 0;
  }

  /** Refuses every connection from now on and drops the ones open (kept-alive ones too). */
  sever(): void {
    this.cut = true;
    for (const s of this.open) s.destroy();
  }

  async stop(): Promise<void> {
    this.sever();
    await new Promise((done) => this.server?.close(done));
  }
}

const relay = new GatewayRelay();
let site: Site;
let browser: Browser;

beforeAll(async () => {
  const relayPort = await relay.start();
  // Every wait of the porting 100 times shorter: the window is scheduled about 75 s after an application.
  [site, browser] = await Promise.all([
    startSite(undefined, {
      PORTING_TIME_SCALE: '100',
      BDPN_STANDIN: 'true',
      BDPN_GATEWAY_URL: `http://127.0.0.1:${relayPort}/bdpn-standin`,
    }),
    launchBrowser(),
  ]);
  relay.target = Number(new URL(site.url).port);
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await relay.stop();
  if (site) removeDir(site.dataDir);
});

async function newContext(viewport: ViewportName): Promise<BrowserContext> {
  return browser.newContext({ viewport: VIEWPORTS[viewport], locale: 'ru-RU', timezoneId: 'Europe/Moscow' });
}

/** A new browser context at `viewport` with a page signed in as the test citizen `who`. */
async function signedIn(viewport: ViewportName, who: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(viewport);
  const page = await context.newPage();
  await page.goto(`${site.url}/account`);
  await page.waitForURL(/\/esia-standin\/aas\/oauth2\/v2\/ac\?/, { timeout: 15_000 });
  await page.getByRole('button', { name: new RegExp(`Войти как ${who}`) }).click();
  await page.waitForURL((url) => url.pathname === '/account', { timeout: 15_000 });
  return { context, page };
}

/** A call of the site's API from the page, as its own code makes it (cookies, the CSRF header). */
async function call(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
    },
    { method, path, body },
  );
}

interface OrderAnswer {
  id: number;
  status: string;
  regionCode: number;
  fromOperator: { operatorId: number };
  earliestPortationAt: string;
  canWithdraw: boolean;
  events: { kind: string }[];
}

/** A draft of the signed-in citizen's number with a tariff of another operator chosen (steps 1 and 2). */
async function draft(page: Page, msisdn: string): Promise<OrderAnswer> {
  const init = await call(page, 'POST', '/api/v1/order/portation/init', { msisdn });
  expect(init.status, JSON.stringify(init.body)).toBe(200);
  const order = init.body as unknown as OrderAnswer;
  const all = await call(page, 'GET', `/api/v2/tariff/all?RegionCode=${order.regionCode}`);
  const tariffs = (all.body?.data ?? []) as { id: number; operatorId: number }[];
  const tariff = tariffs.find((t) => t.operatorId !== order.fromOperator.operatorId);
  expect(tariff).toBeDefined();
  const chosen = await call(page, 'PUT', `/api/v1/order/portation/${order.id}`, {
    operatorId: tariff?.operatorId,
    tariffId: tariff?.id,
    portationAt: order.earliestPortationAt,
  });
  expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
  return chosen.body as unknown as OrderAnswer;
}

/** A submitted application of the signed-in citizen's verified number. */
async function submitted(page: Page, msisdn: string): Promise<number> {
  const order = await draft(page, msisdn);
  const terms = await call(page, 'GET', `/api/v1/order/portation/${order.id}/terms`);
  const sent = await call(page, 'PUT', `/api/v1/order/portation/${order.id}/submit`, {
    consent: true,
    sim: { kind: 'esim' },
    contractVersion: terms.body?.version,
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return order.id;
}

async function orderOf(page: Page, id: number): Promise<OrderAnswer> {
  return (await call(page, 'GET', `/api/v1/order/portation/${id}`)).body as unknown as OrderAnswer;
}

/** Asks the server every half second until `ok` holds for the order (bounded). */
async function untilOrder(page: Page, id: number, ok: (o: OrderAnswer) => boolean, timeout = 180_000) {
  await expect.poll(async () => ok(await orderOf(page, id)), { timeout, interval: 500 }).toBe(true);
}

/** Pages that stuck out sideways or reached the window's edge. */
const tooWide: string[] = [];

/** Screenshots of the page at both sizes (into /tmp), noting anything wider than the window. */
async function shoot(page: Page, name: string): Promise<void> {
  const own = page.viewportSize();
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `/tmp/wizard-ux-${name}-${size}.png`, fullPage: true });
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (wide > 0) tooWide.push(`${name}: ${wide}px wider than the ${size}`);
  }
  if (own) await page.setViewportSize(own);
}

const WHILE = 'Отозвать заявление можно, пока БДПН не назначила окно переноса';
const CLOSED = 'БДПН назначила окно переноса — отозвать заявление уже нельзя.';

describe('withdrawing an application', () => {
  it('is offered only until the window is scheduled; a refusal meanwhile refreshes the page and takes the focus', async () => {
    const { context: desktop, page } = await signedIn('desktop', 'Мария Кузнецова');
    // One application, its window scheduled about 75 s from now, open in two tabs: one follows it live,
    // the other hears nothing (a tab left open). Her third number (79994445566) is blocked by its donor
    // and is refused at once, so it cannot stand in for a second application.
    const live = await submitted(page, '79053334455');
    const stale = live;
    const findings: Finding[] = [];

    // The live page: the button and the rule while the window is not scheduled.
    await page.goto(`${site.url}/portation/${live}/done`);
    await page.getByTestId('withdraw-rule').filter({ hasText: WHILE }).waitFor();
    await page.getByRole('button', { name: 'Отозвать заявление' }).waitFor();
    expect(await page.getByTestId('order-status').innerText()).toBe('В обработке');
    findings.push(...(await audit(page, 'done, before the window (desktop)')));
    await shoot(page, 'withdraw-open');

    // The stale page (no live updates, as a tab left open): still offers the button.
    const phone = await desktop.newPage();
    await phone.setViewportSize(VIEWPORTS.phone);
    await phone.route('**/api/v1/account/events', (route) => route.abort());
    await phone.goto(`${site.url}/portation/${stale}/done`);
    await phone.getByRole('button', { name: 'Отозвать заявление' }).waitFor();

    // The window is scheduled: the live page drops the button and says why, without a reload.
    await page.getByTestId('withdraw-rule').filter({ hasText: CLOSED }).waitFor({ timeout: 180_000 });
    expect(await page.getByRole('button', { name: 'Отозвать заявление' }).count()).toBe(0);
    await page.getByText(/Назначено окно переноса/).waitFor();
    findings.push(...(await audit(page, 'done, window scheduled (desktop)')));
    await shoot(page, 'withdraw-closed');

    // The account names the porting by its application and gives the order's day, though at this time
    // scale the window the central database scheduled runs today.
    const day = /Дата переноса\s+(\d{1,2} [а-я]+ \d{4})/.exec(await page.getByTestId('done-card').innerText())?.[1];
    await page.getByRole('link', { name: 'Перенос в личном кабинете' }).click();
    await page.getByTestId('portation-date').waitFor();
    expect(await page.getByTestId('portation-date').innerText()).toBe(day);
    expect(await page.locator('main h1').innerText()).toBe(`Перенос по заявлению № ${live}`);
    expect(await page.getByTestId('portation-status').innerText()).toBe('В обработке');

    // The stale page's withdrawal is refused: the order is read again, the reason takes the focus.
    await untilOrder(phone, stale, (o) => !o.canWithdraw);
    await phone.getByRole('button', { name: 'Отозвать заявление' }).click();
    await phone.getByRole('button', { name: 'Да, отозвать' }).click();
    const notice = phone.getByTestId('withdraw-notice');
    await notice.filter({ hasText: 'Отозвать заявление нельзя' }).waitFor();
    expect(await notice.innerText()).toMatch(/Окно переноса уже назначено \(.*\): отозвать заявление нельзя/);
    expect(await phone.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('withdraw-notice');
    await phone.getByTestId('withdraw-rule').filter({ hasText: CLOSED }).waitFor();
    expect(await phone.getByRole('button', { name: 'Отозвать заявление' }).count()).toBe(0);
    expect(await phone.getByTestId('order-status').innerText()).toBe('В обработке');
    findings.push(...(await audit(phone, 'done, withdrawal refused (phone)')));
    await shoot(phone, 'withdraw-refused');

    // Reloaded, the page says the same: the order is the source of truth.
    await phone.reload();
    await phone.getByTestId('withdraw-rule').filter({ hasText: CLOSED }).waitFor();
    expect(await phone.getByRole('button', { name: 'Отозвать заявление' }).count()).toBe(0);
    await desktop.close();
    expect(findings, report(findings)).toEqual([]);
    expect(tooWide).toEqual([]);
  }, 300_000);

  it('keeps the button when the central database does not answer, and withdraws once it does', async () => {
    const { context, page } = await signedIn('desktop', 'Алексей Смирнов');
    const id = await submitted(page, '79286667788');
    // Filed with the central database: only it can say whether the porting can still be stopped.
    await untilOrder(page, id, (o) => o.events.some((e) => e.kind === 'registered'), 60_000);
    await page.goto(`${site.url}/portation/${id}/done`);
    await page.getByRole('button', { name: 'Отозвать заявление' }).click();

    relay.sever();
    try {
      await page.getByRole('button', { name: 'Да, отозвать' }).click();
      const notice = page.getByTestId('withdraw-notice');
      await notice.filter({ hasText: 'БДПН сейчас не отвечает' }).waitFor();
      expect(await notice.innerText()).toContain('Попробуйте через несколько минут');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('withdraw-notice');
      // Nothing changed: still under way, the button still there to try again.
      expect(await page.getByTestId('order-status').innerText()).toBe('В обработке');
      await page.getByRole('button', { name: 'Отозвать заявление' }).waitFor();
      await shoot(page, 'withdraw-unavailable');
    } finally {
      relay.cut = false;
    }

    await page.getByRole('button', { name: 'Отозвать заявление' }).click();
    await page.getByRole('button', { name: 'Да, отозвать' }).click();
    await page.getByTestId('withdraw-notice').filter({ hasText: 'Заявление отозвано' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('withdraw-notice');
    await page.getByTestId('order-status').filter({ hasText: 'Отменено' }).waitFor();
    await page.locator('main h1', { hasText: 'Перенос не состоится' }).waitFor();
    expect(await page.getByTestId('order-reason').innerText()).toContain('Номер остаётся у нынешнего оператора');
    const findings = await audit(page, 'done, withdrawn (desktop)');
    await shoot(page, 'withdrawn');
    await context.close();
    expect(findings, report(findings)).toEqual([]);
    expect(tooWide).toEqual([]);
  }, 180_000);

  it('deletes a draft from its step, and the focus goes to what happened', async () => {
    const { context, page } = await signedIn('phone', 'Дмитрий Морозов');
    const order = await draft(page, '79851112233');
    const findings: Finding[] = [];
    // Step 2 on a phone puts the tariffs first (issue 36): the filters behind a button, the calculator one
    // line after the list until asked for.
    await page.goto(`${site.url}/portation/${order.id}/tariffs`);
    const first = page.getByTestId('tariff-card').first();
    await first.waitFor();
    const toggle = page.getByTestId('today-toggle');
    expect((await first.boundingBox())?.y ?? 9999).toBeLessThan((await toggle.boundingBox())?.y ?? 0);
    expect(await page.getByRole('button', { name: 'Фильтры' }).isVisible()).toBe(true);
    expect(await page.getByText('Абонентская плата, ₽/мес').isVisible()).toBe(false);
    expect(await page.getByLabel('Или мой счёт в месяц').isVisible()).toBe(false);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await page.getByLabel('Или мой счёт в месяц').waitFor();
    findings.push(...(await audit(page, 'step 2, calculator open (phone)')));
    await page.goto(`${site.url}/portation/${order.id}/submit`);
    await page.getByTestId('chosen-day').waitFor();
    // A draft has no window to wait for: no rule, just the button.
    expect(await page.getByTestId('withdraw-rule').count()).toBe(0);
    await page.getByRole('button', { name: 'Удалить черновик' }).click();
    await page.getByRole('button', { name: 'Да, удалить' }).click();
    const gone = page.getByTestId('order-not-editable');
    await gone.filter({ hasText: 'Заявление удалено' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'order-not-editable');
    // At the top, where the result is said: not left scrolled down where the button was, over a blank page.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect((await orderOf(page, order.id)).status).toBe('Deleted');
    findings.push(...(await audit(page, 'step 3, draft deleted (phone)')));
    await context.close();
    expect(findings, report(findings)).toEqual([]);
  }, 120_000);
});

describe('step 3', () => {
  const drafts = {
    desktop: ['Иван Иванов', '79037654321', 'ivanov@example.ru'],
    phone: ['Рустам Ахмедов', '79642223344', 'rustam@example.ru'],
  } as const;

  it.each(Object.keys(VIEWPORTS) as ViewportName[])(
    'keeps the chosen date and the typed e-mail over a reload, and says where letters go (%s)',
    async (viewport) => {
      const [who, msisdn, esiaEmail] = drafts[viewport];
      const { context, page } = await signedIn(viewport, who);
      const order = await draft(page, msisdn);
      await page.goto(`${site.url}/portation/${order.id}/submit`);

      // The order has no e-mail yet: the Госуслуги one is in the field, and the field says so.
      const email = page.getByLabel('Электронная почта');
      await expect.poll(() => email.inputValue()).toBe(esiaEmail);
      const described = await page.locator(`#${await email.getAttribute('aria-describedby')}`).innerText();
      expect(described).toContain(`Если оставить поле пустым, письма придут на почту из Госуслуг: ${esiaEmail}.`);

      // Another day and another address, each saved in the order as it is chosen.
      const calendar = page.getByRole('table').filter({ has: page.locator('button[data-selected]') });
      const days = calendar.locator('button:not([data-disabled]):not([data-selected]):not([data-outside])');
      const day = days.nth(2);
      const label = (await day.getAttribute('aria-label')) ?? '';
      let saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/${order.id}`));
      await day.click();
      expect((await saved).status()).toBe(200);
      const chosen = await page.getByTestId('chosen-day').innerText();
      saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/${order.id}`));
      await email.fill('new.address@example.ru');
      await email.blur();
      expect((await saved).status()).toBe(200);

      // Weekends stay red, dark enough to read (red-9, 5.4:1 on white).
      const weekend = calendar.locator('button[data-weekend]:not([data-disabled]):not([data-selected])').first();
      expect(await weekend.evaluate((b) => getComputedStyle(b).color)).toBe('rgb(201, 42, 42)');
      const findings = await audit(page, `step 3 (${viewport})`);

      await page.reload();
      await page
        .getByTestId('chosen-day')
        .filter({ hasText: chosen.replace('Выбрано: ', '') })
        .waitFor();
      expect(await page.getByTestId('chosen-day').innerText()).toBe(chosen);
      expect(await page.getByRole('button', { name: label, exact: true }).getAttribute('data-selected')).toBe('true');
      expect(await email.inputValue()).toBe('new.address@example.ru');
      const stored = (await orderOf(page, order.id)) as unknown as { email: string; portationAt: string };
      expect(stored.email).toBe('new.address@example.ru');
      await page.screenshot({ path: `/tmp/wizard-ux-step3-reloaded-${viewport}.png`, fullPage: true });
      await context.close();
      expect(findings, report(findings)).toEqual([]);
    },
    120_000,
  );
});

describe('back after signing in', () => {
  const numbers = { desktop: '9030000011', phone: '9030000012' } as const;

  it.each(Object.keys(VIEWPORTS) as ViewportName[])(
    'from step 2 leads back to step 1, signed in, with no «Вход не выполнен» (%s)',
    async (viewport) => {
      const context = await newContext(viewport);
      const page = await context.newPage();
      await page.goto(`${site.url}/portation/init`);
      await page.getByLabel('Номер телефона').click();
      await page.keyboard.type(numbers[viewport]);
      await page.getByRole('button', { name: 'Проверить номер' }).click();
      await page.getByTestId('order-created').waitFor();
      await page.getByRole('button', { name: 'Войти и выбрать тариф' }).click();
      await page.waitForURL(/\/esia-standin\/aas\/oauth2\/v2\/ac\?/, { timeout: 15_000 });
      await page.getByRole('button', { name: /Войти как Иван Иванов/ }).click();
      await page.waitForURL(/\/portation\/\d+\/tariffs$/, { timeout: 15_000 });
      await page.locator('main h1', { hasText: 'Шаг 2' }).waitFor();

      await page.goBack();
      await page.waitForURL(`${site.url}/portation/init`, { timeout: 15_000 });
      await page.locator('main h1', { hasText: 'Шаг 1' }).waitFor();
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      // Signed in still, and nothing claims otherwise.
      expect((await call(page, 'GET', '/api/v1/esia/userinfo')).body).toMatchObject({ isLogged: true });
      expect(await page.getByText('Вход не выполнен').count()).toBe(0);
      await context.close();
    },
    90_000,
  );
});

describe('landlines', () => {
  it.each(Object.keys(VIEWPORTS) as ViewportName[])(
    'are kept as typed or pasted on /check and step 1, with a message instead of a lookup (%s)',
    async (viewport) => {
      const context = await newContext(viewport);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
      const page = await context.newPage();
      const asked: string[] = [];
      page.on('request', (r) => {
        const path = new URL(r.url()).pathname;
        if (path === '/api/v1.1/msisdn/info/single' || path === '/api/v1/order/portation/init') asked.push(path);
      });
      for (const path of ['/check', '/portation/init']) {
        await page.goto(`${site.url}${path}`);
        const field = page.getByLabel('Номер телефона');
        const description = page.locator(`#${(await field.getAttribute('aria-describedby'))?.split(' ')[0]}`);
        expect(await description.innerText()).toContain('Городские номера сайт не проверяет и не переносит.');

        // Typed key by key, the Moscow landline stays itself (it once became +7 (951) 234-56-7_).
        await field.click();
        await page.keyboard.type('8 495 123-45-67');
        expect(await field.inputValue()).toBe('+7 (495) 123-45-67');
        await page.getByText('+7 (495) 123-45-67 — не мобильный номер, а городской или служебный.').waitFor();
        await page.getByRole('button', { name: /^Проверить/ }).click();
        await page.getByText('Сайт проверяет и переносит только мобильные номера', { exact: false }).waitFor();

        // Pasted, it fills the field as written (it once emptied it).
        await field.fill('');
        await field.click();
        await page.evaluate(() => navigator.clipboard.writeText('8 (812) 555-01-02'));
        await page.keyboard.press('Control+V');
        await expect.poll(() => field.inputValue()).toBe('+7 (812) 555-01-02');
        await page.getByText('+7 (812) 555-01-02 — не мобильный номер').waitFor();

        // The 8 in front of a mobile number is dropped, the 8 of a code is not.
        await field.fill('');
        await field.click();
        await page.keyboard.type('89161234567');
        expect(await field.inputValue()).toBe('+7 (916) 123-45-67');
        await field.fill('');
        await field.click();
        await page.keyboard.type('88005553535');
        expect(await field.inputValue()).toBe('+7 (800) 555-35-35');
        await page.screenshot({ path: `/tmp/wizard-ux-landline${path.replace(/\//g, '-')}-${viewport}.png` });
      }
      // A landline is never looked up: nothing was spent.
      expect(asked).toEqual([]);
      await context.close();
    },
    90_000,
  );

  it('step 1 says when the day’s lookups are spent and when they renew, as /check does', async () => {
    const context = await newContext('phone');
    const page = await context.newPage();
    await page.goto(`${site.url}/portation/init`);
    for (;;) {
      const answer = await call(page, 'POST', '/api/v1.1/msisdn/info/single', { msisdn: '79030000001' });
      if (answer.status === 429) break;
      expect(answer.status).toBe(200);
    }
    await page.getByLabel('Номер телефона').click();
    await page.keyboard.type('9030000013');
    await page.getByRole('button', { name: 'Проверить номер' }).click();
    const refusal = page.getByTestId('portation-refusal');
    await refusal.filter({ hasText: 'Проверки на сегодня закончились' }).waitFor();
    expect(await refusal.innerText()).toMatch(
      /Лимит проверок на сегодня исчерпан\. Новые проверки будут доступны \d{2}\.\d{2}\.\d{4}, 00:00 \(МСК\)\./,
    );
    await page.screenshot({ path: '/tmp/wizard-ux-step1-quota-phone.png', fullPage: true });
    await context.close();
  }, 90_000);
});
