import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, CITIZENS, type CookieJar, signIn } from '../../test/esia';
import { type Clock, systemClock } from '../lib/clock';
import { createSecondNode, createTestApp, type TestApp } from '../test/app';
import { PERSON_PAGE_TTL_MS } from './server-render/person-pages';

// A signed-in person's pages kept for them alone (decision 149), on both engines: the suite runs on PGlite
// and on PostgreSQL. The web build's server entry below draws what this server's API says about the person
// (their name, their numbers and each number's watch switch) and counts its draws, so a test sees whose
// page it was given and whether it was drawn again or served as kept.
const web = mkdtempSync(join(tmpdir(), 'perenos-person-pages-'));
const dist = join(web, 'dist');
mkdirSync(dist);
mkdirSync(join(web, 'dist-server'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html lang="ru"><head><title>Перенос номера</title></head><body><div id="root"></div></body></html>',
);
writeFileSync(
  join(web, 'dist-server', 'entry-server.js'),
  `export const SERVER_STATE_ID = 'server-state';
let draws = 0;
export function pageSearch(pathname) {
  return /^\\/($|account$|check$)/.test(pathname) ? [] : undefined;
}
export async function render({ url, answer }) {
  const call = (path, init = {}) =>
    answer({ method: init.method ?? 'GET', url: 'http://server-render.invalid' + path, headers: init.headers ?? {}, body: init.body });
  const json = async (path, init) => JSON.parse((await call(path, init)).body);
  const me = await json('/api/v1/esia/userinfo');
  let body = '';
  if (url.startsWith('/account') && me.isLogged) {
    const info = await json('/api/v1/account/info');
    const watch = await json('/api/v1/account/watch');
    body = '<ul>' + info.msisdns.map((n) => '<li>' + n.msisdn + '</li>').join('') + '</ul>' +
      '<p>Оповещения: ' + watch.map((w) => w.msisdn + '=' + (w.enabled ? 'вкл' : 'выкл')).join(',') + '</p>';
  }
  if (url.startsWith('/check')) {
    const left = await json('/api/v1.1/msisdn/info/quota', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: '{}',
    });
    body = '<p>Квота: ' + left.remainingCount + '</p>';
  }
  draws += 1;
  return {
    html: '<h1>' + (me.isLogged ? me.userName : 'Гость') + '</h1>' + body + '<p>Отрисовка ' + draws + '</p>',
    title: 'Страница',
    description: undefined,
    state: { theme: 'green', queries: {} },
    notFound: false,
    renders: 1,
    missed: [],
  };
}
`,
);

// The machine's time moved on by what a test adds: the ESIA stand-in signs its tokens by the machine's
// clock, and the test moves the site's on by a page's time bound; no test depends on the date.
let ahead = 0;
const clock: Clock = () => new Date(systemClock().getTime() + ahead);
let t: TestApp;
let ivanov: CookieJar;
let petrova: CookieJar;
beforeAll(async () => {
  t = await createTestApp(
    { webDist: dist, pageCacheBytes: 8 * 1024 * 1024, pageDrawsPerMinute: 0 },
    'demo',
    undefined,
    clock,
  );
  ivanov = (await signIn(t.app, CITIZENS.ivanov)).jar;
  petrova = (await signIn(t.app, CITIZENS.petrova)).jar;
});
afterAll(async () => {
  await t.close();
  rmSync(web, { recursive: true, force: true });
});

const heading = (body: string) => /<h1>(.*?)<\/h1>/.exec(body)?.[1];
const drawNo = (body: string) => /Отрисовка (\d+)/.exec(body)?.[1];
const numbers = (body: string) => [...body.matchAll(/<li>(\d+)<\/li>/g)].map((m) => m[1]);
const view = (app: TestApp['app'], jar: CookieJar, url = '/account', headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { cookie: jar.header(), ...headers } });
/** Waits, at most a bounded number of turns, for `check` to hold; the last answer either way. */
async function until<T>(get: () => Promise<T>, check: (x: T) => boolean): Promise<T> {
  let last = await get();
  for (let i = 0; i < 200 && !check(last); i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    last = await get();
  }
  return last;
}

describe('a signed-in person’s pages, kept for them', () => {
  it('never gives one person’s kept page to another, nor to a visitor without a session, under parallel views', async () => {
    const own = {
      ivanov: numbers((await view(t.app, ivanov)).body),
      petrova: numbers((await view(t.app, petrova)).body),
    };
    expect(own.ivanov.length).toBeGreaterThan(0);
    expect(own.petrova).not.toEqual(own.ivanov);
    for (let round = 0; round < 3; round++) {
      const views = await Promise.all(
        Array.from({ length: 30 }, (_, i) => {
          const who = i % 3 === 0 ? 'ivanov' : i % 3 === 1 ? 'petrova' : 'guest';
          const res =
            who === 'guest'
              ? t.app.inject({ method: 'GET', url: '/account' })
              : view(t.app, who === 'ivanov' ? ivanov : petrova);
          return res.then((r) => ({ who, r }));
        }),
      );
      for (const { who, r } of views) {
        expect(r.statusCode).toBe(200);
        if (who === 'guest') {
          expect(heading(r.body)).toBe('Гость');
          expect(numbers(r.body)).toEqual([]);
          continue;
        }
        expect(heading(r.body)).toBe(who === 'ivanov' ? 'Иванов Иван Иванович' : 'Петрова Анна Сергеевна');
        expect(numbers(r.body)).toEqual(own[who as 'ivanov' | 'petrova']);
        // The person's own: their browser keeps it, no shared cache does.
        expect(r.headers['cache-control']).toBe('private, no-cache');
        expect(r.headers.vary).toMatch(/Cookie/);
        expect(r.headers['x-page-cache']).toMatch(/^(hit|miss)$/);
      }
      // From the second round on every view is served as kept: one draw per person for all of them.
      if (round > 0) {
        const drawn = new Set(views.filter((v) => v.who === 'ivanov').map((v) => drawNo(v.r.body)));
        expect(drawn.size).toBe(1);
        expect(views.filter((v) => v.who !== 'guest').every((v) => v.r.headers['x-page-cache'] === 'hit')).toBe(true);
      }
    }
  });

  it('answers 304 to the person who has the page, never to another person sending the same tag', async () => {
    const first = await view(t.app, ivanov, '/account', { 'accept-encoding': 'br' });
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^W\/"/);
    expect(first.headers['content-encoding']).toBe('br');
    expect(heading(brotliDecompressSync(first.rawPayload).toString())).toBe('Иванов Иван Иванович');
    const again = await view(t.app, ivanov, '/account', { 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await view(t.app, petrova, '/account', { 'if-none-match': tag });
    expect(other.statusCode).toBe(200);
    expect(heading(other.body)).toBe('Петрова Анна Сергеевна');
  });

  it('draws the page again after the person changes something, on this node and on another', async () => {
    const second = await createSecondNode(t);
    try {
      const msisdn = numbers((await view(t.app, ivanov)).body)[0] as string;
      const before = { here: await view(t.app, ivanov), there: await view(second.app, ivanov) };
      // Kept on both nodes.
      expect((await view(t.app, ivanov)).headers['x-page-cache']).toBe('hit');
      expect((await view(second.app, ivanov)).headers['x-page-cache']).toBe('hit');
      const switched = new RegExp(`${msisdn}=(вкл|выкл)`).exec(before.here.body)?.[1];
      const enabled = switched !== 'вкл';
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/account/watch/${msisdn}`,
        headers: { ...authHeaders(ivanov), 'content-type': 'application/json' },
        payload: { enabled },
      });
      expect(put.statusCode).toBe(200);
      const expected = `${msisdn}=${enabled ? 'вкл' : 'выкл'}`;
      // This node moved on before the change was answered.
      const here = await view(t.app, ivanov);
      expect(here.headers['x-page-cache']).toBe('miss');
      expect(here.body).toContain(expected);
      // The other node hears of it through the broadcast: within a bounded wait, not a page's time bound.
      const there = await until(
        () => view(second.app, ivanov),
        (r) => r.body.includes(expected),
      );
      expect(there.body).toContain(expected);
      // Петрова's kept page did not move.
      const petrovaBefore = await view(t.app, petrova);
      expect((await view(t.app, petrova)).headers['x-page-cache']).toBe('hit');
      expect(drawNo((await view(t.app, petrova)).body)).toBe(drawNo(petrovaBefore.body));
    } finally {
      await second.close();
    }
  });

  it('draws the page again when a portation of the person’s, or of a number their page names, changes', async () => {
    const kept = await view(t.app, ivanov);
    expect((await view(t.app, ivanov)).headers['x-page-cache']).toBe('hit');
    const msisdn = numbers(kept.body)[0] as string;
    // Someone else's application for the number: its holder's page moves on.
    t.app.porting.feed.publish({ userId: null, orderId: 1, portationId: null, msisdn, status: 'PendingBDPN' });
    const moved = await until(
      () => view(t.app, ivanov),
      (r) => r.headers['x-page-cache'] === 'miss',
    );
    expect(moved.headers['x-page-cache']).toBe('miss');
    expect(heading(moved.body)).toBe('Иванов Иван Иванович');
  });

  it('draws a watcher’s page again, on every node, when someone else starts an application for their number', async () => {
    const second = await createSecondNode(t);
    try {
      const msisdn = '79037654321';
      const on = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/account/watch/${msisdn}`,
        headers: { ...authHeaders(ivanov), 'content-type': 'application/json' },
        payload: { enabled: true },
      });
      expect(on.statusCode).toBe(200);
      // Kept on both nodes, before Петрова's step 1 for his number.
      for (const node of [t.app, second.app]) {
        await view(node, ivanov);
        expect((await view(node, ivanov)).headers['x-page-cache']).toBe('hit');
      }
      const init = await second.app.inject({
        method: 'POST',
        url: '/api/v1/order/portation/init',
        headers: { ...authHeaders(petrova), 'content-type': 'application/json' },
        payload: { msisdn },
      });
      expect(init.statusCode).toBe(200);
      try {
        // Step 1 made an alert for him: no change of his says so; the step tells every node.
        expect((await view(second.app, ivanov)).headers['x-page-cache']).toBe('miss');
        const there = await until(
          () => view(t.app, ivanov),
          (r) => r.headers['x-page-cache'] === 'miss',
        );
        expect(there.headers['x-page-cache']).toBe('miss');
      } finally {
        await t.app.inject({
          method: 'DELETE',
          url: `/api/v1/order/portation/${init.json().id}`,
          headers: authHeaders(petrova),
        });
      }
    } finally {
      await second.close();
    }
  });

  it('keeps nothing for a page drawn from a call that is not the person’s own (the quota counts an address)', async () => {
    const [one, two] = [await view(t.app, ivanov, '/check'), await view(t.app, ivanov, '/check')];
    for (const res of [one, two]) {
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers['x-page-cache']).toBeUndefined();
    }
    expect(drawNo(one.body)).not.toBe(drawNo(two.body));
  });

  it('serves nothing kept after sign-out, and draws a kept page again once its time bound passes', async () => {
    const jar = (await signIn(t.app, CITIZENS.smirnov)).jar;
    const first = await view(t.app, jar);
    expect(heading(first.body)).toBe('Смирнов Алексей Дмитриевич');
    expect((await view(t.app, jar)).headers['x-page-cache']).toBe('hit');
    ahead += PERSON_PAGE_TTL_MS;
    const later = await view(t.app, jar);
    expect(later.headers['x-page-cache']).toBe('miss');
    expect(drawNo(later.body)).not.toBe(drawNo(first.body));
    const out = await t.app.inject({
      method: 'GET',
      url: '/api/v1/esia/logout',
      headers: { cookie: jar.header(), 'sec-fetch-site': 'same-origin' },
    });
    expect(out.statusCode).toBe(302);
    // The old cookies, kept by a script or a shared computer's browser: the page is a stranger's.
    const after = await view(t.app, jar);
    expect(heading(after.body)).toBe('Гость');
    expect(after.body).not.toContain('<li>');
  });
});
