import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CITIZENS, type CookieJar, signIn } from '../../test/esia';
import { loadConfig } from '../config/env';
import { DrawLimiter, NOT_FOUND_KEY, PageCache, pageKey } from '../lib/page-cache';
import { bumpNewsVersion } from '../modules/news/repository';
import { news } from '../modules/news/tables';
import { operators } from '../modules/operators/tables';
import { regions } from '../modules/regions/tables';
import { createTestApp, type TestApp } from '../test/app';

// A web build whose server entry draws what this server's API says about the visitor (their name from the
// session, the quota of their address on /check) and counts its draws, so a test sees who a page was drawn
// for and whether it was drawn again or served as kept.
const web = mkdtempSync(join(tmpdir(), 'perenos-page-cache-'));
const dist = join(web, 'dist');
mkdirSync(dist);
mkdirSync(join(web, 'dist-server'));
writeFileSync(
  join(dist, 'index.html'),
  `<!doctype html>
<html lang="ru">
  <head>
    <meta name="description" content="Перенос мобильного номера." />
    <title>Перенос номера</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`,
);
writeFileSync(
  join(web, 'dist-server', 'entry-server.js'),
  `export const SERVER_STATE_ID = 'server-state';
let draws = 0;
// The route table's say: the parameters each page reads; none of the site's routes matches an unknown path.
const KNOWN = /^\\/($|tariffs(\\/[^/]+)?$|news$|story\\/[^/]+$|check$|operators$|operator\\/[^/]+$|account$)/;
export function pageSearch(pathname) {
  if (!KNOWN.test(pathname)) return undefined;
  return pathname.startsWith('/tariffs') ? ['priceMax', 'op'] : [];
}
export async function render({ url, answer }) {
  const call = (path, init = {}) =>
    answer({ method: init.method ?? 'GET', url: 'http://server-render.invalid' + path, headers: init.headers ?? {}, body: init.body });
  const json = async (path, init) => JSON.parse((await call(path, init)).body);
  const me = await json('/api/v1/esia/userinfo');
  const regions = await json('/api/v1/region/list');
  let quota = '';
  if (url.startsWith('/operators')) {
    const list = await json('/api/v1/operator/list?Skip=0&Take=10');
    quota = '<p>Первый оператор: ' + list.data[0].name + '</p>';
  }
  if (url.startsWith('/operator/')) {
    const tile = await json('/api/v1/operator/tile/1');
    quota = '<p>Тарифов оператора: ' + tile.tariffCount + '</p>';
  }
  if (url.startsWith('/news')) {
    const list = await json('/api/v1/news?Page=1&PageSize=10');
    quota = '<p>Первая новость: ' + list.data[0].title + '</p>';
  }
  if (url.startsWith('/check')) {
    const left = await json('/api/v1.1/msisdn/info/quota', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: '{}',
    });
    quota = '<p>Квота: ' + left.remainingCount + '</p>';
  }
  draws += 1;
  return {
    html: '<h1>' + (me.isLogged ? me.userName : 'Гость') + '</h1><p>Регионов: ' + regions.length + '</p>' + quota +
      '<p>Отрисовка ' + draws + '</p>' + '<p>Адрес ' + url.replace(/[<&]/g, '') + '</p>' + '<p>' + 'Ж'.repeat(2000) + '</p>',
    title: 'Страница',
    description: undefined,
    card: url.startsWith('/story/') ? { type: 'article' } : undefined,
    state: { theme: 'green', queries: {} },
    notFound: url === '/nope' || url === '/404',
    renders: 1,
    missed: [],
  };
}
`,
);

const PAGES = ['/', '/tariffs/moskva', '/news', '/story/kak-vybrat-datu-perenosa', '/nope'];

let t: TestApp;
let ivanov: CookieJar;
let petrova: CookieJar;
/** Five signed-in people: a person's page is kept for them (decision 149), so five views draw five pages. */
let five: CookieJar[];
beforeAll(async () => {
  const defaults = loadConfig({ NODE_ENV: 'test' });
  t = await createTestApp({
    webDist: dist,
    pageCacheBytes: 8 * 1024 * 1024,
    // Many pages drawn from one address here; the bound has its own test below.
    pageDrawsPerMinute: 0,
    // The data version is read every 50 ms here (a second by default).
    lookup: { ...defaults.lookup, pollMs: 50 },
  });
  ivanov = (await signIn(t.app, CITIZENS.ivanov)).jar;
  petrova = (await signIn(t.app, CITIZENS.petrova)).jar;
  const more = [CITIZENS.sidorov, CITIZENS.smirnov, CITIZENS.fedorova];
  five = [ivanov, petrova, ...(await Promise.all(more.map(async (oid) => (await signIn(t.app, oid)).jar)))];
});
afterAll(async () => {
  await t.close();
  rmSync(web, { recursive: true, force: true });
});

const heading = (body: string) => /<h1>(.*?)<\/h1>/.exec(body)?.[1];
const drawNo = (body: string) => /Отрисовка (\d+)/.exec(body)?.[1];
const nameOf = async (jar: CookieJar) => {
  const res = await t.app.inject({ method: 'GET', url: '/', headers: { cookie: jar.header() } });
  return heading(res.body);
};

/** How many times a route has answered (the renderer's own calls included), from the metrics. */
const routeCalls = async (route: string) => {
  const { body } = await t.app.metrics.text();
  return [...body.matchAll(/_count\{[^}]*route="([^"]*)"[^}]*\} (\d+)/g)]
    .filter((m) => m[1] === route)
    .reduce((sum, m) => sum + Number(m[2]), 0);
};

describe('the page cache', () => {
  it('never gives one citizen’s page to another or to an anonymous visitor, under parallel requests', async () => {
    const ivanovName = await nameOf(ivanov);
    const petrovaName = await nameOf(petrova);
    expect(ivanovName).not.toBe('Гость');
    expect(petrovaName).not.toBe(ivanovName);
    const visitors = [
      { who: 'Гость', headers: {} as Record<string, string> },
      { who: ivanovName, headers: { cookie: ivanov.header() } },
      { who: petrovaName, headers: { cookie: petrova.header() } },
    ];
    // Three rounds: the first fills the cache, the others are served from it; each page by all three at once.
    for (let round = 0; round < 3; round++) {
      const calls = PAGES.flatMap((url) =>
        visitors.flatMap((v) =>
          Array.from({ length: 4 }, () =>
            t.app.inject({ method: 'GET', url, headers: v.headers }).then((res) => ({ url, v, res })),
          ),
        ),
      );
      for (const { url, v, res } of await Promise.all(calls)) {
        expect(heading(res.body), `${url} for ${v.who}`).toBe(v.who);
        expect(res.headers.vary, url).toMatch(/Cookie/);
        if (v.who === 'Гость') {
          expect(res.headers['cache-control'], url).toBe('public, no-cache');
          expect(res.headers['x-page-cache'], url).toMatch(/^(hit|miss)$/);
        } else {
          // A signed-in page is theirs: kept for them alone (decision 149), never by a shared cache in front.
          expect(res.headers['cache-control'], url).toBe('private, no-cache');
          // A not-found page is drawn for every view: it names nobody's data worth keeping.
          expect(res.headers['x-page-cache'], url).toEqual(
            url === '/nope' ? undefined : expect.stringMatching(/^(hit|miss)$/),
          );
        }
      }
    }
    // The anonymous visitors of a round shared one draw: the cache hands out what it drew once.
    const a = await t.app.inject({ method: 'GET', url: '/news' });
    const b = await t.app.inject({ method: 'GET', url: '/news' });
    expect(a.headers['x-page-cache']).toBe('hit');
    expect(drawNo(a.body)).toBe(drawNo(b.body));
  });

  it('keeps no page that depends on the visitor’s address (the quota), nor one whose calls set a cookie', async () => {
    const [one, two] = await Promise.all([
      t.app.inject({ method: 'GET', url: '/check', remoteAddress: '10.0.0.1' }),
      t.app.inject({ method: 'GET', url: '/check', remoteAddress: '10.0.0.2' }),
    ]);
    for (const res of [one, two]) {
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers['x-page-cache']).toBeUndefined();
      expect(res.body).toContain('Квота: 20');
    }
    expect(drawNo(one.body)).not.toBe(drawNo(two.body));
  });

  it('answers 304 to a visitor who has the page, and the compressed form the browser takes', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/tariffs/moskva' });
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^W\/"/);
    const again = await t.app.inject({ method: 'GET', url: '/tariffs/moskva', headers: { 'if-none-match': tag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const br = await t.app.inject({
      method: 'GET',
      url: '/tariffs/moskva',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Cookie, Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
    const gz = await t.app.inject({ method: 'GET', url: '/tariffs/moskva', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(first.body);
  });

  // Before the tests that change the data: a change read mid-test would rightly ask again.
  it('asks whether a visitor without cookies is signed in once per data version; a signed-in one once while their page is kept', async () => {
    const userinfoCalls = () => routeCalls('/api/v1/esia/userinfo');
    // Pages of their own (each drawn, none kept yet), in parallel.
    const anonymous = (n: number) =>
      Promise.all(Array.from({ length: n }, (_, i) => t.app.inject({ method: 'GET', url: `/story/kept-${n}-${i}` })));
    for (const view of await anonymous(3)) expect(heading(view.body)).toBe('Гость');
    const asked = await userinfoCalls();
    for (const view of await anonymous(5)) expect(heading(view.body)).toBe('Гость');
    expect(await userinfoCalls()).toBe(asked);
    // Anyone with a cookie is asked about when their page is drawn (kept for them alone, decision 149), and
    // sees their own name.
    const views = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        t.app.inject({ method: 'GET', url: '/', headers: { cookie: (i % 2 ? ivanov : petrova).header() } }),
      ),
    );
    expect(views.map((v) => heading(v.body))).toEqual([
      'Петрова Анна Сергеевна',
      'Иванов Иван Иванович',
      'Петрова Анна Сергеевна',
      'Иванов Иван Иванович',
    ]);
    expect(await userinfoCalls()).toBeLessThanOrEqual(asked + 2);
  });

  it('draws the page again once the data it was drawn from changes (the news version)', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/news' });
    const kept = await t.app.inject({ method: 'GET', url: '/news' });
    expect(drawNo(kept.body)).toBe(drawNo(before.body));
    await t.database.handle.db.transaction((tx) => bumpNewsVersion(tx));
    // The version is read every 50 ms: the next draw comes within a bounded number of polls.
    let redrawn = false;
    for (let i = 0; i < 100 && !redrawn; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const res = await t.app.inject({ method: 'GET', url: '/news' });
      redrawn = drawNo(res.body) !== drawNo(before.body);
    }
    expect(redrawn).toBe(true);
  });

  it('keeps the reference answers pages are drawn from per data version, for signed-in visitors too', async () => {
    // How many times the regions route has answered (the renderer's own calls included).
    const regionCalls = () => routeCalls('/api/v1/region/list');
    const regionsOn = (html: string) => Number(/Регионов: (\d+)/.exec(html)?.[1]);
    const page = (jar = ivanov) => t.app.inject({ method: 'GET', url: '/account', headers: { cookie: jar.header() } });
    const first = await page();
    const asked = await regionCalls();
    // Drawn for each of five people (a person's page is theirs), without asking for the regions again.
    const views = await Promise.all(five.map((jar) => page(jar)));
    for (const view of views) expect(regionsOn(view.body)).toBe(regionsOn(first.body));
    expect(new Set(views.map((v) => drawNo(v.body))).size).toBe(5);
    expect(await regionCalls()).toBe(asked);
    // A new region moves the data version: the next pages are drawn from the new answer.
    await t.database.handle.db.insert(regions).values({
      code: 999,
      slug: 'test-region',
      name: 'Тестовый регион',
      shortName: 'Тестовый',
      federalDistrict: 'Центральный',
      gridX: 0,
      gridY: 0,
    });
    await expect
      .poll(async () => regionsOn((await page()).body), { timeout: 5_000, interval: 20 })
      .toBe(regionsOn(first.body) + 1);
    expect(await regionCalls()).toBeGreaterThan(asked);
    await t.database.handle.db.delete(regions).where(eq(regions.code, 999));
    // The removal read as a new version too, before the next test counts calls.
    await expect
      .poll(async () => regionsOn((await page()).body), { timeout: 5_000, interval: 20 })
      .toBe(regionsOn(first.body));
  });

  it('keeps the news list per data version: a signed-in reader’s views ask once, an edited story reaches the next', async () => {
    const newsCalls = () => routeCalls('/api/v1/news');
    const firstStory = (html: string) => /Первая новость: ([^<]+)/.exec(html)?.[1];
    const page = () => t.app.inject({ method: 'GET', url: '/news', headers: { cookie: petrova.header() } });
    const first = await page();
    const title = firstStory(first.body);
    expect(title).toBeTruthy();
    const asked = await newsCalls();
    const views = await Promise.all(Array.from({ length: 5 }, page));
    for (const view of views) expect(firstStory(view.body)).toBe(title);
    expect(await newsCalls()).toBe(asked);
    // Edited as the back office does it: the story and the news version in one transaction.
    const [row] = await t.database.handle.db
      .select()
      .from(news)
      .where(eq(news.title, title as string));
    expect(row).toBeDefined();
    await t.database.handle.db.transaction(async (tx) => {
      await tx
        .update(news)
        .set({ title: `${title} (исправлено)` })
        .where(eq(news.id, row?.id as number));
      await bumpNewsVersion(tx);
    });
    try {
      await expect
        .poll(async () => firstStory((await page()).body), { timeout: 5_000, interval: 20 })
        .toBe(`${title} (исправлено)`);
      expect(await newsCalls()).toBeGreaterThan(asked);
    } finally {
      await t.database.handle.db.transaction(async (tx) => {
        await tx
          .update(news)
          .set({ title })
          .where(eq(news.id, row?.id as number));
        await bumpNewsVersion(tx);
      });
      // The restored title read, before the next test counts calls.
      await expect.poll(async () => firstStory((await page()).body), { timeout: 5_000, interval: 20 }).toBe(title);
    }
  });

  it('keeps the operators’ answers per data version too: a renamed operator reaches the next view', async () => {
    const operatorCalls = () => routeCalls('/api/v1/operator/list');
    const firstOperator = (html: string) => /Первый оператор: ([^<]+)/.exec(html)?.[1];
    const page = () => t.app.inject({ method: 'GET', url: '/operators', headers: { cookie: ivanov.header() } });
    const first = await page();
    const name = firstOperator(first.body);
    expect(name).toBeTruthy();
    const asked = await operatorCalls();
    const views = await Promise.all(Array.from({ length: 5 }, page));
    for (const view of views) expect(firstOperator(view.body)).toBe(name);
    expect(await operatorCalls()).toBe(asked);
    // Renamed (as the back office or a reference import would): the operators' table moves the version.
    const [row] = await t.database.handle.db
      .select()
      .from(operators)
      .where(eq(operators.name, name as string));
    expect(row).toBeDefined();
    await t.database.handle.db
      .update(operators)
      .set({ name: `${name} (переименован)` })
      .where(eq(operators.id, row?.id as number));
    try {
      await expect
        .poll(async () => firstOperator((await page()).body), { timeout: 5_000, interval: 20 })
        .toBe(`${name} (переименован)`);
      expect(await operatorCalls()).toBeGreaterThan(asked);
    } finally {
      await t.database.handle.db
        .update(operators)
        .set({ name })
        .where(eq(operators.id, row?.id as number));
      // The restored name read, before the next test counts calls: a version read in its middle would
      // forget what it kept.
      await expect.poll(async () => firstOperator((await page()).body), { timeout: 5_000, interval: 20 }).toBe(name);
    }
  });

  it('keeps an operator’s tile per data version: a signed-in visitor’s views of its page ask once', async () => {
    const tileCalls = () => routeCalls('/api/v1/operator/tile/:id');
    const count = (html: string) => /Тарифов оператора: (\d+)/.exec(html)?.[1];
    const page = (jar = ivanov) =>
      t.app.inject({ method: 'GET', url: '/operator/mts', headers: { cookie: jar.header() } });
    const first = await page();
    expect(count(first.body)).toMatch(/^\d+$/);
    const asked = await tileCalls();
    expect(asked).toBeGreaterThan(0);
    const views = await Promise.all(five.map((jar) => page(jar)));
    for (const view of views) expect(count(view.body)).toBe(count(first.body));
    expect(new Set(views.map((v) => drawNo(v.body))).size).toBe(5);
    expect(await tileCalls()).toBe(asked);
  });

  it('writes a canonical link on every page and a sharing card where the page asks for one', async () => {
    const story = await t.app.inject({ method: 'GET', url: '/story/kak-vybrat-datu-perenosa' });
    const origin = t.app.siteOrigin();
    expect(story.body).toContain(`<link rel="canonical" href="${origin}/story/kak-vybrat-datu-perenosa" />`);
    expect(story.body).toContain('<meta property="og:type" content="article" />');
    expect(story.body).toContain(`<meta property="og:image" content="${origin}/og-card.png" />`);
    expect(story.body).toContain('<meta name="twitter:card" content="summary_large_image" />');
    const home = await t.app.inject({ method: 'GET', url: '/?utm_source=x' });
    expect(home.body).toContain(`<link rel="canonical" href="${origin}/" />`);
    expect(home.body).not.toContain('og:type');
  });
});

describe('the page cache keyed by what the page draws (issue 35)', () => {
  const drawnAddress = (body: string) => /Адрес ([^<]*)</.exec(body)?.[1];

  it('keeps one page for an address whatever parameters the page does not read: one draw, then hits', async () => {
    const answers = [];
    for (let i = 0; i < 40; i++) answers.push(await t.app.inject({ method: 'GET', url: `/tariffs/tomsk?cb=${i}` }));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    expect(answers.filter((a) => a.headers['x-page-cache'] === 'miss')).toHaveLength(1);
    expect(new Set(answers.map((a) => drawNo(a.body))).size).toBe(1);
    // Drawn for the key, not for the first visitor's spelling: the page carries no `cb`.
    expect(drawnAddress(answers[0]?.body ?? '')).toBe('/tariffs/tomsk');
    // The parameters the page reads stay in the key, in the order they came.
    const [a, b, c] = await Promise.all(
      [
        '/tariffs/tomsk?priceMax=500&cb=1',
        '/tariffs/tomsk?utm_source=x&priceMax=500',
        '/tariffs/tomsk?priceMax=600',
      ].map((url) => t.app.inject({ method: 'GET', url })),
    );
    expect(drawNo(a?.body ?? '')).toBe(drawNo(b?.body ?? ''));
    expect(drawnAddress(a?.body ?? '')).toBe('/tariffs/tomsk?priceMax=500');
    expect(drawNo(c?.body ?? '')).not.toBe(drawNo(a?.body ?? ''));
  });

  it('draws one not-found page for every address no route matches, and keeps it', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => t.app.inject({ method: 'GET', url: `/x${i}?cb=${i}` })),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.headers['cache-control']).toBe('public, no-cache');
      // A page that is not there names no canonical address (nor anybody's typo).
      expect(res.body).not.toContain('rel="canonical"');
      expect(res.body).not.toMatch(/\/x\d/);
    }
    expect(new Set(answers.map((a) => drawNo(a.body))).size).toBe(1);
    const again = await t.app.inject({ method: 'GET', url: '/xyz-another' });
    expect(again.statusCode).toBe(404);
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(drawNo(again.body)).toBe(drawNo(answers[0]?.body ?? ''));
  });

  it('counts hits and misses in its metrics as the site serves them', async () => {
    const count = async (result: 'hit' | 'miss') => {
      const { body } = await t.app.metrics.text();
      return Number(
        new RegExp(`perenos_page_cache_requests_total\\{result="${result}"\\} (\\d+)`).exec(body)?.[1] ?? 0,
      );
    };
    const [hits, misses] = [await count('hit'), await count('miss')];
    await t.app.inject({ method: 'GET', url: '/story/metrics-probe' });
    await t.app.inject({ method: 'GET', url: '/story/metrics-probe' });
    await t.app.inject({ method: 'GET', url: '/story/metrics-probe?cb=1' });
    expect(await count('miss')).toBe(misses + 1);
    expect(await count('hit')).toBe(hits + 2);
  });

  it('answers 429 to a client drawing new pages past its bound, while others are drawn for and kept pages served', async () => {
    const limited = await createTestApp({
      webDist: dist,
      pageCacheBytes: 8 * 1024 * 1024,
      pageDrawsPerMinute: 5,
      // Behind a balancer: the client is the one it names (TRUST_PROXY).
      trustProxy: ['127.0.0.1'],
    });
    try {
      const from = (client: string, url: string) =>
        limited.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': client } });
      const flood = [];
      for (let i = 0; i < 8; i++) flood.push(await from('203.0.113.9', `/story/flood-${i}`));
      expect(flood.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      const refused = flood[7];
      expect(refused?.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused?.headers['cache-control']).toBe('no-store');
      expect(refused?.body).toContain('Слишком много запросов');
      // A page already kept is still served to the flooding client; another client is drawn for.
      expect((await from('203.0.113.9', '/story/flood-0?cb=7')).statusCode).toBe(200);
      const other = await from('198.51.100.7', '/story/someone-else');
      expect(other.statusCode).toBe(200);
      expect(other.headers['x-page-cache']).toBe('miss');
      // Cookies (a junk one included) are no way around it: every page drawn counts.
      const withCookie = await limited.app.inject({
        method: 'GET',
        url: '/story/flood-cookie',
        headers: { 'x-forwarded-for': '203.0.113.9', cookie: 'x=1' },
      });
      expect(withCookie.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('HEAD', () => {
  it('answers every page as GET does, without a body: anonymous, signed in, not found', async () => {
    for (const url of [...PAGES, '/check', '/robots.txt', '/sitemap.xml']) {
      for (const headers of [{}, { cookie: ivanov.header() }]) {
        const get = await t.app.inject({ method: 'GET', url, headers });
        const head = await t.app.inject({ method: 'HEAD', url, headers });
        expect(head.statusCode, url).toBe(get.statusCode);
        expect(head.body, url).toBe('');
        expect(head.headers['content-type'], url).toBe(get.headers['content-type']);
        expect(head.headers['cache-control'], url).toBe(get.headers['cache-control']);
      }
    }
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt allows the public pages and keeps crawlers out of the account, the wizard’s orders and the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    for (const line of ['Allow: /', 'Disallow: /account', 'Disallow: /portation/*/', 'Disallow: /api/']) {
      expect(res.body).toContain(line);
    }
    expect(res.body).toContain('Disallow: /esia-standin/');
    expect(res.body).toContain(`Sitemap: ${t.app.siteOrigin()}/sitemap.xml`);
  });

  it('sitemap.xml lists the public pages, every story, operator and region’s tariffs, with absolute addresses', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] as string);
    const origin = t.app.siteOrigin();
    expect(locs.every((l) => l.startsWith(`${origin}/`))).toBe(true);
    for (const path of ['/', '/check', '/tariffs', '/faq', '/about', '/news', '/operators', '/coverage']) {
      expect(locs, path).toContain(`${origin}${path}`);
    }
    expect(locs).toContain(`${origin}/story/kak-vybrat-datu-perenosa`);
    expect(locs).toContain(`${origin}/operator/mts`);
    expect(locs).toContain(`${origin}/tariffs/moskva`);
    expect(locs.filter((l) => l.startsWith(`${origin}/tariffs/`))).toHaveLength(89);
    expect(locs.some((l) => l.includes('/account') || l.includes('/staff'))).toBe(false);
    expect(res.body).toMatch(/<loc>[^<]+\/story\/kak-vybrat-datu-perenosa<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });
});

describe('DrawLimiter', () => {
  it('bounds draws per client and minute on its clock, each client on its own', () => {
    let clock = 0;
    const limiter = new DrawLimiter(3, () => clock);
    expect([1, 2, 3, 4].map(() => limiter.take('a'))).toEqual([true, true, true, false]);
    expect(limiter.take('b')).toBe(true);
    clock = 59_000;
    expect(limiter.take('a')).toBe(false);
    expect(limiter.retryAfter('a')).toBe(1);
    clock = 60_000;
    expect(limiter.take('a')).toBe(true);
    expect(new DrawLimiter(0, () => clock).take('a')).toBe(true);
  });
});

describe('pageKey', () => {
  const reads = (path: string) =>
    path === '/nope' ? undefined : path.startsWith('/tariffs') ? ['op', 'priceMax'] : [];
  it('keeps the path and the parameters the page reads, as they came', () => {
    expect(pageKey('/?cb=1', reads)).toBe('/');
    expect(pageKey('/tariffs/moskva?cb=1&op=mts,beeline&utm=x&priceMax=5', reads)).toBe(
      '/tariffs/moskva?op=mts,beeline&priceMax=5',
    );
    expect(pageKey('/nope?x=1', reads)).toBe(NOT_FOUND_KEY);
    expect(pageKey('/tariffs?%ZZ=1&op=a', reads)).toBe('/tariffs?op=a');
    expect(pageKey(`/?q=${'a'.repeat(2000)}`, reads)).toBeUndefined();
    expect(pageKey('/?cb=1')).toBe('/?cb=1');
  });
});

describe('PageCache', () => {
  const page = (bytes: number, storedAt: number) => ({
    status: 200,
    identity: Buffer.alloc(bytes),
    br: Buffer.alloc(0),
    gzip: Buffer.alloc(0),
    etag: 'W/"x"',
    version: 'v',
    storedAt,
  });

  it('keeps at most its bytes, evicting the least recently served, and nothing older than its time bound', () => {
    let clock = 0;
    const cache = new PageCache({ maxBytes: 1000, ttlMs: 60_000, now: () => clock });
    cache.set('a', page(200, clock));
    cache.set('b', page(200, clock));
    cache.set('c', page(200, clock));
    cache.get('a');
    cache.set('d', page(200, clock));
    cache.set('e', page(200, clock));
    // 1000 bytes hold five pages of 200; a sixth pushes out b, the least recently served.
    cache.set('f', page(200, clock));
    expect(cache.bytes).toBeLessThanOrEqual(1000);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    // A page larger than a quarter of the bound is not kept at all.
    expect(cache.set('big', page(300, clock))).toBe(false);
    clock = 60_000;
    expect(cache.get('a')).toBeUndefined();
  });
});
