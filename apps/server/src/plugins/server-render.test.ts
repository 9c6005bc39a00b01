import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

// A web build with its server entry, as `npm run build` leaves it: dist/ and dist-server/ side by side.
// The entry here is a small stand-in for the app's: it draws what this server's own API answers.
const web = mkdtempSync(join(tmpdir(), 'perenos-web-'));
const dist = join(web, 'dist');
mkdirSync(dist);
mkdirSync(join(web, 'dist-server'));
const INDEX = `<!doctype html>
<html lang="ru">
  <head>
    <meta name="description" content="Перенос мобильного номера." />
    <!-- The start-up steps' requests leave with the scripts, not after them. -->
    <link rel="preload" href="/api/v1/setting/site-theme-current" as="fetch" crossorigin="anonymous" />
    <link rel="preload" href="/api/v1/esia/userinfo" as="fetch" crossorigin="anonymous" />
    <title>Перенос номера</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/shared.js">
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
    <link rel="stylesheet" crossorigin href="/assets/shared.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
writeFileSync(join(dist, 'index.html'), INDEX);
// The build's manifest: index.html's own stylesheets, and a page whose code brings two more, one of them
// through a chunk it shares with index.html.
mkdirSync(join(dist, '.vite'));
writeFileSync(
  join(dist, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-abc.js', css: ['assets/index-abc.css'], imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared.js', css: ['assets/shared.css'] },
    '_list.js': { file: 'assets/list.js', css: ['assets/list.css'], imports: ['_shared.js'] },
    'src/routes/faq.tsx': { file: 'assets/faq.js', css: ['assets/faq.css'], imports: ['_list.js', '_shared.js'] },
  }),
);
writeFileSync(
  join(web, 'dist-server', 'entry-server.js'),
  `export const SERVER_STATE_ID = 'server-state';
export function themeStylesheet(theme) {
  const name = theme === 'blue' ? 'blue' : 'green';
  return { name, css: ':root{--mantine-primary-color-filled:var(--mantine-color-' + name + '-filled)}' };
}
export async function render({ url, answer }) {
  if (url.startsWith('/boom')) throw new Error('the page failed to draw');
  const get = (path) => answer({ method: 'GET', url: 'http://server-render.invalid' + path, headers: {}, body: undefined });
  const regions = JSON.parse((await get('/api/v1/region/list')).body);
  const login = await get('/api/v1/esia/login?returnUrl=%2F');
  const quota = await answer({
    method: 'POST',
    url: 'http://server-render.invalid/api/v1.1/msisdn/info/quota',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: '{}',
  });
  if (url === '/dollars') {
    return { html: "<p>Цена: $& и $' и $$</p>", title: "Курс $& и $'", description: undefined, state: {}, notFound: false };
  }
  return {
    html: '<h1>Регионов: ' + regions.length + '</h1><p>Вход: ' + login.status + '</p><p>Квота: ' + quota.status + '</p>',
    title: 'Тарифы </title><script>alert(1)</script>',
    source: url === '/faq' ? 'src/routes/faq.tsx' : undefined,
    description: url === '/faq' ? 'Ответы "на" <вопросы>' : undefined,
    state: { theme: 'green', queries: { note: '</script><script>alert(2)</script>' } },
    notFound: url === '/nope',
  };
}
`,
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webDist: dist }, 'reference');
});
afterAll(async () => {
  await t.close();
  rmSync(web, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** The theme's stylesheet a drawn page links (the entry's theme is green). */
let GREEN_SHEET = '';
beforeAll(async () => {
  GREEN_SHEET = /<link rel="stylesheet" data-theme-styles href="([^"]+)">/.exec((await page('/check')).body)?.[1] ?? '';
});

/** The scripts a drawn page lists for its loader. */
const scriptsOf = (body: string): { entry: string; preload: string[] } =>
  JSON.parse(/<script type="application\/json" id="page-scripts">([^<]*)<\/script>/.exec(body)?.[1] ?? 'null');

describe('pages drawn on the server', () => {
  it('arrive with the markup the entry drew from this server’s API, in the built index.html', async () => {
    const res = await page('/tariffs/moskva');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    // Drawn with the visitor's quota (their address's) and a cookie set: theirs alone, never kept.
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toMatch(/Cookie/);
    // 89 regions from the reference data; the ESIA login answered with its redirect; the quota POST passed CSRF.
    expect(res.body).toContain('<div id="root"><h1>Регионов: 89</h1><p>Вход: 302</p><p>Квота: 200</p></div>');
    expect(res.body).toContain('<html lang="ru" data-mantine-color-scheme="light">');
    expect(scriptsOf(res.body).entry).toBe('/assets/index-abc.js');
    // The answers are in the page: the start-up requests' preloads (and their comment) are gone.
    expect(res.body).not.toContain('rel="preload"');
    expect(res.body).not.toContain('start-up steps');
  });

  it('escapes the title, the description and the state, so nothing in them can open a script', async () => {
    const res = await page('/faq');
    expect(res.body).toContain('<title>Тарифы &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(res.body).toContain('<meta name="description" content="Ответы &quot;на&quot; &lt;вопросы&gt;" />');
    const state = /<script id="server-state" type="application\/json">(.*?)<\/script>/s.exec(res.body)?.[1];
    expect(state).toBeDefined();
    expect(state).not.toContain('<');
    expect(JSON.parse(state as string).queries.note).toBe('</script><script>alert(2)</script>');
    // A page that sets no description keeps the site's.
    expect((await page('/check')).body).toContain('<meta name="description" content="Перенос мобильного номера." />');
  });

  it("keeps `$&` and `$'` in a page’s title and markup as they are written", async () => {
    const res = await page('/dollars');
    expect(res.body).toContain("<title>Курс $&amp; и $'</title>");
    expect(res.body).toContain('<div id="root"><p>Цена: $& и $\' и $$</p></div>');
  });

  it('links the stylesheets of the page’s code in its head, and lists its modules, beyond index.html’s', async () => {
    const faq = (await page('/faq')).body;
    const head = faq.slice(0, faq.indexOf('</head>'));
    const links = (rel: string) =>
      [...head.matchAll(new RegExp(`<link rel="${rel}"[^>]* href="([^"]+)">`, 'g'))].map((m) => m[1]);
    // index.html's, then the page's (those shared with index.html once), then the theme's.
    expect(links('stylesheet')).toEqual([
      '/assets/index-abc.css',
      '/assets/shared.css',
      '/assets/faq.css',
      '/assets/list.css',
      GREEN_SHEET,
    ]);
    // The page's modules are listed with the entry's, so they are fetched together; shared ones once.
    expect(scriptsOf(faq).preload).toEqual(['/assets/shared.js', '/assets/faq.js', '/assets/list.js']);
    // A page whose route names no source links and lists what index.html does, no more.
    const check = (await page('/check')).body;
    expect(check.match(/rel="stylesheet"/g)).toHaveLength(3);
    expect(scriptsOf(check)).toEqual({ entry: '/assets/index-abc.js', preload: ['/assets/shared.js'] });
  });

  it('has the browser fetch no script before it paints the page, then start them with a loader it allows', async () => {
    for (const url of ['/faq', '/check', '/nope']) {
      const res = await page(url);
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      // Nothing the browser would fetch at once: no module script, no module preload, anywhere in the page.
      expect(res.body).not.toMatch(/<script [^>]*src=|rel="modulepreload"/);
      // The stylesheets, then the list, then the loader, which is the page's one script that runs.
      const lastSheet = head.lastIndexOf('rel="stylesheet"');
      const list = head.indexOf('id="page-scripts"');
      const loaders = [...res.body.matchAll(/<script>(.*?)<\/script>/gs)].map((m) => m[1] as string);
      expect(lastSheet).toBeGreaterThan(0);
      expect(list).toBeGreaterThan(lastSheet);
      expect(loaders).toHaveLength(1);
      expect(head.indexOf('<script>')).toBeGreaterThan(list);
      // The Content-Security-Policy allows exactly that script, by its hash, and no other inline one.
      const hash = createHash('sha256')
        .update(loaders[0] as string)
        .digest('base64');
      const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];
      expect(scriptSrc).toBe(`'self' 'sha256-${hash}'`);
      // Nothing of the markers is left for the browser.
      expect(res.body).not.toContain('<!--page-');
    }
  });

  it('links the theme’s stylesheet, kept by browsers for a year under a name that changes with its text', async () => {
    const css = ':root{--mantine-primary-color-filled:var(--mantine-color-green-filled)}';
    expect(GREEN_SHEET).toBe(
      `/theme-styles/green.${createHash('sha256').update(css).digest('base64url').slice(0, 12)}.css`,
    );
    const sheet = await page(GREEN_SHEET);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(sheet.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(sheet.body).toBe(css);
    const br = await page(GREEN_SHEET, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(css);
    expect((await page(GREEN_SHEET, { 'if-none-match': String(sheet.headers.etag) })).statusCode).toBe(304);
    expect((await t.app.inject({ method: 'HEAD', url: GREEN_SHEET })).headers['content-length']).toBe(
      String(css.length),
    );
    // Another build's text, a theme the site lacks (its name would be green's), a name that is no theme's.
    for (const wrong of [
      GREEN_SHEET.replace(/\.[^.]+\.css$/, '.AAAAAAAAAAAA.css'),
      GREEN_SHEET.replace('/green.', '/purple.'),
      '/theme-styles/..%2F..%2Fetc.css',
      '/theme-styles/green.css',
    ]) {
      const res = await page(wrong);
      expect(res.statusCode, wrong).toBe(404);
      expect(res.body).toBe('Файл не найден');
    }
  });

  it('keeps a page drawn with a visitor’s cookies out of shared caches', async () => {
    const res = await page('/check', { cookie: 'perenos-at=whatever' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });

  it('passes on the cookies the page’s API calls set, so a renewed session reaches the browser', async () => {
    const res = await page('/');
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    expect(cookies.some((c) => c.startsWith('perenos-esia-state='))).toBe(true);
  });

  it('answers an address of no route with 404, drawn', async () => {
    const res = await page('/nope');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<h1>Регионов: 89</h1>');
  });

  it('falls back to the bare index.html when the page fails to draw, never to an error', async () => {
    const res = await page('/boom');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    // The server is still up and drawing the next page.
    expect((await page('/')).body).toContain('Регионов: 89');
  });
});

describe('a server entry that does not load', () => {
  const broken = mkdtempSync(join(tmpdir(), 'perenos-web-broken-'));
  let b: TestApp;
  beforeAll(async () => {
    mkdirSync(join(broken, 'dist'));
    mkdirSync(join(broken, 'dist-server'));
    writeFileSync(join(broken, 'dist', 'index.html'), INDEX);
    writeFileSync(join(broken, 'dist-server', 'entry-server.js'), `throw new Error('a build gone wrong');\n`);
    b = await createTestApp({ webDist: join(broken, 'dist') }, 'reference');
  });
  afterAll(async () => {
    await b.close();
    rmSync(broken, { recursive: true, force: true });
  });

  it('leaves the site up: every page is the bare index.html for the browser to draw', async () => {
    for (const url of ['/', '/tariffs/moskva']) {
      const res = await b.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
  });
});
