import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gotoBeforeHydration, type Site, watchErrors, withSiteAndBrowser } from './site';

let site: Site;
let browser: Browser;
withSiteAndBrowser((s, b) => {
  site = s;
  browser = b;
});

// Pages a visitor lands on from a search engine, with their heading and something only their data says.
const DRAWN: [path: string, heading: RegExp, fromData: RegExp][] = [
  ['/', /перенес/i, /Проверьте номер/],
  ['/check', /Проверка номера/, /Номер телефона/],
  ['/tariffs/moskva', /Тарифы — г\. Москва/, /Найдено тарифов: \d+/],
  ['/faq', /Вопросы/, /\?/],
  ['/operators', /Операторы/, /Регионов: \d+/],
  ['/operator/mts', /МТС/, /Тариф|тариф/],
  ['/news', /Новости/, /Как выбрать дату переноса/],
  ['/about', /О переносе/, /перенос/i],
  ['/coverage', /покрыти/i, /МТС/],
  // The subjects' shapes (a 364 KB file of the site's, not an API answer) are drawn by the browser.
  ['/operators/map', /регионам/, /Субъекты России на карте/],
];

/** Requests to the API a page makes, by path. */
function watchApi(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/') && !url.pathname.endsWith('.svg')) calls.push(url.pathname);
  });
  return calls;
}

/** The site's filled primary colour: the green theme's shade 8 (apps/web/src/app/theme.ts). */
const GREEN_8 = '#1e7b34';
const primaryColour = (page: Page) =>
  page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--mantine-primary-color-filled').trim(),
  );

describe('pages drawn on the server', () => {
  it('arrive drawn with their data: a browser without JavaScript shows the page, its title and description', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const [path, heading, fromData] of DRAWN) {
      const res = await page.goto(site.url + path);
      expect(res?.status(), path).toBe(200);
      expect(await page.locator('main h1').first().innerText(), path).toMatch(heading);
      expect(await page.locator('main').innerText(), path).toMatch(fromData);
      expect(await page.title(), path).toMatch(/ — Перенос номера$|^Перенос номера$/);
      expect(await page.locator('meta[name="description"]').getAttribute('content'), path).toBeTruthy();
      // The theme's colours come from its linked stylesheet (decision 121), with no script to draw them.
      expect(await primaryColour(page), path).toBe(GREEN_8);
    }
    // An address of no page says so, with the status a search engine reads.
    const missing = await page.goto(`${site.url}/no-such-page`);
    expect(missing?.status()).toBe(404);
    expect(await page.locator('main h1').innerText()).toMatch(/не найдена/);
    await context.close();
  });

  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ] as const) {
    it(`are taken over by the browser at ${width} px without a mismatch, without asking again for their data`, async () => {
      const page = await browser.newPage({ viewport: { width, height } });
      const errors = watchErrors(page);
      for (const [path, heading] of DRAWN) {
        const api = watchApi(page);
        await page.goto(site.url + path, { waitUntil: 'networkidle' });
        expect(await page.locator('main h1').first().innerText(), path).toMatch(heading);
        // A mismatch between the server's HTML and the browser's first render is a console error (React 418).
        expect(errors, path).toEqual([]);
        // Taken over with the theme's stylesheet: the provider draws no variables of its own.
        expect(await primaryColour(page), path).toBe(GREEN_8);
        expect(await page.locator('style[data-mantine-styles="true"]').count(), path).toBe(0);
        // What the page was drawn with is not asked for again (the start-up's own requests included).
        for (const drawnWith of ['/api/v1/setting/feature/list', '/api/v1/esia/userinfo', '/api/v1/operator/list']) {
          expect(api, path).not.toContain(drawnWith);
        }
      }
      await page.close();
    });
  }

  it('then behave as the browser’s own pages: links navigate without a reload, filters change the list', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(`${site.url}/tariffs/moskva`, { waitUntil: 'networkidle' });
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    const count = page.getByTestId('tariff-count');
    const before = await count.innerText();
    await page.getByText('по убыванию').click();
    await page.waitForURL(/desc=/);
    await page
      .getByRole('navigation', { name: 'Основное меню' })
      .getByRole('link', { name: 'Вопросы', exact: true })
      .click();
    await page.locator('main h1', { hasText: 'Вопросы' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(before).toMatch(/Найдено тарифов/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('opens an answer of the questions page without any script, and after the page is taken over, by its address', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const bare = await context.newPage();
    await bare.goto(`${site.url}/faq`);
    const question = bare.getByText('Сколько номеров можно проверить за день?');
    const answer = bare.getByText(/без входа доступно 20\s+проверок в сутки/);
    expect(await answer.isVisible()).toBe(false);
    await question.click();
    await answer.waitFor();
    await question.click();
    await answer.waitFor({ state: 'hidden' });
    await context.close();

    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(`${site.url}/faq#limit-proverok`);
    await page.getByText(/без входа доступно 20\s+проверок в сутки/).waitFor();
    expect(await page.locator('details[open]').count()).toBe(1);
    // Taken over by the browser, an answer still opens and closes with a click.
    await page.getByText('Что такое перенос номера (MNP)?').click();
    await expect.poll(() => page.locator('details[open]').count()).toBe(2);
    await page.getByText('Что такое перенос номера (MNP)?').click();
    await expect.poll(() => page.locator('details[open]').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('draws a signed-in visitor’s page with their name in the header, from their session cookie', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${site.url}/account`);
    await page.waitForURL(/\/esia-standin\/aas\/oauth2\/v2\/ac\?/, { timeout: 15_000 });
    await page.getByRole('button', { name: /Войти как Иван Иванов/ }).click();
    await page.waitForURL((url) => url.pathname === '/account', { timeout: 15_000 });
    // The HTML itself, before any script: the server read the session and drew the account's header.
    const res = await page.request.get(`${site.url}/check`);
    const html = await res.text();
    expect(html).toContain('Иван');
    expect(html).not.toContain('Войти через Госуслуги');
    await page.close();
  });

  it('runs no loading bar over a page it has taken over, however its code arrived', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const errors = watchErrors(page);
    // The page's own clock: the bar shows once a page has been loading for half a second
    // (ROUTE_LOADING_DELAY_MS); each visit is looked at two seconds on.
    await page.clock.install();
    const bar = page.getByRole('progressbar', { name: 'Загрузка страницы' });
    // Visits with the scripts cached arrive at any moment of the take-over: a module that came while the
    // page was being taken over left the bar running on over the drawn page, on about half of them.
    for (let visit = 1; visit <= 8; visit++) {
      await page.goto(`${site.url}/faq`);
      await page.clock.runFor(2_000);
      expect(await bar.count(), `visit ${visit}`).toBe(0);
      expect(await page.locator('main h1').innerText()).toMatch(/Вопросы/);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps a number typed into the drawn form before the page’s code arrived, and looks it up', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = watchErrors(page);
    // The page's scripts are held back until the visitor has typed, as on a slow connection.
    let release = () => {};
    const scriptsHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/*.js', async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await gotoBeforeHydration(page, `${site.url}/check`);
    const field = page.getByRole('textbox', { name: 'Номер телефона' });
    await field.click();
    await page.keyboard.type('8 926 123-45-67');
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    release();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    // The mask writes the number its own way, and nothing typed is lost.
    await expect.poll(() => field.inputValue()).toBe('+7 (926) 123-45-67');
    await field.press('Enter');
    await page.getByText('Номер перенесён').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
