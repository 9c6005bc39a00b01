import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Site, watchErrors, withSiteAndBrowser } from './site';

// The site started as the real ESIA would be met: the stand-in signs its tokens with GOST R 34.10-2012
// (a key made at start by OpenSSL's GOST engine), and the site checks them with the certificate the
// stand-in publishes, through the same code as ESIA_PUBLIC_KEY of the real ESIA (decision 050).
let site: Site;
let browser: Browser;
withSiteAndBrowser(
  (s, b) => {
    site = s;
    browser = b;
  },
  { ESIA_STANDIN_TOKEN_ALG: 'GOST3410_2012_256' },
);

describe('sign-in with GOST-signed ESIA tokens', () => {
  it.each([
    ['desktop', { width: 1366, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const)(
    'brings a citizen from a protected page through the stand-in and back, signed in (%s)',
    async (name, viewport) => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${site.url}/account`);
      await page.waitForURL(/\/esia-standin\/aas\/oauth2\/v2\/ac\?/, { timeout: 15_000 });
      await page.getByText('Подпись токенов: ГОСТ Р 34.10-2012, 256 бит.').waitFor();
      await page.screenshot({ path: `/tmp/esia-gost-standin-${name}.png`, fullPage: false });
      await page.getByRole('button', { name: /Войти как Иван Иванов/ }).click();
      await page.waitForURL(`${site.url}/account`, { timeout: 15_000 });
      await page.locator('main article').first().waitFor();
      expect(await page.locator('main').innerText()).toContain('+7 (916) 123-45-67');
      const info = await page.evaluate(async () => (await fetch('/api/v1/esia/userinfo')).json());
      expect(info).toMatchObject({ isLogged: true, userName: 'Иванов Иван Иванович' });
      await page.screenshot({ path: `/tmp/esia-gost-account-${name}.png`, fullPage: false });
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
