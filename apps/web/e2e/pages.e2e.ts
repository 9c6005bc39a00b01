import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { LocalAnswer, LocalCall } from '@perenos/api-client';
import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Site, withSiteAndBrowser } from './site';

// Issue 21: a page view is one render of the app, from the data its route's loader declared; every page
// answers HEAD as GET; visitors without cookies are served the node's kept copy, anyone else their own.

let site: Site;
let browser: Browser;
withSiteAndBrowser((s, b) => {
  site = s;
  browser = b;
});

interface Entry {
  render(request: { url: string; answer: (call: LocalCall) => Promise<LocalAnswer> }): Promise<{
    html: string;
    renders: number;
    missed: string[];
    notFound: boolean;
    state: { queries: unknown[] };
  }>;
}

const entryFile = resolve(fileURLToPath(new URL('../dist-server/entry-server.js', import.meta.url)));
let entry: Entry;
let cookie = '';
let msisdn = '';

beforeAll(async () => {
  if (!existsSync(entryFile)) throw new Error('Нет сборки: выполните npm run build');
  entry = (await import(pathToFileURL(entryFile).href)) as Entry;
  // A citizen's session, signed in through the ESIA stand-in as a browser would.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${site.url}/account`);
  await page.waitForURL(/\/esia-standin\/aas\/oauth2\/v2\/ac\?/, { timeout: 15_000 });
  await page.getByRole('button', { name: /Войти как Иван Иванов/ }).click();
  await page.waitForURL((url) => url.pathname === '/account', { timeout: 15_000 });
  cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const info = (await (await page.request.get(`${site.url}/api/v1/account/info`)).json()) as {
    msisdns: { msisdn: string }[];
  };
  msisdn = info.msisdns[0]?.msisdn ?? '';
  await context.close();
});

/** The entry's API calls, answered by the running site with the visitor's cookie. */
const siteAnswer =
  (withCookie: string) =>
  async (call: LocalCall): Promise<LocalAnswer> => {
    const url = new URL(call.url);
    const headers = new Headers(call.headers);
    headers.set('origin', site.url);
    if (withCookie) headers.set('cookie', withCookie);
    const response = await fetch(site.url + url.pathname + url.search, {
      method: call.method,
      headers,
      ...(call.body === undefined ? {} : { body: call.body }),
    });
    const answered: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      answered[name] = value;
    });
    return { status: response.status, headers: answered, body: await response.text() };
  };

const PUBLIC: [path: string, fromData: RegExp][] = [
  ['/', /Проверьте номер/],
  ['/check', /Номер телефона/],
  ['/tariffs', /Москва/],
  ['/tariffs/moskva', /Найдено тарифов: \d+/],
  ['/tariffs/moskva?kind=Package&priceMax=800&traffic=20', /Найдено тарифов: \d+/],
  ['/tariffs/moskva?view=calc', /Тарифы — г\. Москва/],
  // A tariff's card open and two compared: the tariffs and the services' names they show.
  ['/tariffs/moskva?tariff=1&compare=1,2', /Найдено тарифов: \d+/],
  ['/faq', /\?/],
  ['/about', /перенос/i],
  ['/operators', /Регионов: \d+/],
  ['/operators/2', /Операторы/],
  ['/operator/mts', /ИНН/],
  ['/operators/map', /Субъекты России на карте/],
  ['/news', /Как выбрать дату переноса/],
  ['/story/kak-vybrat-datu-perenosa', /Как выбрать дату переноса/],
  ['/coverage', /МТС/],
  ['/contacts', /Контакты/],
  ['/portation', /перенос/i],
];

describe('one render per page view', () => {
  it('draws every public page once, with every query its first render reads already answered', async () => {
    for (const [path, fromData] of PUBLIC) {
      const page = await entry.render({ url: path, answer: siteAnswer('') });
      expect(page.renders, path).toBe(1);
      expect(page.missed, path).toEqual([]);
      expect(page.notFound, path).toBe(false);
      // React separates neighbouring text with empty comments.
      expect(page.html.replaceAll('<!-- -->', ''), path).toMatch(fromData);
    }
  });

  it('leaves the coverage zone to the map in the browser: the drawn page names the operators, without shapes', async () => {
    const page = await entry.render({ url: '/coverage', answer: siteAnswer('') });
    const state = JSON.stringify(page.state);
    expect(state).toContain('"slug":"mts"');
    expect(state).not.toMatch(/FeatureCollection|"coordinates"/);
    expect(page.missed).toEqual([]);
  });

  it('draws a signed-in citizen’s pages once, with their data', async () => {
    expect(msisdn).toMatch(/^7\d{10}$/);
    for (const path of ['/account', `/account/${msisdn}/portations`, `/account/${msisdn}/orders`, '/check']) {
      const page = await entry.render({ url: path, answer: siteAnswer(cookie) });
      expect(page.renders, path).toBe(1);
      expect(page.missed, path).toEqual([]);
      expect(page.html, path).toContain('Иванович');
    }
    // The quota is the citizen's own here, so it is drawn with the page.
    expect((await entry.render({ url: '/check', answer: siteAnswer(cookie) })).html).toContain('Осталось проверок');
  });
});

describe('every page over HTTP', () => {
  const routes = [
    ...PUBLIC.map(([p]) => p),
    '/account',
    '/no-such-page',
    '/operators/abc',
    '/robots.txt',
    '/sitemap.xml',
  ];

  it('answers HEAD as GET: the same status and headers, no body', async () => {
    for (const path of routes) {
      for (const headers of [{}, { cookie }] as Record<string, string>[]) {
        const get = await fetch(site.url + path, { headers, redirect: 'manual' });
        await get.arrayBuffer();
        const head = await fetch(site.url + path, { method: 'HEAD', headers, redirect: 'manual' });
        expect(head.status, path).toBe(get.status);
        expect(await head.text(), path).toBe('');
        for (const name of ['content-type', 'cache-control', 'vary', 'content-encoding']) {
          expect(head.headers.get(name), `${path} ${name}`).toBe(get.headers.get(name));
        }
      }
    }
  });

  it('serves visitors without cookies the kept page, revalidated by ETag, and a signed-in visitor their own', async () => {
    for (const [path] of PUBLIC) {
      await (await fetch(site.url + path)).arrayBuffer();
      const kept = await fetch(site.url + path);
      const body = await kept.text();
      expect(kept.headers.get('x-page-cache'), path).toBe('hit');
      expect(kept.headers.get('cache-control'), path).toBe('public, no-cache');
      expect(body, path).not.toContain('Иванович');
      const again = await fetch(site.url + path, { headers: { 'if-none-match': kept.headers.get('etag') ?? '' } });
      expect(again.status, path).toBe(304);
      const mine = await fetch(site.url + path, { headers: { cookie } });
      // Their own page (kept for them alone where it may be, decision 149), never the one kept for everyone.
      expect(mine.headers.get('etag'), path).not.toBe(kept.headers.get('etag'));
      expect(mine.headers.get('cache-control'), path).toBe('private, no-cache');
      expect(await mine.text(), path).toContain('Иванович');
    }
  });
});
