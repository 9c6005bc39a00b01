import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, removeDir, runCli, type Site, startSite, watchErrors } from './site';

let site: Site;
let browser: Browser;

beforeAll(async () => {
  // Flags are switched with the operator's CLI on the site's own database, while the site is stopped
  // (PGlite allows one process at a time), then the site starts again.
  const first = await startSite();
  await first.stop();
  await runCli(['flags', '--', 'disable', 'News'], first.dataDir);
  await runCli(['flags', '--', 'disable', 'OperatorPage'], first.dataDir);
  [site, browser] = await Promise.all([startSite(first.dataDir), launchBrowser()]);
});
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

  it('reports the switched flags through the API', async () => {
    const res = await fetch(`${site.url}/api/v1/setting/feature/list`);
    const flags = (await res.json()) as { feature: string; isEnabled: boolean }[];
    expect(flags.find((f) => f.feature === 'News')?.isEnabled).toBe(false);
    expect(flags.find((f) => f.feature === 'Portation')?.isEnabled).toBe(true);
  });
});
