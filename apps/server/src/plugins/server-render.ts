import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { LRUCache } from 'lru-cache';
import {
  type CachedPage,
  DrawLimiter,
  NOT_FOUND_KEY,
  NOT_FOUND_URL,
  PageCache,
  type PageSearch,
  pageKey,
} from '../lib/page-cache';

/** What the web app's server entry (apps/web/src/entry-server.tsx, built into dist-server/) offers. */
interface ServerEntry {
  SERVER_STATE_ID: string;
  /** The CSS Mantine draws for a theme, which drawn pages link instead (decision 121). */
  themeStylesheet?(theme: string): { name: string; css: string } | undefined;
  /** The query parameters the page of a path reads; undefined for a path no route matches (issue 35). */
  pageSearch?: PageSearch;
  render(request: { url: string; answer: (call: LocalCall) => Promise<LocalAnswer> }): Promise<{
    html: string;
    title: string;
    description: string | undefined;
    card?: { type: 'article' | 'website'; image?: string } | undefined;
    state: { theme: string };
    notFound: boolean;
    renders?: number;
    missed?: string[];
    source?: string | undefined;
  }>;
}

/** Draws a page on the server; false when it could not (the caller then sends the bare index.html). */
export type PageRenderer = ((request: FastifyRequest, reply: FastifyReply) => Promise<boolean>) & {
  /**
   * Sends the kept page of a cookie-less GET or HEAD at once, before routing (no file lookup, no render);
   * false when there is none.
   */
  serveKept(request: FastifyRequest, reply: FastifyReply): boolean;
};

/** A call of the page's API client, answered in process (the web app's `LocalCall` in @perenos/api-client). */
interface LocalCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

interface LocalAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

/** JSON inside a script element: nothing in it can close the element or open a comment. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** Where a page's own stylesheets go in the head: after the site's, before any script. */
const PAGE_STYLES = '<!--page-styles-->';

/** The element that lists a drawn page's scripts for the loader: `{ entry, preload }`. */
const PAGE_SCRIPTS = /<script type="application\/json" id="page-scripts">([^<]*)<\/script>/;

/**
 * Starts the page's scripts once the browser has painted it (decision 120): the entry module, then the
 * modules it and the page import, as preloads, four to a task (a request costs the browser about half a
 * millisecond to start: thirty at once were one long task). It runs where the head ends; a frame, then a
 * task later, the page is on screen. Constant, so the Content-Security-Policy allows it by its hash alone.
 */
export const SCRIPT_LOADER =
  "requestAnimationFrame(function(){setTimeout(function(){var d=document,s=JSON.parse(d.getElementById('page-scripts').textContent),q=[s.entry].concat(s.preload),i=0;(function add(){for(var n=0;n<4&&i<q.length;n++,i++){var e=d.createElement(i?'link':'script');if(i)e.rel='modulepreload';else e.type='module';e.crossOrigin='';e[i?'href':'src']=q[i];d.head.appendChild(e)}if(i<q.length)setTimeout(add)})()})})";

/** The loader's hash for the Content-Security-Policy's script-src. */
export const SCRIPT_LOADER_SOURCE = `'sha256-${createHash('sha256').update(SCRIPT_LOADER).digest('base64')}'`;

const pageScriptsElement = (scripts: { entry: string; preload: string[] }) =>
  `<script type="application/json" id="page-scripts">${scriptJson(scripts)}</script>`;

/**
 * The built head as a drawn page wants it:
 * - The stylesheets, then the page's own (decision 119, at PAGE_STYLES): all the first paint waits for.
 * - No script the browser fetches before it paints (decision 120). Vite writes the module script and its
 *   preloads, which the browser fetches at once, beside the stylesheets: on a slow line they shared it with
 *   what the first paint waited for, and Lighthouse counts every script fetched before the largest paint in
 *   that paint's time. They are listed instead (PAGE_SCRIPTS, with the page's own modules when it is drawn)
 *   for SCRIPT_LOADER, which starts them once the page is on screen. Their order among themselves, and so
 *   what runs and when, is unchanged: the entry module imports the rest.
 * A head without Vite's module script (not a build) only gets the marker.
 */
export function headInOrder(html: string): string {
  const end = html.indexOf('</head>');
  if (end < 0) return html;
  let head = html.slice(0, end);
  const entry = /[ \t]*<script type="module"[^>]* src="([^"]+)"[^>]*><\/script>\n?/.exec(head);
  if (!entry) return `${head}${PAGE_STYLES}${html.slice(end)}`;
  head = head.replace(entry[0], '');
  const preload: string[] = [];
  head = head.replace(/[ \t]*<link rel="modulepreload"[^>]* href="([^"]+)"[^>]*>\n?/g, (_, href: string) => {
    preload.push(href);
    return '';
  });
  const sheets = head.match(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g) ?? [];
  for (const sheet of sheets) head = head.replace(sheet, '');
  const lines = [
    ...sheets.map((sheet) => sheet.trim()),
    PAGE_STYLES,
    pageScriptsElement({ entry: entry[1] as string, preload }),
    `<script>${SCRIPT_LOADER}</script>`,
  ];
  return `${head.trimEnd()}\n    ${lines.join('\n    ')}\n  ${html.slice(end)}`;
}

/** How often a build's file is looked at again for a rebuild. */
const REBUILD_CHECK_MS = 1000;

/**
 * The modification time of a build's file (undefined while there is none), looked up at most once a
 * second: a `stat` on this machine's disk cost 0.2 ms, twice for every page drawn (the page and the manifest).
 */
function mtimeReader(file: string): () => number | undefined {
  let checkedAt = Number.NEGATIVE_INFINITY;
  let mtimeMs: number | undefined;
  return () => {
    const now = performance.now();
    if (now - checkedAt >= REBUILD_CHECK_MS) {
      checkedAt = now;
      mtimeMs = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    }
    return mtimeMs;
  };
}

/** The built index.html, read again when a rebuild replaces it. */
function templateReader(file: string): () => string {
  const mtime = mtimeReader(file);
  let cached = { mtimeMs: -1, text: '' };
  return () => {
    const mtimeMs = mtime();
    if (mtimeMs === undefined) throw new Error(`${file}: нет сборки`);
    if (mtimeMs !== cached.mtimeMs) cached = { mtimeMs, text: headInOrder(readFileSync(file, 'utf8')) };
    return cached.text;
  };
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/** What a route's page brings beyond what index.html links: its stylesheets and its modules. */
interface PageAssets {
  styles: string[];
  scripts: string[];
}

/**
 * The stylesheets and modules a route's page brings beyond those index.html links: its chunk's and those of
 * the chunks it imports, from the build's manifest (read again when a rebuild replaces it).
 * - The stylesheets are linked in the drawn page's head, so they are there before it is first shown:
 *   arriving with the page's script, they moved it (layout shift). The browser's module loader finds them
 *   linked and does not load them again.
 * - The modules are started with the entry's (decision 120), not once the entry has run and asked for the
 *   page: one round trip fewer before the page responds, and Vite's loader finds them linked.
 */
function pageAssetsReader(webDist: string): (source: string | undefined) => PageAssets {
  const file = join(webDist, '.vite', 'manifest.json');
  const none: PageAssets = { styles: [], scripts: [] };
  let cached: { mtimeMs: number; manifest: Record<string, ManifestChunk>; assets: Map<string, PageAssets> } | undefined;
  const collect = (manifest: Record<string, ManifestChunk>, key: string, seen: Set<string>, into: PageAssets) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    into.scripts.push(chunk.file);
    for (const css of chunk.css ?? []) if (!into.styles.includes(css)) into.styles.push(css);
    for (const imported of chunk.imports ?? []) collect(manifest, imported, seen, into);
  };
  const mtime = mtimeReader(file);
  return (source) => {
    if (!source) return none;
    // A build without a manifest links nothing more.
    const mtimeMs = mtime();
    if (mtimeMs === undefined) return none;
    if (cached?.mtimeMs !== mtimeMs) {
      cached = {
        mtimeMs,
        manifest: JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>,
        assets: new Map(),
      };
    }
    let assets = cached.assets.get(source);
    if (!assets) {
      const linked: PageAssets = { styles: [], scripts: [] };
      collect(cached.manifest, 'index.html', new Set(), linked);
      const own: PageAssets = { styles: [], scripts: [] };
      collect(cached.manifest, source, new Set(), own);
      const beyond = (mine: string[], theirs: string[]) => mine.filter((f) => !theirs.includes(f)).map((f) => `/${f}`);
      assets = { styles: beyond(own.styles, linked.styles), scripts: beyond(own.scripts, linked.scripts) };
      cached.assets.set(source, assets);
    }
    return assets;
  };
}

/** The page cache's settings (decision 040). */
export interface PageCacheSettings {
  /** Bytes of drawn pages a node keeps; 0 turns the cache off. */
  maxBytes: number;
  /** How often the data version is read (a change reaches every node's cache within two periods). */
  pollMs: number;
  /** The oldest a kept page may be served: a safety net for a change that moves no version. */
  ttlMs?: number;
  /** Pages drawn afresh per client address and minute (PAGE_DRAWS_PER_MINUTE); 0 or absent: no bound. */
  drawsPerMinute?: number;
  now?: () => number;
}

/** What a client past PAGE_DRAWS_PER_MINUTE is shown: a page of its own, in Russian, drawn once. */
const TOO_MANY_DRAWS = `<!doctype html>
<html lang="ru">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Слишком много запросов — Перенос номера</title>
  </head>
  <body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem">
    <h1>Слишком много запросов</h1>
    <p>С вашего адреса за минуту открыто слишком много новых страниц сайта. Подождите минуту и обновите страницу.</p>
    <p><a href="/">На главную</a></p>
  </body>
</html>
`;

/** A path that names a file (an extension), not a page of the site (as plugins/web.ts tells them apart). */
const FILE_NAME = /\.[a-z0-9]+$/i;

/** The most a kept page is served without being drawn again, whatever the versions say. */
export const PAGE_TTL_MS = 60_000;

/**
 * The API calls whose answers are the same for every visitor without a session: a page made only of
 * these may be kept and served to anyone without one. Anything else (the quota, which counts the
 * visitor's address; an order; the account) makes the page the visitor's own.
 */
const SHARED_ANSWERS = [
  /^\/api\/v1\/setting\//,
  /^\/api\/v1\/tariff(media|convergence)service$/,
  /^\/api\/v1\/esia\/userinfo$/,
  /^\/api\/v1\/region\//,
  /^\/api\/v1\/operator\//,
  /^\/api\/v2\/tariff\//,
  /^\/api\/v1\/news(\/|$)/,
  /^\/api\/v1\/coverage\//,
  /^\/api\/v1\.1\/msisdn\/info\/plan$/,
];

/**
 * Reference answers the same for every visitor, signed in or not, that the frame and the pickers ask for
 * on nearly every page drawn: the public settings (the theme), the service lists, the regions; the
 * operators' (the list, an operator, their tiles); the news and the coverage map's sources. The renderer keeps them
 * per data version (decisions 114, 116) instead of asking its own routes again for each page: a signed-in
 * visitor's page is drawn for every view.
 */
const REFERENCE_ANSWERS = [
  /^\/api\/v1\/setting\//,
  /^\/api\/v1\/tariff(media|convergence)service$/,
  /^\/api\/v1\/region\/list$/,
  // The operators' pages: the list, an operator, their tiles (tariff counts and prices by catalogue version).
  /^\/api\/v1\/operator\/[^/]+$/,
  /^\/api\/v1\.[12]\/operator\/tile\/list$/,
  // One operator's tile, on its page: counted over the catalogue, as the list is.
  /^\/api\/v1\/operator\/tile\/\d+$/,
  // The news list and a story (the news version is a settings row), the coverage map's sources (an
  // operator's zone is the browser's: decision 117).
  /^\/api\/v1\/news(\/[^/]+)?$/,
  /^\/api\/v1\/coverage\/map$/,
];

/**
 * Answers the same for every visitor without any cookie, asked for on every page drawn: whether one is
 * signed in (no cookie: no). Kept like the reference answers, for cookie-less visitors only.
 */
const COOKIELESS_ANSWERS = [/^\/api\/v1\/esia\/userinfo$/];

/**
 * At most this many reference answers are kept, and this many bytes of them (a query string of its own
 * makes another): the least recently used go first, so a crawler walking the news pages does not push out
 * the answers every page is drawn from.
 */
const KEPT_ANSWERS_MAX = 500;
const KEPT_ANSWERS_BYTES = 16 * 1024 * 1024;

interface KeptAnswer {
  type: string | undefined;
  body: string;
  bytes: number;
  storedAt: number;
}

/**
 * What the pages are drawn from, as one value: settings (the news and tariff catalogue versions are
 * settings rows, as are the theme and the rest), flags, regions, operators, their regions, coverage and
 * the numbering plan's version. Small tables: one read a period per node.
 */
const DATA_VERSION = sql`select md5(concat_ws('|',
  (select string_agg(key || '=' || value, ';' order by key) from settings),
  (select string_agg(feature || '=' || is_enabled::text, ';' order by feature) from feature_flags),
  (select md5(string_agg(r::text, ';' order by r.code)) from regions r),
  (select md5(string_agg(o::text, ';' order by o.id)) from operators o),
  (select count(*)::text || ':' || coalesce(sum(region_code * 1000 + operator_id), 0)::text from region_operators),
  (select string_agg(operator_id::text || kind || projection || coalesce(url, '') || coalesce(pg_column_size(geojson), 0)::text, ';' order by operator_id) from coverage_sources),
  (select plan_version::text from lookup_state where id = 1)
)) as version`;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A page drawn for one visitor, compressed at once on this thread (brotli 2, gzip 6): for a page of 20–90 KB
 * this costs about half the thread pool's way (a hand-off, and an encoder sized for 4 MB of input), and the
 * page is drawn on this thread anyway. Brotli 2 rather than the API's 4 (decision 117): a region's tariffs
 * (69 KB) in 0.64 ms instead of 0.95, 13.3 KB instead of 12.6; the news 0.27 ms instead of 0.52, 6.3 KB
 * instead of 5.8. A page drawn for one visitor is sent once; a kept page is compressed once, at 10.
 */
function compressNow(html: string, encoding: 'br' | 'gzip'): Buffer {
  const input = Buffer.from(html);
  if (encoding === 'gzip') return zlib.gzipSync(input);
  return zlib.brotliCompressSync(input, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 2,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length,
      // A window no larger than the page (16 = 64 KB … 22 = 4 MB, brotli's default).
      [zlib.constants.BROTLI_PARAM_LGWIN]: Math.min(22, Math.max(16, Math.ceil(Math.log2(input.length + 1)))),
    },
  });
}

/** The encoding of a kept page the browser takes: brotli, gzip, or the document as it is. */
function encodingFor(accept: string | undefined): 'br' | 'gzip' | undefined {
  if (!accept) return undefined;
  const offered = accept
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
    .map(([name]) => name?.trim().toLowerCase());
  if (offered.includes('br')) return 'br';
  if (offered.includes('gzip')) return 'gzip';
  return undefined;
}

/** A theme's stylesheet as served: its address (named by its text's hash), its text and compressed forms. */
interface ThemeSheet {
  href: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

const THEME_SHEET_PATH = /^([a-z]{1,32})\.([A-Za-z0-9_-]{12})\.css$/;

/**
 * The theme's stylesheet for the pages drawn (decision 121): Mantine's CSS for the theme, which it would
 * draw into every page, at `/theme-styles/{theme}.{hash}.css`, kept by browsers and shared caches for a
 * year (a new text is a new address). Any node answers for any theme the site has, whoever drew the page.
 */
function themeSheets(app: FastifyInstance, entry: ServerEntry): (theme: string) => ThemeSheet | undefined {
  const made = new Map<string, ThemeSheet | undefined>();
  const sheetOf = (theme: string): ThemeSheet | undefined => {
    const drawn = entry.themeStylesheet?.(theme);
    if (!drawn) return undefined;
    if (made.has(drawn.name)) return made.get(drawn.name);
    const identity = Buffer.from(drawn.css);
    const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 12);
    const sheet: ThemeSheet = {
      href: `/theme-styles/${drawn.name}.${hash}.css`,
      identity,
      // Once per theme and process: the smallest forms.
      br: zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: zlib.gzipSync(identity, { level: 9 }),
      etag: `"${hash}"`,
    };
    made.set(drawn.name, sheet);
    return sheet;
  };
  app.get<{ Params: { file: string } }>('/theme-styles/:file', async (request, reply) => {
    const [, theme, hash] = THEME_SHEET_PATH.exec(request.params.file) ?? [];
    const sheet = theme ? sheetOf(theme) : undefined;
    // Another theme's or another build's address (the name falls back to green for a theme the site lacks).
    if (!sheet || sheet.href !== `/theme-styles/${theme}.${hash}.css`) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Файл не найден');
    }
    reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('Vary', 'Accept-Encoding')
      .header('ETag', sheet.etag)
      .type('text/css; charset=utf-8');
    if (matches(request.headers['if-none-match'], sheet.etag)) return reply.code(304).send();
    const encoding = encodingFor(request.headers['accept-encoding']);
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.send(encoding === 'br' ? sheet.br : encoding === 'gzip' ? sheet.gzip : sheet.identity);
  });
  return sheetOf;
}

/** Whether the caller's `If-None-Match` names this tag (weak comparison, as for GET). */
function matches(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = tag.replace(/^W\//, '');
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

/** A page as drawn for one request, with what decides whether anybody else may be given it. */
interface Drawn {
  status: number;
  html: string;
  cookies: string[];
  /** Drawn only from answers that are the same for every visitor without a session. */
  shared: boolean;
}

/**
 * The page of an address drawn on the server with its data (decision 100, «Server rendering»): the web
 * app's own components, given the answers of this server's API routes for this visitor (called in
 * process, with the visitor's cookies), so the browser shows the page before its scripts run and then
 * takes it over from the same data. Undefined when the web app was built without its server entry.
 *
 * Pages for visitors without any cookie are kept (decision 040): per address and data version, with their
 * compressed forms and a weak ETag, in a byte-bounded LRU of this node, for at most `PAGE_TTL_MS`; a change
 * of the data version (read every `pollMs`) empties it. A page is kept only when every call it was drawn
 * from is one of SHARED_ANSWERS, no call set a cookie, and it is a 200 or a 404.
 */
export async function createPageRenderer(
  app: FastifyInstance,
  webDist: string,
  cacheSettings: PageCacheSettings = { maxBytes: 0, pollMs: 1000 },
): Promise<PageRenderer | undefined> {
  const entryFile = join(dirname(webDist), 'dist-server', 'entry-server.js');
  if (!existsSync(entryFile)) return undefined;
  let entry: ServerEntry;
  try {
    entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  } catch (err) {
    // A broken build of the server entry still leaves a working site: the browser draws the pages.
    app.log.error({ err }, 'Серверная отрисовка страниц недоступна: сборка dist-server не загружается');
    return undefined;
  }
  const template = templateReader(join(webDist, 'index.html'));
  const themeSheet = themeSheets(app, entry);
  const pageAssets = pageAssetsReader(webDist);
  const now = cacheSettings.now ?? Date.now;
  const cache =
    cacheSettings.maxBytes > 0
      ? new PageCache({ maxBytes: cacheSettings.maxBytes, ttlMs: cacheSettings.ttlMs ?? PAGE_TTL_MS, now })
      : undefined;
  app.decorate('pageCache', cache);

  // Reference answers kept for the data version they were made under (REFERENCE_ANSWERS).
  const answers = new LRUCache<string, KeptAnswer>({
    max: KEPT_ANSWERS_MAX,
    maxSize: KEPT_ANSWERS_BYTES,
    sizeCalculation: (answer) => answer.bytes + 100,
  });
  // The data version this node last read; undefined until read (nothing is kept before).
  let version: string | undefined;
  const forget = () => {
    cache?.clear();
    answers.clear();
  };
  const readVersion = async () => {
    const result = (await app.db.execute(DATA_VERSION)) as unknown as { rows: { version: string | null }[] };
    const next = result.rows[0]?.version ?? '';
    if (next !== version) {
      version = next;
      forget();
    }
  };
  // The version is read whether or not pages are kept: the reference answers are kept by it too.
  let timer: NodeJS.Timeout | undefined;
  const poll = () => {
    readVersion()
      .catch((err: unknown) => {
        // Unknown data: nothing kept is served until the version is read again.
        version = undefined;
        forget();
        app.log.warn({ err }, 'кэш страниц: версия данных не прочитана');
      })
      .finally(() => {
        if (timer) timer = setTimeout(poll, cacheSettings.pollMs).unref();
      });
  };
  // A staff change made through this node (news, tariffs, flags, settings) empties its kept pages before
  // the change is answered, so whoever acted sees the site changed at once; other nodes hear of it at
  // their next read of the data version.
  // A callback, not an async hook: every answer passes here, a kept page's too, and an async hook costs a
  // promise and a microtask turn each (decision 023).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      request.method === 'GET' ||
      request.method === 'HEAD' ||
      // The matched route says it is a staff call, not the address's text (`/%61pi/v1/staff/…` is one too).
      request.routeOptions.config.staff === undefined ||
      reply.statusCode >= 400
    ) {
      return done(null, payload);
    }
    forget();
    readVersion().then(
      () => done(null, payload),
      (err: unknown) => {
        // Unknown data, as when the poll fails: nothing is kept or served until the version is read again.
        version = undefined;
        request.log.warn({ err }, 'кэш страниц: версия данных не прочитана после изменения');
        done(null, payload);
      },
    );
  });
  app.addHook('onReady', async () => {
    await readVersion().catch(() => undefined);
    timer = setTimeout(poll, cacheSettings.pollMs).unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  });

  /** Draws the page of `url` (the visitor's own address, or the cache key's when drawn for everyone). */
  const draw = async (request: FastifyRequest, anonymous: boolean, url = request.url): Promise<Drawn | undefined> => {
    const cookies: string[] = [];
    let shared = anonymous;
    // The page's API calls, answered by this server's routes as the browser's own calls would be.
    const answer = async (call: LocalCall): Promise<LocalAnswer> => {
      const url = new URL(call.url);
      if (call.method !== 'GET' || !SHARED_ANSWERS.some((pattern) => pattern.test(url.pathname))) shared = false;
      const keptFor = version;
      const cookieless = !request.headers.cookie;
      const key =
        call.method !== 'GET' || keptFor === undefined
          ? undefined
          : REFERENCE_ANSWERS.some((p) => p.test(url.pathname))
            ? `${keptFor} ${url.pathname}${url.search}`
            : cookieless && COOKIELESS_ANSWERS.some((p) => p.test(url.pathname))
              ? `${keptFor} cookieless ${url.pathname}${url.search}`
              : undefined;
      const kept = key === undefined ? undefined : answers.get(key);
      if (kept && now() - kept.storedAt < (cacheSettings.ttlMs ?? PAGE_TTL_MS)) {
        return { status: 200, headers: kept.type ? { 'content-type': kept.type } : {}, body: kept.body };
      }
      const answered = await app.inject({
        method: call.method as HTTPMethods,
        url: url.pathname + url.search,
        remoteAddress: request.ip,
        headers: {
          // The call's own headers (content type, X-Requested-With), then the visitor's.
          ...call.headers,
          accept: 'application/json',
          ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
          ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
        },
        ...(call.body === undefined ? {} : { payload: call.body }),
      });
      // A call may renew the session's cookies: they go to the browser with the page.
      const setCookie = answered.headers['set-cookie'];
      if (setCookie) cookies.push(...(Array.isArray(setCookie) ? setCookie : [setCookie]));
      const type = answered.headers['content-type'];
      const body = answered.body;
      // Kept only when made under the version it is kept for, and the same for everyone (no cookie).
      if (key !== undefined && answered.statusCode === 200 && !setCookie && version === keptFor) {
        answers.set(key, {
          type: typeof type === 'string' ? type : undefined,
          body,
          bytes: answered.rawPayload.length,
          storedAt: now(),
        });
      }
      return { status: answered.statusCode, headers: typeof type === 'string' ? { 'content-type': type } : {}, body };
    };

    let page: Awaited<ReturnType<ServerEntry['render']>>;
    try {
      page = await entry.render({ url, answer });
    } catch (err) {
      // The browser can still draw the page itself from the bare index.html.
      request.log.error({ err }, 'Страница не отрисована на сервере');
      return undefined;
    }
    if (page.missed && page.missed.length > 0) {
      request.log.warn({ url: request.url, missed: page.missed }, 'страница: загрузчик маршрута не запросил данные');
    }
    const origin = app.siteOrigin();
    const path = url.split('?')[0] ?? '/';
    const canonical = `${origin}${path}`;
    // A page that is not there has no canonical address (every unknown address shares one drawn page).
    const head = page.notFound ? [] : [`<link rel="canonical" href="${escapeHtml(canonical)}" />`];
    if (page.card) {
      const image = page.card.image ?? '/og-card.png';
      const fields: [string, string | undefined][] = [
        ['og:type', page.card.type],
        ['og:site_name', 'Перенос номера'],
        ['og:locale', 'ru_RU'],
        ['og:title', page.title],
        ['og:description', page.description],
        ['og:url', canonical],
        ['og:image', /^https?:/.test(image) ? image : `${origin}${image}`],
      ];
      for (const [property, content] of fields) {
        if (content) head.push(`<meta property="${property}" content="${escapeHtml(content)}" />`);
      }
      head.push('<meta name="twitter:card" content="summary_large_image" />');
      head.push(`<meta name="twitter:title" content="${escapeHtml(page.title)}" />`);
      if (page.description) {
        head.push(`<meta name="twitter:description" content="${escapeHtml(page.description)}" />`);
      }
    }
    const assets = pageAssets(page.source);
    const theme = themeSheet(page.state.theme);
    const styles = [
      ...assets.styles.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`),
      // Where Mantine drew its style elements before: after every other stylesheet.
      ...(theme ? [`<link rel="stylesheet" data-theme-styles href="${theme.href}">`] : []),
    ];
    const html = template()
      .replace('<html lang="ru">', '<html lang="ru" data-mantine-color-scheme="light">')
      // The page arrives with the answers these would have fetched.
      .replace(/\s*<!--[^>]*-->\s*(?=<link rel="preload" href="\/api)/, '\n    ')
      .replace(/<link rel="preload" href="\/api[^>]*>\s*/g, '')
      // Replacements as functions: a `$&` or `$'` in a story's title or text is text, not a pattern.
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>\n    ${head.join('\n    ')}`)
      .replace(/<meta name="description" content="[^"]*" \/>/, (original) =>
        page.description ? `<meta name="description" content="${escapeHtml(page.description)}" />` : original,
      )
      .replace(PAGE_STYLES, () => styles.join('\n    '))
      .replace(PAGE_SCRIPTS, (element, listed: string) => {
        if (assets.scripts.length === 0) return element;
        const scripts = JSON.parse(listed) as { entry: string; preload: string[] };
        return pageScriptsElement({ entry: scripts.entry, preload: [...scripts.preload, ...assets.scripts] });
      })
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${page.html}</div><script id="${entry.SERVER_STATE_ID}" type="application/json">${scriptJson(page.state)}</script>`,
      );
    return { status: page.notFound ? 404 : 200, html, cookies, shared: shared && cookies.length === 0 };
  };

  /** Keeps a drawn page for everyone without a session, with its compressed forms. */
  const keep = async (key: string, drawnFor: string, drawn: Drawn): Promise<CachedPage> => {
    const identity = Buffer.from(drawn.html);
    const [br, gz] = await Promise.all([
      // 10, not 9: brotli's 10 and 11 search differently, and on these pages 10 is both smaller and faster
      // than 9 (a region's tariffs: 8 % smaller, 48 ms instead of 106); 11 is 0.5 % smaller for twice 10's time.
      brotli(identity, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 10, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
      }),
      gzip(identity, { level: 9 }),
    ]);
    const tag = `W/"${createHash('sha1').update(identity).digest('base64url')}"`;
    const page: CachedPage = {
      status: drawn.status,
      identity,
      br,
      gzip: gz,
      etag: tag,
      version: drawnFor,
      storedAt: now(),
    };
    // Drawn while the data changed: served to the visitors who asked, kept for nobody.
    if (cache && version === drawnFor) cache.set(`${drawnFor} ${key}`, page);
    return page;
  };

  /** Sends a kept page: 304 when the caller has it, else the form its Accept-Encoding takes. */
  const sendKept = (request: FastifyRequest, reply: FastifyReply, page: CachedPage, hit: boolean) => {
    if (hit) app.metrics?.pageCache.hit();
    reply
      .code(page.status)
      // Anyone without a session gets the same page: a shared cache may keep it, and asks again each time.
      .header('Cache-Control', 'public, no-cache')
      .header('Vary', 'Cookie, Accept-Encoding')
      .header('ETag', page.etag)
      .header('X-Page-Cache', hit ? 'hit' : 'miss')
      .type('text/html; charset=utf-8');
    if (matches(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
    const encoding = encodingFor(request.headers['accept-encoding']);
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity);
  };

  // Pages being drawn for the cache, so that visitors asking for the same address at once wait for one draw.
  const drawing = new Map<string, Promise<CachedPage | undefined>>();

  const limiter = new DrawLimiter(cacheSettings.drawsPerMinute ?? 0, now);
  /** The answer to a visitor past the bound of pages drawn (the limiter said no). */
  const tooManyDraws = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    request.log.info({ ip: request.ip }, 'страница: слишком много новых страниц с одного адреса');
    await reply
      .code(429)
      .header('Retry-After', String(limiter.retryAfter(request.ip)))
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(TOO_MANY_DRAWS);
  };

  const serveKept = (request: FastifyRequest, reply: FastifyReply): boolean => {
    if (!cache || version === undefined || request.headers.cookie !== undefined) return false;
    // Only an address a page answers: the front page, the pages' wildcard or no route at all, and not a
    // file's name (robots.txt, an asset): those have their own routes, whatever the route table says.
    const route = request.routeOptions.url;
    if (route !== undefined && route !== '/' && route !== '/*') return false;
    if (FILE_NAME.test(request.url.split('?')[0] ?? '/')) return false;
    const key = pageKey(request.url, entry.pageSearch);
    const kept = key === undefined ? undefined : cache.get(`${version} ${key}`);
    if (!kept) return false;
    void sendKept(request, reply, kept, true);
    return true;
  };

  const renderer = async (request: FastifyRequest, reply: FastifyReply) => {
    const anonymous = request.headers.cookie === undefined || request.headers.cookie.trim() === '';
    const key = anonymous && cache ? pageKey(request.url, entry.pageSearch) : undefined;
    const drawnFor = version;
    let counted = false;
    if (key !== undefined && drawnFor !== undefined) {
      const kept = cache?.get(`${drawnFor} ${key}`);
      if (kept) {
        await sendKept(request, reply, kept, true);
        return true;
      }
      const flight = `${drawnFor} ${key}`;
      let pending = drawing.get(flight);
      if (!pending) {
        // Decided without a turn of the event loop, so that visitors asking at once still share one draw.
        if (!limiter.take(request.ip)) {
          await tooManyDraws(request, reply);
          return true;
        }
        counted = true;
        app.metrics?.pageCache.miss();
        // Drawn for the key's address, not the visitor's: what is kept is exactly what the key says.
        const url = key === NOT_FOUND_KEY ? NOT_FOUND_URL : key;
        pending = (async () => {
          const drawn = await draw(request, true, url);
          if (!drawn?.shared || (drawn.status !== 200 && drawn.status !== 404)) return undefined;
          return keep(key, drawnFor, drawn);
        })().finally(() => drawing.delete(flight));
        drawing.set(flight, pending);
        const page = await pending;
        if (page) {
          await sendKept(request, reply, page, false);
          return true;
        }
      } else {
        const page = await pending.catch(() => undefined);
        if (page) {
          await sendKept(request, reply, page, true);
          return true;
        }
      }
    }
    if (!counted && !limiter.take(request.ip)) {
      await tooManyDraws(request, reply);
      return true;
    }
    const drawn = await draw(request, anonymous);
    if (!drawn) return false;
    if (drawn.cookies.length > 0) reply.header('set-cookie', drawn.cookies);
    // Compressed here, so that HEAD says what GET sends.
    const encoding = encodingFor(request.headers['accept-encoding']);
    const body = encoding ? compressNow(drawn.html, encoding) : drawn.html;
    if (encoding) reply.header('Content-Encoding', encoding);
    await reply
      .code(drawn.status)
      // A page drawn with a visitor's cookies or address may show their name, numbers or quota: no shared
      // cache keeps it.
      .header('Cache-Control', drawn.shared ? 'public, no-cache' : 'private, no-cache')
      .header('Vary', 'Cookie, Accept-Encoding')
      .type('text/html; charset=utf-8')
      .send(body);
    return true;
  };
  return Object.assign(renderer, { serveKept });
}
