import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { audit, clippedLabels, type Finding, report, untilStill } from './axe';
import { type Site, withSiteAndBrowser } from './site';

let site: Site;
let browser: Browser;
withSiteAndBrowser((s, b) => {
  site = s;
  browser = b;
});

const VIEWPORTS = {
  desktop: { width: 1366, height: 900 },
  phone: { width: 390, height: 844 },
} as const;
type ViewportName = keyof typeof VIEWPORTS;

// One concrete address per route of the table; the wizard's signed-in steps use the demo's real orders.
const ADDRESSES: Record<string, string[]> = {
  home: ['/'],
  tariffs: ['/tariffs'],
  'tariffs-region': ['/tariffs/moskva'],
  portation: ['/portation'],
  'portation-init': ['/portation/init'],
  'portation-tariffs': ['WIZARD_TARIFFS'],
  'portation-submit': ['WIZARD_SUBMIT'],
  'portation-order': ['WIZARD_DONE'],
  contact: ['/contacts'],
  check: ['/check'],
  about: ['/about'],
  coverage: ['/coverage'],
  account: ['/account'],
  'account-alerts': ['/account/alerts'],
  'data-erased': ['/account/erased'],
  'account-orders': ['/account/79161234567/orders', '/account/79161234567/orders/2'],
  'account-portations': ['/account/79161234567/portations'],
  // The id is read from the portations list (see below): a real portation of the signed-in citizen.
  'account-portation-info': ['PORTATION_INFO'],
  error: ['/error?url=%2Ftariffs'],
  faq: ['/faq'],
  news: ['/news'],
  story: ['/story/kak-vybrat-datu-perenosa'],
  'operator-map': ['/operators/map'],
  operators: ['/operators'],
  operator: ['/operator/mts'],
  'not-found': ['/no-such-page'],
  // The back office answers 404 to a citizen; staff.e2e.ts audits its every page as granted staff.
  staff: [],
};

// The route table is read as text: importing it would pull the pages (React, CSS) into Node.
const routeTable = [
  ...readFileSync(new URL('../src/app/route-table.ts', import.meta.url), 'utf8').matchAll(
    /\{\s*name: '([^']+)',\s*path: '[^']*'[^}]*?\}/g,
  ),
].map((m) => ({ name: m[1] ?? '', auth: /auth: true/.test(m[0]) }));
const PUBLIC = routeTable.filter((r) => !r.auth).flatMap((r) => ADDRESSES[r.name] ?? [`missing:${r.name}`]);
const PRIVATE = routeTable.filter((r) => r.auth).flatMap((r) => ADDRESSES[r.name] ?? [`missing:${r.name}`]);

// A11Y_SCREENSHOTS=/tmp/shots also saves a full-page picture of every audited page, to look at the layout.
const SCREENSHOTS = process.env.A11Y_SCREENSHOTS;

/** Waits until the page has drawn its own content: a heading in main and no loaders or skeletons. */
async function settle(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor({ timeout: 15_000 });
  await page
    .waitForFunction(() => !document.querySelector('main .mantine-Skeleton, main .mantine-Loader'), null, {
      timeout: 10_000,
    })
    .catch(() => undefined);
  // Mantine transitions fade content in; axe must see the final colours.
  await untilStill(page);
}

async function auditAll(page: Page, viewport: ViewportName, paths: string[], signedIn: boolean): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const path of paths) {
    await page.goto(site.url + path);
    await settle(page);
    const where = `${path} (${viewport}${signedIn ? ', signed in' : ''})`;
    findings.push(...(await audit(page, where)), ...(await clippedLabels(page, where)));
    if (SCREENSHOTS) {
      const name = `${viewport}${signedIn ? '-in' : ''}${path.replace(/[^a-z0-9]+/gi, '-')}`;
      await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
    }
  }
  return findings;
}

async function newContext(viewport: ViewportName): Promise<BrowserContext> {
  // A Moscow visitor: /tariffs then offers «Ваш регион — г. Москва?» with its two buttons, checked for cut-off labels too.
  return browser.newContext({ viewport: VIEWPORTS[viewport], locale: 'ru-RU', timezoneId: 'Europe/Moscow' });
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${site.url}/account`);
  await page.waitForURL(/\/esia-standin\/aas\/oauth2\/v2\/ac\?/, { timeout: 15_000 });
  await page.getByRole('button', { name: /Войти как Иван Иванов/ }).click();
  await page.waitForURL((url) => url.pathname === '/account', { timeout: 15_000 });
}

describe('accessibility (axe-core, WCAG 2.2 AA): no serious or critical violations', () => {
  it('covers every route of the table', () => {
    expect(routeTable.length).toBeGreaterThanOrEqual(20);
    expect([...PUBLIC, ...PRIVATE].filter((p) => p.startsWith('missing:'))).toEqual([]);
  });

  it.each(Object.keys(VIEWPORTS) as ViewportName[])(
    'every page, signed out and signed in, %s',
    async (viewport) => {
      const context = await newContext(viewport);
      const page = await context.newPage();
      const findings = await auditAll(page, viewport, PUBLIC, false);

      // The first Tab offers the skip link, and it lands in the page's main content.
      await page.goto(`${site.url}/tariffs`);
      await settle(page);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Перейти к содержанию');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.activeElement?.id === 'main');

      // The region map zoomed to the European part, a subject focused from the keyboard and named beside it.
      await page.goto(`${site.url}/operators/map`);
      await settle(page);
      const map = page.getByRole('group', { name: 'Карта субъектов России' });
      await map.getByRole('button').nth(88).waitFor();
      await page.getByText('Европейская часть', { exact: true }).click();
      await map.getByRole('button', { pressed: true }).focus();
      await page.keyboard.press('ArrowUp');
      await page.getByTestId('region-map-tip').waitFor();
      findings.push(...(await audit(page, `/operators/map zoomed, focused (${viewport})`)));
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${viewport}-operators-map-focused.png` });

      // The mobile menu drawer (phone) is part of every page.
      if (viewport === 'phone') {
        await page.goto(`${site.url}/`);
        await settle(page);
        await page.getByRole('button', { name: 'Открыть меню' }).click();
        await page.getByRole('dialog').waitFor();
        findings.push(...(await audit(page, `/ menu (${viewport})`)));

        // On a phone the tariff filters open in a drawer that says how many tariffs they leave.
        await page.goto(`${site.url}/tariffs/moskva`);
        await settle(page);
        await page.getByRole('button', { name: 'Фильтры' }).click();
        const show = page.getByRole('button', { name: /^Показать \d+ тариф(а|ов)?$/ });
        await show.waitFor();
        findings.push(...(await audit(page, `/tariffs/moskva filters (${viewport})`)));
        if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/phone-tariffs-filters.png` });
        await show.click();
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      }

      // A tariff's detail window, its close button named.
      await page.goto(`${site.url}/tariffs/moskva`);
      await settle(page);
      await page.getByRole('button', { name: 'Подробнее' }).first().click();
      const detail = page.getByRole('dialog');
      await detail.getByRole('button', { name: 'Закрыть описание тарифа' }).waitFor();
      await detail.getByRole('table').waitFor();
      findings.push(...(await audit(page, `/tariffs/moskva tariff detail (${viewport})`)));

      await signIn(page);
      await settle(page);
      await page.goto(`${site.url}/account/79161234567/portations`);
      await settle(page);
      const info = await page.locator('main a[href*="/portation/"]').first().getAttribute('href');
      // Иванов's demo draft (step 2 and 3) and his application under way (its done page).
      await page.goto(`${site.url}/account/79251112233/orders`);
      await settle(page);
      const draft = await page.locator('main a[href$="/tariffs"]').first().getAttribute('href');
      await page.goto(`${site.url}/account/79161234567/orders`);
      await settle(page);
      const done = await page.locator('main a[href$="/done"]').first().getAttribute('href');
      const found: Record<string, string | null> = {
        PORTATION_INFO: info,
        WIZARD_TARIFFS: draft,
        WIZARD_SUBMIT: draft?.replace(/\/tariffs$/, '/submit') ?? null,
        WIZARD_DONE: done,
      };
      expect(Object.keys(found).filter((k) => !found[k])).toEqual([]);
      const privatePaths = PRIVATE.map((p) => found[p] ?? p);
      findings.push(...(await auditAll(page, viewport, ['/', '/check', ...privatePaths], true)));
      await context.close();
      expect(findings, report(findings)).toEqual([]);
    },
    // About 30 s on an idle machine; generous for a shared, loaded one.
    300_000,
  );
});
