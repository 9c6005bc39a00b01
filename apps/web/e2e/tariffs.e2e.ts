import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Site, watchErrors, withSiteAndBrowser } from './site';

let site: Site;
let browser: Browser;
withSiteAndBrowser((s, b) => {
  site = s;
  browser = b;
});

/** Digits of a price text: «1 290 ₽/мес» → 1290. */
const rub = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));

async function prices(page: Page): Promise<number[]> {
  return (await page.getByTestId('tariff-price').allInnerTexts()).map(rub);
}

async function count(page: Page): Promise<number> {
  const text = await page.getByTestId('tariff-count').innerText();
  return Number(text.replace(/\D/g, ''));
}

async function waitForCount(page: Page, notEqual: number) {
  await page.waitForFunction(
    (n) => {
      const el = document.querySelector('[data-testid="tariff-count"]');
      return el && Number(el.textContent?.replace(/\D/g, '')) !== n;
    },
    notEqual,
    { timeout: 10_000 },
  );
}

describe('tariffs', () => {
  it('changes region with the picker, by mouse and by keyboard; its list is drawn only when opened', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${site.url}/tariffs/moskva`);
    await page.locator('html[data-hydrated="true"]').waitFor();
    await page.getByTestId('tariff-card').first().waitFor();
    // A closed picker keeps none of Russia's regions in the page (they were drawn hidden, and redrawn
    // several times after the page was taken over, in the way of the first tap).
    const drawnOptions = () => page.locator('[role="option"]').count(); // hidden ones too
    expect(await drawnOptions()).toBe(0);

    const picker = page.getByRole('combobox', { name: 'Регион' });
    await picker.click();
    await page.getByRole('option', { name: 'Республика Татарстан' }).waitFor();
    expect(await page.getByRole('option').count()).toBeGreaterThan(80);
    await picker.fill('Санкт');
    await page.getByRole('option', { name: 'Санкт-Петербург' }).click();
    await page.waitForURL(/\/tariffs\/sankt-peterburg$/);
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent?.includes('Санкт-Петербург'));
    expect(await drawnOptions()).toBe(0);

    // The keyboard: type, arrow down to the first match, Enter.
    await picker.fill('');
    await picker.pressSequentially('Новосиб');
    await picker.press('ArrowDown');
    await picker.press('Enter');
    await page.waitForURL(/\/tariffs\/novosibirskaya-oblast$/);
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent?.includes('Новосибирская'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('picks a region, remembers it, and narrows the list with filters kept in a shareable URL', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${site.url}/tariffs`);
    await page.getByRole('heading', { level: 1, name: /Тарифы/ }).waitFor();
    await page.getByRole('link', { name: 'Санкт-Петербург' }).click();
    await page.waitForURL(/\/tariffs\/sankt-peterburg$/);
    await page.getByTestId('tariff-card').first().waitFor();
    expect(await page.locator('main h1').innerText()).toContain('Санкт-Петербург');

    // The next visit to /tariffs goes straight to the remembered region.
    await page.goto(`${site.url}/tariffs`);
    await page.waitForURL(/\/tariffs\/sankt-peterburg$/);
    await page.getByTestId('tariff-card').first().waitFor();

    const all = await count(page);
    expect(all).toBeGreaterThan(10);
    const sorted = await prices(page);
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));

    await page.getByRole('switch', { name: 'Интернет: только безлимит' }).click({ force: true });
    await waitForCount(page, all);
    const unlimited = await count(page);
    expect(unlimited).toBeLessThan(all);
    expect(page.url()).toContain('trafficUnlim=1');
    for (const card of await page.getByTestId('tariff-card').all()) {
      expect(await card.innerText()).toContain('безлимит');
    }

    const priceTo = page.getByRole('textbox', { name: 'Цена до' });
    await priceTo.fill('1000');
    await priceTo.press('Enter');
    await waitForCount(page, unlimited);
    const narrowed = await count(page);
    expect(narrowed).toBeGreaterThan(0);
    expect(Math.max(...(await prices(page)))).toBeLessThanOrEqual(1000);
    expect(page.url()).toContain('priceMax=1000');

    // The address restores the same filters in a fresh browser.
    const shared = page.url();
    const other = await browser.newPage();
    const otherErrors = watchErrors(other);
    await other.goto(shared);
    await other.getByTestId('tariff-card').first().waitFor();
    expect(await count(other)).toBe(narrowed);
    expect(await other.getByRole('textbox', { name: 'Цена до' }).inputValue()).toBe('1 000');
    expect(otherErrors).toEqual([]);
    await other.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('compares tariffs side by side, highlights differences, and shares the comparison', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${site.url}/tariffs/moskva`);
    const boxes = page.getByRole('checkbox', { name: /^Сравнить: / });
    await boxes.first().waitFor();
    const names = await page.getByTestId('tariff-card').locator('h3').allInnerTexts();
    // The URL carries the comparison, so the box turns on once the address has changed.
    await boxes.nth(0).click();
    await page.waitForURL(/compare=/);
    await boxes.nth(3).click();
    await page.waitForURL(/compare=\d+(%2C|,)\d+/);
    const table = page.getByTestId('compare-table');
    await table.waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="compare-table"] thead th').length === 3);
    const header = await table.locator('thead').innerText();
    expect(header).toContain(names[0]);
    expect(header).toContain(names[3]);
    expect(await table.locator('tr[data-differs]').count()).toBeGreaterThan(0);
    expect(await table.innerText()).toContain('₽/мес');
    expect(page.url()).toMatch(/compare=\d+(%2C|,)\d+/);

    const shared = await browser.newPage();
    await shared.goto(page.url());
    await shared.getByTestId('compare-table').waitFor();
    await shared.waitForFunction(
      () => document.querySelectorAll('[data-testid="compare-table"] thead th').length === 3,
    );
    expect(await shared.getByTestId('compare-table').locator('thead').innerText()).toContain(names[3]);
    await shared.close();

    // Details of one tariff open in a dialog.
    await page.getByRole('button', { name: 'Подробнее' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Продаётся в регионах').waitFor();
    expect(await dialog.innerText()).toContain(names[0]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('ranks every tariff of the region by the cost of the user’s own use, with the arithmetic', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${site.url}/tariffs/moskva?view=calc`);
    await page.getByTestId('calc-row').first().waitFor();
    for (const [label, value] of [
      ['Минут в месяц', '100'],
      ['SMS в месяц', '0'],
      ['Интернет в месяц', '0'],
    ] as const) {
      const input = page.getByRole('textbox', { name: label });
      await input.fill(value);
      await input.press('Enter');
    }
    await page.getByRole('button', { name: 'Рассчитать' }).click();
    await page.waitForFunction(() => /useMin=100&useSms=0&useTraffic=0/.test(window.location.search));
    // T2 «Классический»: no fee, 100 minutes at 1,80 ₽ — 180 ₽, cheaper than any package in Moscow.
    const first = page.getByTestId('calc-row').first();
    await page
      .waitForFunction(() => document.querySelector('[data-testid="calc-row"]')?.textContent?.includes('Классический'))
      .catch(async (error) => {
        throw new Error(`${error}\nПервая строка: ${await first.innerText()}\nАдрес: ${page.url()}`);
      });
    const text = (await first.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('Минуты: 100 мин × 1,80 ₽ = 180 ₽');
    expect(rub(await first.getByTestId('calc-total').innerText())).toBe(180);
    const totals = (await page.getByTestId('calc-total').allInnerTexts()).map(rub);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(errors).toEqual([]);
    await page.close();
  });
});
