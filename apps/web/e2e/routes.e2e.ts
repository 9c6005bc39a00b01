import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, removeDir, type Site, startSite, watchErrors } from './site';

let site: Site;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  if (site) removeDir(site.dataDir);
});

async function visit(
  path: string,
  expected?: RegExp | string,
): Promise<{ page: Page; errors: string[]; heading: string; text: string }> {
  const page = await browser.newPage();
  const errors = watchErrors(page);
  await page.goto(site.url + path);
  // Wait for the page's own heading, not a loading state's.
  const h1 = page.locator('main h1', expected ? { hasText: expected } : {}).first();
  await h1.waitFor({ timeout: 15_000 });
  // The title is set 50 ms after the page renders.
  await page.waitForFunction(() => document.title.includes('—'));
  return { page, errors, heading: (await h1.innerText()).trim(), text: await page.locator('main').innerText() };
}

// One concrete address for every route of spec §2, with the heading a visitor sees there.
const PUBLIC_ROUTES: [string, RegExp][] = [
  ['/', /перенес/i],
  ['/tariffs', /Тарифы/],
  ['/tariffs/moskva', /Тарифы/],
  ['/portation', /Перенос номера/],
  ['/portation/init', /шаг 1/],
  ['/contacts', /Контакты/],
  ['/check', /Проверка номера/],
  ['/about', /О переносе/],
  ['/coverage', /покрыти/i],
  ['/error?url=%2Ftariffs', /Ошибка сервера/],
  ['/faq', /Вопросы/],
  ['/news', /Новости/],
  ['/news/2', /Новости/],
  ['/story/perenos-nomera', /Новость/],
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

  it.each(SIGN_IN_ROUTES)('%s asks an anonymous visitor to sign in and keeps the address', async (path) => {
    const { page, errors, heading } = await visit(path, 'Нужен вход');
    expect(heading).toBe('Нужен вход');
    const href = await page.getByRole('link', { name: 'Войти через Госуслуги' }).last().getAttribute('href');
    expect(href).toBe(`/api/v1/esia/login?returnUrl=${encodeURIComponent(path)}`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the not-found page for an unknown path and a bad page number', async () => {
    for (const path of ['/no-such-page', '/tariffs/moskva/extra', '/operators/abc']) {
      const { page, heading, errors } = await visit(path, 'Страница не найдена');
      expect(heading).toBe('Страница не найдена');
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('lists operators with paging and opens an operator page', async () => {
    const { page, errors } = await visit('/operators');
    await page.getByText('Билайн').first().click();
    await page.waitForURL(/\/operator\/beeline$/);
    await page.getByText('7713076301').waitFor();
    expect(await page.locator('main h1').innerText()).toContain('Билайн');
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
