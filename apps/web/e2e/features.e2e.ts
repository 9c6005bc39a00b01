import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  closeOpenPages,
  launchBrowser,
  newDataDir,
  removeDir,
  runCli,
  type Site,
  startSite,
  watchErrors,
} from './site';

let site: Site;
let browser: Browser;

beforeAll(async () => {
  // Flags are switched with the operator's CLI on the site's own database before the site starts
  // (PGlite allows one process at a time).
  const dataDir = newDataDir();
  await runCli(['flags', '--', 'disable', 'News'], dataDir);
  await runCli(['flags', '--', 'disable', 'OperatorPage'], dataDir);
  await runCli(['flags', '--', 'disable', 'EsiaAuth'], dataDir);
  [site, browser] = await Promise.all([startSite(dataDir), launchBrowser()]);
});
afterEach(() => closeOpenPages(browser));
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  if (site) removeDir(site.dataDir);
});

describe('feature flags', () => {
  it('hides a disabled feature: its routes are not found and its links are gone', async () => {
    const page = await browser.newPage();
    for (const path of ['/news', '/story/any', '/operators', '/operator/mts']) {
      // The not-found page, with the status a search engine reads.
      const res = await page.goto(site.url + path);
      expect(res?.status(), path).toBe(404);
      await page.locator('main h1').waitFor();
      expect(await page.locator('main h1').innerText()).toBe('Страница не найдена');
    }
    const errors = watchErrors(page);
    const nav = page.getByRole('navigation', { name: 'Основное меню' });
    await nav.getByRole('link', { name: 'Тарифы' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Новости' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Операторы', exact: true }).count()).toBe(0);
    // Features still on keep their routes and links.
    expect(await nav.getByRole('link', { name: 'Перенести номер' }).count()).toBe(1);
    await page.goto(`${site.url}/operators/map`);
    await page.locator('main h1').waitFor();
    expect(await page.locator('main h1').innerText()).not.toBe('Страница не найдена');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says sign-in is unavailable on the account and the wizard while «Вход через Госуслуги» is off', async () => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const page = await browser.newPage({ viewport });
      const errors = watchErrors(page);
      const visited: string[] = [];
      page.on('request', (request) => visited.push(new URL(request.url()).pathname));
      for (const path of ['/account', '/account/79161234567/orders', '/portation/1/tariffs', '/portation/1/submit']) {
        // Drawn by the server already, and kept by the browser: no trip to ESIA's login (a 404 in JSON now).
        await page.goto(site.url + path);
        await page.getByTestId('sign-in-unavailable').waitFor();
        expect(await page.locator('main h1').innerText(), path).toBe('Вход временно недоступен');
        expect(new URL(page.url()).pathname, path).toBe(path);
      }
      expect(visited.filter((p) => p.startsWith('/api/v1/esia/login'))).toEqual([]);
      // Nothing offers to sign in, and what works without it is a link away.
      expect(await page.getByRole('link', { name: /Войти/ }).count()).toBe(0);
      await page.getByRole('link', { name: 'Проверить номер' }).first().click();
      await page.waitForURL(`${site.url}/check`);
      await page.screenshot({ path: `/tmp/web22-sign-in-unavailable-${viewport.width}.png`, fullPage: true });
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('reports the switched flags through the API', async () => {
    const res = await fetch(`${site.url}/api/v1/setting/feature/list`);
    const flags = (await res.json()) as { feature: string; isEnabled: boolean }[];
    expect(flags.find((f) => f.feature === 'News')?.isEnabled).toBe(false);
    expect(flags.find((f) => f.feature === 'EsiaAuth')?.isEnabled).toBe(false);
    expect(flags.find((f) => f.feature === 'Portation')?.isEnabled).toBe(true);
  });
});
