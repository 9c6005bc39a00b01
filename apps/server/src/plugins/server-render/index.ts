import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type CachedPage, DrawLimiter, NOT_FOUND_KEY, NOT_FOUND_URL, PageCache, pageKey } from '../../lib/page-cache';
import { KeptAnswers, PageCalls } from './answers';
import { pageAssetsReader, templateReader } from './assets';
import {
  cachedPage,
  type Drawn,
  FILE_NAME,
  PAGE_TTL_MS,
  type PageCacheSettings,
  sendKept,
  tooManyDraws,
} from './cache';
import { compressNow, encodingFor } from './compression';
import { watchDataVersion } from './data-version';
import type { DrawnPage, PageRenderer, ServerEntry } from './entry';
import { pageHtml } from './head';
import { PersonPages } from './person-pages';
import { watchPeople } from './person-signals';
import { themeSheets } from './theme';

// The server's drawing of the web app's pages (decision 100), in parts: entry.ts (what the built server
// entry offers), head.ts (the page's HTML), assets.ts (the build's files), answers.ts (the page's API
// calls), data-version.ts (what kept things are kept by), cache.ts (the page cache's policy),
// compression.ts and theme.ts (the theme's stylesheet route).

export { PAGE_TTL_MS, type PageCacheSettings } from './cache';
export type { PageRenderer } from './entry';
export { headInOrder, SCRIPT_LOADER, SCRIPT_LOADER_SOURCE } from './head';

/** The web app's built server entry; undefined when there is none or it does not load. */
async function loadEntry(app: FastifyInstance, webDist: string): Promise<ServerEntry | undefined> {
  const entryFile = join(dirname(webDist), 'dist-server', 'entry-server.js');
  if (!existsSync(entryFile)) return undefined;
  try {
    return (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  } catch (err) {
    // A broken build of the server entry still leaves a working site: the browser draws the pages.
    app.log.error({ err }, 'Серверная отрисовка страниц недоступна: сборка dist-server не загружается');
    return undefined;
  }
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
  const entry = await loadEntry(app, webDist);
  if (!entry) return undefined;
  const template = templateReader(join(webDist, 'index.html'));
  const themeSheet = themeSheets(app, entry);
  const pageAssets = pageAssetsReader(webDist);
  const now = cacheSettings.now ?? (() => app.clock().getTime());
  const ttlMs = cacheSettings.ttlMs ?? PAGE_TTL_MS;
  const cache =
    cacheSettings.maxBytes > 0 ? new PageCache({ maxBytes: cacheSettings.maxBytes, ttlMs, now }) : undefined;
  app.decorate('pageCache', cache);

  const answers = new KeptAnswers(() => version(), now, ttlMs);
  // A person's pages get a quarter of the page cache's bytes of their own (decision 149).
  const people = cacheSettings.maxBytes > 0 ? new PersonPages(cacheSettings.maxBytes / 4, now) : undefined;
  const version = watchDataVersion(app, cacheSettings.pollMs, () => {
    cache?.clear();
    answers.clear();
    people?.clear();
  });
  if (people) watchPeople(app, people);

  /** Draws the page of `url` (the visitor's own address, or the cache key's when drawn for everyone). */
  const draw = async (request: FastifyRequest, anonymous: boolean, url = request.url): Promise<Drawn | undefined> => {
    const calls = new PageCalls(app, request, answers, anonymous);
    let page: DrawnPage;
    try {
      page = await entry.render({ url, answer: calls.answer });
    } catch (err) {
      // The browser can still draw the page itself from the bare index.html.
      request.log.error({ err }, 'Страница не отрисована на сервере');
      return undefined;
    }
    if (page.missed && page.missed.length > 0) {
      request.log.warn({ url: request.url, missed: page.missed }, 'страница: загрузчик маршрута не запросил данные');
    }
    const html = pageHtml(page, {
      template: template(),
      origin: app.siteOrigin(),
      url,
      assets: pageAssets(page.source),
      themeHref: themeSheet(page.state.theme)?.href,
      stateId: entry.SERVER_STATE_ID,
    });
    const { cookies } = calls;
    const status = page.notFound ? 404 : 200;
    const shared = calls.shared && cookies.length === 0;
    return { status, html, cookies, shared, personal: calls.personal && cookies.length === 0, msisdns: calls.msisdns };
  };

  /** Keeps a drawn page for everyone without a session, with its compressed forms. */
  const keep = async (key: string, drawnFor: string, drawn: Drawn): Promise<CachedPage> => {
    const page = await cachedPage(drawn, drawnFor, now);
    // Drawn while the data changed: served to the visitors who asked, kept for nobody.
    if (cache && version() === drawnFor) cache.set(`${drawnFor} ${key}`, page);
    return page;
  };

  // Pages being drawn for the cache, so that visitors asking for the same address at once wait for one draw.
  const drawing = new Map<string, Promise<CachedPage | undefined>>();
  const limiter = new DrawLimiter(cacheSettings.drawsPerMinute ?? 0, now);

  const serveKept = (request: FastifyRequest, reply: FastifyReply): boolean => {
    const current = version();
    if (!cache || current === undefined || request.headers.cookie !== undefined) return false;
    // Only an address a page answers: the front page, the pages' wildcard or no route at all, and not a
    // file's name (robots.txt, an asset): those have their own routes, whatever the route table says.
    const route = request.routeOptions.url;
    if (route !== undefined && route !== '/' && route !== '/*') return false;
    if (FILE_NAME.test(request.url.split('?')[0] ?? '/')) return false;
    const key = pageKey(request.url, entry.pageSearch);
    const kept = key === undefined ? undefined : cache.get(`${current} ${key}`);
    if (!kept) return false;
    void sendKept(app, request, reply, kept, true);
    return true;
  };

  /**
   * A cookie-less visitor's page from the cache, or drawn once for everyone asking at once and kept;
   * true when it was answered (a 429 past the bound included), with whether this visitor's draw was counted.
   */
  const fromCache = async (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    drawnFor: string,
  ): Promise<{ answered: boolean; counted: boolean }> => {
    const kept = cache?.get(`${drawnFor} ${key}`);
    if (kept) {
      await sendKept(app, request, reply, kept, true);
      return { answered: true, counted: false };
    }
    const flight = `${drawnFor} ${key}`;
    const pending = drawing.get(flight);
    if (pending) {
      const page = await pending.catch(() => undefined);
      if (page) await sendKept(app, request, reply, page, true);
      return { answered: page !== undefined, counted: false };
    }
    // Decided without a turn of the event loop, so that visitors asking at once still share one draw.
    if (!limiter.take(request.ip)) {
      await tooManyDraws(request, reply, limiter);
      return { answered: true, counted: false };
    }
    app.metrics?.pageCache.miss();
    // Drawn for the key's address, not the visitor's: what is kept is exactly what the key says.
    const url = key === NOT_FOUND_KEY ? NOT_FOUND_URL : key;
    const drawn = (async () => {
      const page = await draw(request, true, url);
      if (!page?.shared || (page.status !== 200 && page.status !== 404)) return undefined;
      return keep(key, drawnFor, page);
    })().finally(() => drawing.delete(flight));
    drawing.set(flight, drawn);
    const page = await drawn;
    if (page) await sendKept(app, request, reply, page, false);
    return { answered: page !== undefined, counted: true };
  };

  // A person's pages being drawn to be kept, so that their views at once wait for one draw.
  const drawingFor = new Map<string, Promise<Drawn | undefined>>();

  /**
   * A signed-in person's page kept for them (decision 149), or drawn once for their views at once and
   * kept; undefined when this view must be drawn on its own (nothing kept, or not a page to keep).
   */
  const forPerson = async (
    request: FastifyRequest,
    reply: FastifyReply,
    drawnFor: string,
  ): Promise<{ answered: boolean; drawn?: Drawn }> => {
    const user = request.user;
    const familyId = request.sessionFamilyId;
    const key = pageKey(request.url, entry.pageSearch);
    if (!people || !user || !familyId || key === undefined || key === NOT_FOUND_KEY) return { answered: false };
    const keyed = people.key(user.userId, familyId, drawnFor, key);
    const kept = people.get(keyed);
    if (kept) {
      await sendKept(app, request, reply, kept, true, 'private');
      return { answered: true };
    }
    const pending = drawingFor.get(keyed);
    if (pending) {
      const drawn = await pending.catch(() => undefined);
      const page = drawn ? people.get(keyed) : undefined;
      if (page) await sendKept(app, request, reply, page, true, 'private');
      return { answered: page !== undefined };
    }
    if (!limiter.take(request.ip)) {
      await tooManyDraws(request, reply, limiter);
      return { answered: true };
    }
    const epoch = people.epochOf(user.userId);
    const flight = (async () => {
      // Drawn for the key's address, as a page kept for everyone is: what is kept is what the key says.
      const drawn = await draw(request, false, key);
      if (drawn?.personal && drawn.status === 200 && version() === drawnFor) {
        people.keep(user.userId, epoch, keyed, await cachedPage(drawn, drawnFor, now, 'personal'), drawn.msisdns);
      }
      return drawn;
    })().finally(() => drawingFor.delete(keyed));
    drawingFor.set(keyed, flight);
    const drawn = await flight;
    const page = drawn ? people.get(keyed) : undefined;
    if (page) {
      await sendKept(app, request, reply, page, false, 'private');
      return { answered: true };
    }
    return { answered: false, ...(drawn ? { drawn } : {}) };
  };

  const renderer = async (request: FastifyRequest, reply: FastifyReply) => {
    const anonymous = request.headers.cookie === undefined || request.headers.cookie.trim() === '';
    const key = anonymous && cache ? pageKey(request.url, entry.pageSearch) : undefined;
    const drawnFor = version();
    let counted = false;
    let drawnForPerson: Drawn | undefined;
    if (key !== undefined && drawnFor !== undefined) {
      const cached = await fromCache(request, reply, key, drawnFor);
      if (cached.answered) return true;
      counted = cached.counted;
    } else if (!anonymous && drawnFor !== undefined && request.user) {
      const kept = await forPerson(request, reply, drawnFor);
      if (kept.answered) return true;
      drawnForPerson = kept.drawn;
      counted = drawnForPerson !== undefined;
    }
    if (!counted && !limiter.take(request.ip)) {
      await tooManyDraws(request, reply, limiter);
      return true;
    }
    const drawn = drawnForPerson ?? (await draw(request, anonymous));
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
