import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Site, watchErrors, withSiteAndBrowser } from './site';

let site: Site;
let browser: Browser;
withSiteAndBrowser((s, b) => {
  site = s;
  browser = b;
});

async function signInFrom(page: Page, path: string, citizen: RegExp) {
  await page.goto(site.url + path);
  await page.waitForURL(/\/esia-standin\/aas\/oauth2\/v2\/ac\?/, { timeout: 15_000 });
  await page.getByRole('button', { name: citizen }).click();
  await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
}

/** Waits until the page's table shows `n` rows (lists swap while a new page loads). */
async function expectRows(page: Page, n: number): Promise<void> {
  await page.waitForFunction((count) => document.querySelectorAll('main table tbody tr').length === count, n, {
    timeout: 10_000,
  });
}

describe('sign-in through Госуслуги and the personal account', () => {
  it('walks a citizen from a protected page through the stand-in and back, through the account, and out', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);

    // A protected page sends the anonymous visitor to the stand-in's login page.
    await page.goto(`${site.url}/account/79161234567/orders/2`);
    await page.waitForURL(/\/esia-standin\/aas\/oauth2\/v2\/ac\?/, { timeout: 15_000 });
    await page.getByText('Госуслуги — тестовый вход').waitFor();
    expect(await page.getByRole('button', { name: /^Войти как/ }).count()).toBeGreaterThanOrEqual(6);
    await page.getByText('Нет подтверждённого мобильного номера').waitFor();
    await page.screenshot({ path: '/tmp/esia-standin-login.png', fullPage: true });

    // Choosing a citizen brings the browser back to the very page, signed in.
    await page.getByRole('button', { name: /Войти как Иван Иванов/ }).click();
    await page.waitForURL(`${site.url}/account/79161234567/orders/2`);
    await page.locator('main h1', { hasText: '+7 (916) 123-45-67' }).waitFor();
    // The header names the citizen by surname and initials (a full name was cut off); the tooltip has it all.
    await page.locator('header').getByText('Иванов И. И.').first().waitFor();
    expect(await page.locator('header [title="Иванов Иван Иванович"]').count()).toBeGreaterThan(0);
    await expectRows(page, 5);
    await page.getByText('Последний перенос').first().waitFor();
    await page.screenshot({ path: '/tmp/esia-account-orders-2.png', fullPage: true });

    // Page 1 has ten rows, newest first.
    await page.getByRole('button', { name: 'Страница 1' }).click();
    await page.waitForURL(`${site.url}/account/79161234567/orders`);
    // The table (wide screens; a phone gets the same rows as cards, hidden here).
    await page.locator('main table').getByText('В обработке', { exact: true }).first().waitFor();
    await expectRows(page, 10);

    // Portations, then one portation's timeline.
    await page.getByRole('tab', { name: 'Переносы' }).click();
    await page.waitForURL(`${site.url}/account/79161234567/portations`);
    await expectRows(page, 10);
    await page.screenshot({ path: '/tmp/esia-account-portations.png', fullPage: true });
    const doneRow = page.locator('main table tbody tr', { hasText: 'Номер перенесён' }).first();
    await doneRow.getByRole('link').click();
    await page.waitForURL(/\/account\/79161234567\/portation\/\d+$/);
    await page.getByRole('heading', { name: 'История' }).waitFor();
    const timeline = await page.locator('main').innerText();
    // Named by its application, with the statuses' one set of names.
    expect(timeline).toMatch(/^Перенос по заявлению № \d+/m);
    expect(timeline).toContain('Заявление создано');
    expect(timeline).toContain('Номер перенесён');
    expect(timeline).toMatch(/\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} \(МСК\)/);
    await page.screenshot({ path: '/tmp/esia-portation-info.png', fullPage: true });

    // The overview lists the citizen's numbers with operator and region.
    await page.goto(`${site.url}/account`);
    await page.locator('main article').first().waitFor();
    expect(await page.locator('main article').count()).toBe(3);
    const overview = await page.locator('main').innerText();
    expect(overview).toContain('+7 (903) 765-43-21');
    expect(overview).toContain('Москва');
    expect(overview).toContain('МегаФон');
    await page.screenshot({ path: '/tmp/esia-account.png', fullPage: true });
    expect(errors).toEqual([]);

    // Another citizen's number is simply not found.
    await page.goto(`${site.url}/account/79215550101/orders`);
    await page.locator('main h1', { hasText: 'Страница не найдена' }).waitFor();
    // The one expected failure: the API's 404 (and the browser's console note about it), asked once.
    expect(errors.filter((e) => e.startsWith('HTTP'))).toEqual([expect.stringContaining('HTTP 404')]);
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    errors.length = 0;

    // Signing out goes through ESIA's logout and back to the front page, signed out.
    await page.goto(`${site.url}/account`);
    // «Выйти» sits in the user menu, so it never runs off the header.
    const account = page.locator('header').getByRole('button', { name: /Иванов И\. И\./ });
    await account.click();
    const signOut = page.locator('header').getByRole('menuitem', { name: 'Выйти' });
    await signOut.waitFor();
    // The menu opens under its button (not in the page's corner) and says so to screen readers.
    expect(await account.getAttribute('aria-expanded')).toBe('true');
    const button = await account.boundingBox();
    const item = await signOut.boundingBox();
    expect(button && item && item.y > button.y && Math.abs(item.x + item.width - (button.x + button.width)) < 24).toBe(
      true,
    );
    await signOut.click();
    await page.waitForURL(`${site.url}/`);
    await page.locator('header').getByRole('link', { name: 'Войти через Госуслуги' }).first().waitFor();
    const info = await page.evaluate(async () => (await fetch('/api/v1/esia/userinfo')).json());
    expect(info).toEqual({ isLogged: false, expireAt: null, userName: null, isStaff: false });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('refreshes the session from the browser and refuses a refresh without the CSRF header', async () => {
    const page = await browser.newPage();
    await signInFrom(page, '/account', /Войти как Анна Петрова/);
    const result = await page.evaluate(async () => {
      const post = (headers: Record<string, string>) =>
        fetch('/api/v1/openid/token', {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
          body: 'grant_type=refresh_token',
        });
      const bare = (await post({})).status;
      const ok = await post({ 'X-Requested-With': 'XMLHttpRequest' });
      return { bare, ok: ok.status, body: await ok.json() };
    });
    expect(result.bare).toBe(403);
    expect(result.ok).toBe(200);
    expect(result.body.isLogged).toBe(true);
    await page.close();
  });

  it('tells a citizen who refused to sign in what happened', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${site.url}/account`);
    await page.waitForURL(/\/esia-standin\/aas\/oauth2\/v2\/ac\?/, { timeout: 15_000 });
    await page.getByRole('button', { name: 'Отказаться и вернуться на сайт' }).click();
    await page.getByText('Вход через Госуслуги отменён.').waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a citizen without numbers a Russian empty state', async () => {
    const page = await browser.newPage();
    await signInFrom(page, '/account', /Войти как Пётр Сидоров/);
    await page.getByText('Номеров пока нет').waitFor();
    await page.close();
  });
});
