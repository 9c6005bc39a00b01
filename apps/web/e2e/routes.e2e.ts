import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Site, watchErrors, withSiteAndBrowser } from './site';

let site: Site;
let browser: Browser;
withSiteAndBrowser((s, b) => {
  site = s;
  browser = b;
});

async function visit(
  path: string,
  expected?: RegExp | string,
  beforeLoad?: (page: Page) => Promise<unknown>,
): Promise<{ page: Page; errors: string[]; heading: string; text: string }> {
  const page = await browser.newPage();
  const errors = watchErrors(page);
  await beforeLoad?.(page);
  await page.goto(site.url + path);
  // Wait for the page's own heading, not a loading state's.
  const h1 = page.locator('main h1', expected ? { hasText: expected } : {}).first();
  await h1.waitFor({ timeout: 15_000 });
  // The title is set 50 ms after the page renders; a page titled like the site (/portation) is not doubled.
  await page.waitForFunction(() => document.title.includes('—') || location.pathname === '/portation');
  return { page, errors, heading: (await h1.innerText()).trim(), text: await page.locator('main').innerText() };
}

// One concrete address for every route of docs/product.md §2, with the heading a visitor sees there.
const PUBLIC_ROUTES: [string, RegExp][] = [
  ['/', /перенес/i],
  ['/tariffs', /Тарифы/],
  ['/tariffs/moskva', /Тарифы/],
  ['/portation', /Перенос номера/],
  ['/portation/init', /Шаг 1/],
  ['/contacts', /Контакты/],
  ['/check', /Проверка номера/],
  ['/about', /О переносе/],
  ['/coverage', /покрыти/i],
  ['/error?url=%2Ftariffs', /Ошибка сервера/],
  ['/faq', /Вопросы/],
  ['/news', /Новости/],
  ['/news/2', /Новости/],
  ['/story/kak-vybrat-datu-perenosa', /Как выбрать дату переноса/],
  ['/operators', /Операторы/],
  ['/operators/2', /Операторы/],
  ['/operator/mts', /МТС/],
  ['/operators/map', /регионам/],
];

const SIGN_IN_ROUTES = [
  '/portation/123/tariffs',
  '/portation/123/submit',
  '/portation/123/done',
  '/account',
  '/account/alerts',
  '/account/79161234567/orders',
  '/account/79161234567/orders/2',
  '/account/79161234567/portations',
  '/account/79161234567/portations/3',
  '/account/79161234567/portation/1',
];

describe('every route of the site', () => {
  it.each(PUBLIC_ROUTES)('%s shows its Russian page without errors', async (path, heading) => {
    const { page, errors, heading: h1, text } = await visit(path, heading);
    expect(h1).toMatch(heading);
    expect(text).toMatch(/[а-яё]{4,}/i);
    expect(text).not.toMatch(/undefined|NaN|\[object Object\]/);
    // Header and footer of the main layout are there.
    await expect(page.locator('header').getByText('Перенос номера').first().isVisible()).resolves.toBe(true);
    await expect(page.locator('footer').isVisible()).resolves.toBe(true);
    expect(await page.title()).toContain('Перенос номера');
    expect(errors).toEqual([]);
    await page.close();
  });

  it.each(SIGN_IN_ROUTES)('%s sends an anonymous visitor to the ESIA login and keeps the address', async (path) => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(site.url + path);
    // The guard sends the browser to /api/v1/esia/login, which signs the request and opens the stand-in.
    await page.waitForURL(/\/esia-standin\/aas\/oauth2\/v2\/ac\?/, { timeout: 15_000 });
    await page
      .getByRole('heading', { name: /Госуслуги/ })
      .first()
      .waitFor();
    const authorize = new URL(page.url());
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${site.url}/api/v1/esia/callback`);
    // The return address travels with the sign-in on the server side: choosing a citizen comes back to it.
    await page.getByRole('button', { name: /Войти как Иван Иванов/ }).click();
    await page.waitForURL((url) => url.pathname === path);
    // Back and signed in, the page asks for its record: order 123 is nobody's, so the API says 404 (and the
    // page says the order is not found); nothing else may fail.
    const missingOrder = (e: string) =>
      e.startsWith(`HTTP 404 ${site.url}/api/v1/order/portation/123`) || e.includes('status of 404');
    expect(errors.filter((e) => !(path.startsWith('/portation/123/') && missingOrder(e)))).toEqual([]);
    await page.close();
  });

  it('shows the not-found page for an unknown path and a bad page number', async () => {
    // An address of no route answers 404 (for search engines), an address of a route whose page finds
    // nothing (a page number that is not one) 200; both draw the same page.
    for (const [path, status] of [
      ['/no-such-page', 404],
      ['/tariffs/moskva/extra', 404],
      ['/operators/abc', 200],
    ] as const) {
      const { page, heading, errors } = await visit(path, 'Страница не найдена');
      expect(heading).toBe('Страница не найдена');
      const document = `HTTP 404 ${site.url}${path}`;
      expect(errors.filter((e) => e !== document && !e.includes('status of 404'))).toEqual([]);
      expect(errors.includes(document), path).toBe(status === 404);
      await page.close();
    }
  });

  it('lists operators with paging and opens an operator page', async () => {
    const { page, errors } = await visit('/operators');
    await page.getByText('Билайн').first().click();
    await page.waitForURL(/\/operator\/beeline$/);
    await page.getByText('7713076301').waitFor();
    expect(await page.locator('main h1').innerText()).toContain('Билайн');
    // The operator's tile: how many tariffs it sells and from what price.
    // A pay-as-you-go cheapest tariff is said as such, never «от 0 ₽/мес».
    await page
      .getByText(/Тарифов в каталоге: \d+, (от [1-9][\d\s\u00a0]*\u00a0₽\/мес|в том числе без абонентской платы)/)
      .waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('reads the news: a page of stories, then one story with its sanitised text', async () => {
    const { page, errors } = await visit('/news', 'Новости');
    const links = page.locator('main a[href^="/story/"]');
    // The heading comes before the stories: wait for the page of ten itself.
    await links.nth(9).waitFor();
    expect(await links.count()).toBe(10);
    await page.getByRole('button', { name: 'Следующая страница' }).click();
    await page.waitForURL(/\/news\/2$/);
    await page.getByRole('link', { name: 'Как выбрать дату переноса номера' }).waitFor({ state: 'detached' });
    await page.goto(`${site.url}/news`);
    await page.getByRole('link', { name: 'Как выбрать дату переноса номера' }).click();
    await page.waitForURL(/\/story\/kak-vybrat-datu-perenosa$/);
    await page.getByText('Номер переключается ночью').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows operators by region on the map of federal subjects, by mouse, by keyboard and by name', async () => {
    const { page, errors } = await visit('/operators/map', 'Операторы по регионам');
    // The heading comes before the regions' data and the base map: wait for the subjects themselves.
    const map = page.getByRole('group', { name: 'Карта субъектов России' });
    const subjects = map.getByRole('button');
    await subjects.nth(88).waitFor();
    expect(await subjects.count()).toBe(89);
    await map.getByRole('button', { name: /^Свердловская область: операторов/ }).click();
    await page.getByRole('heading', { name: 'Свердловская область' }).waitFor();
    expect(await page.locator('main').innerText()).toContain('Мотив');

    // Tab reaches the map once, at the chosen subject; arrow keys move the focus between subjects.
    await page.getByRole('combobox', { name: 'Найти регион' }).focus();
    await page.keyboard.press('Tab');
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    expect(await focused()).toMatch(/^Свердловская область: операторов/);
    await page.keyboard.press('ArrowLeft');
    const west = await focused();
    expect(west).toMatch(/: операторов — \d+$/);
    expect(west).not.toMatch(/^Свердловская/);
    // Hover and focus name the subject and its count beside it.
    const tip = page.getByTestId('region-map-tip');
    await tip.filter({ hasText: west.split(':')[0] }).waitFor();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    const south = await focused();
    expect(south).not.toBe(west);
    // Enter chooses the focused subject, as a click does.
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: south.split(':')[0] }).waitFor();
    expect(await map.getByRole('button', { pressed: true }).getAttribute('aria-label')).toBe(south);

    // A subject too small to point at has a marker to click…
    await map.locator('[data-marker="77"]').click();
    await page.getByRole('heading', { name: 'г. Москва' }).waitFor();
    // …and every subject is found by name.
    await page.getByRole('combobox', { name: 'Найти регион' }).fill('Севаст');
    await page.getByRole('option', { name: 'г. Севастополь' }).click();
    await page.getByRole('heading', { name: 'г. Севастополь' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('sends a message from the contacts page after the self-hosted captcha', async () => {
    const { page, errors } = await visit('/contacts', 'Контакты');
    await page.getByLabel('Имя').fill('Анна Петрова');
    await page.getByLabel('Электронная почта').fill('anna@');
    await page.getByRole('textbox', { name: 'Сообщение' }).fill('Когда придёт SMS о дате переноса номера?');
    const submit = page.getByRole('button', { name: 'Отправить' });
    expect(await submit.isDisabled()).toBe(true);
    await page.locator('altcha-widget input[type=checkbox]').click({ force: true });
    await page.waitForFunction(
      () => !document.querySelector('form button[type=submit]')?.hasAttribute('disabled'),
      null,
      {
        timeout: 30_000,
      },
    );
    // A wrong e-mail: one specific message, and the solved captcha stays solved.
    await submit.click();
    const emailError = page.getByText('Введите адрес электронной почты целиком, например anna@mail.ru.');
    await emailError.waitFor();
    expect(await emailError.count()).toBe(1);
    expect(await submit.isDisabled()).toBe(false);
    await page.getByLabel('Электронная почта').fill('anna@example.ru');
    await submit.click();
    await page.getByText('Сообщение отправлено').waitFor();
    expect(await page.getByRole('textbox', { name: 'Сообщение' }).inputValue()).toBe('');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("draws operators' coverage over Russia's outline, or links to the operator's own map", async () => {
    // Every city label the map draws has its name from the moment it is in the page: a screen reader
    // (and axe, in a11y.e2e.ts) never meets an empty tooltip.
    const { page, errors } = await visit('/coverage', 'Карта покрытия', (p) =>
      p.addInitScript(() => {
        const empty: string[] = [];
        Object.assign(window, { emptyTooltips: empty });
        new MutationObserver((records) => {
          for (const r of records) {
            for (const n of Array.from(r.addedNodes)) {
              if (n instanceof HTMLElement && n.classList.contains('leaflet-tooltip') && !n.textContent?.trim()) {
                empty.push(n.id || 'без id');
              }
            }
          }
        }).observe(document, { childList: true, subtree: true });
      }),
    );
    await page.locator('.leaflet-overlay-pane path').first().waitFor();
    await page.locator('.leaflet-tooltip', { hasText: 'Москва' }).first().waitFor();
    expect(await page.locator('.leaflet-overlay-pane path').count()).toBeGreaterThanOrEqual(20);
    // The base map is the site's own file, drawn under the coverage: 89 federal subjects, their
    // borders and the country's outline, then the operator's zones.
    await page.waitForFunction(() => document.querySelectorAll('.leaflet-overlay-pane path').length >= 91 + 20);
    await page.getByText('Билайн', { exact: true }).first().click();
    await page.locator('.leaflet-overlay-pane path').first().waitFor();
    // No projection jargon for consumers.
    expect(await page.getByText(/EPSG|проекци/).count()).toBe(0);
    await page.getByText('Yota', { exact: true }).first().click();
    const link = page.getByRole('link', { name: 'Открыть карту покрытия Yota' });
    expect(await link.getAttribute('href')).toBe('https://www.yota.ru/coverage');
    expect(await page.evaluate(() => (window as unknown as { emptyTooltips: string[] }).emptyTooltips)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('scrolls to a hash target below the header and to the top on a new path', async () => {
    const { page } = await visit('/about');
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.getByRole('link', { name: 'Вопросы' }).first().click();
    await page.waitForURL(/\/faq$/);
    await page.waitForFunction(() => window.scrollY === 0);
    await page.close();
  });
});
