import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';

/** What the web app's server entry (apps/web/src/entry-server.tsx, built into dist-server/) offers. */
interface ServerEntry {
  SERVER_STATE_ID: string;
  render(request: { url: string; fetch: typeof fetch }): Promise<{
    html: string;
    title: string;
    description: string | undefined;
    state: unknown;
    notFound: boolean;
  }>;
}

/** Draws a page on the server; false when it could not (the caller then sends the bare index.html). */
export type PageRenderer = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

/** JSON inside a script element: nothing in it can close the element or open a comment. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The built index.html, read again when a rebuild replaces it. */
function templateReader(file: string): () => string {
  let cached = { mtimeMs: -1, text: '' };
  return () => {
    const { mtimeMs } = statSync(file);
    if (mtimeMs !== cached.mtimeMs) cached = { mtimeMs, text: readFileSync(file, 'utf8') };
    return cached.text;
  };
}

/**
 * The page of an address drawn on the server with its data (decision 100, «Server rendering»): the web
 * app's own components, given the answers of this server's API routes for this visitor (called in
 * process, with the visitor's cookies), so the browser shows the page before its scripts run and then
 * takes it over from the same data. Undefined when the web app was built without its server entry.
 */
export async function createPageRenderer(app: FastifyInstance, webDist: string): Promise<PageRenderer | undefined> {
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

  return async (request, reply) => {
    const cookies: string[] = [];
    // The page's API calls, answered by this server's routes as the browser's own calls would be.
    const apiFetch: typeof fetch = async (input, init) => {
      const call = input instanceof Request ? input : new Request(input, init);
      const url = new URL(call.url);
      const answer = await app.inject({
        method: call.method as HTTPMethods,
        url: url.pathname + url.search,
        remoteAddress: request.ip,
        headers: {
          // The call's own headers (content type, X-Requested-With), then the visitor's.
          ...Object.fromEntries(call.headers),
          accept: 'application/json',
          ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
          ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
        },
        ...(call.method === 'GET' || call.method === 'HEAD' ? {} : { payload: Buffer.from(await call.arrayBuffer()) }),
      });
      // A call may renew the session's cookies: they go to the browser with the page.
      const setCookie = answer.headers['set-cookie'];
      if (setCookie) cookies.push(...(Array.isArray(setCookie) ? setCookie : [setCookie]));
      const headers = new Headers();
      const type = answer.headers['content-type'];
      if (typeof type === 'string') headers.set('content-type', type);
      const empty = answer.statusCode === 204 || answer.statusCode === 304;
      return new Response(empty ? null : answer.rawPayload, { status: answer.statusCode, headers });
    };

    let page: Awaited<ReturnType<ServerEntry['render']>>;
    try {
      page = await entry.render({ url: request.url, fetch: apiFetch });
    } catch (err) {
      // The browser can still draw the page itself from the bare index.html.
      request.log.error({ err }, 'Страница не отрисована на сервере');
      return false;
    }
    const html = template()
      .replace('<html lang="ru">', '<html lang="ru" data-mantine-color-scheme="light">')
      // The page arrives with the answers these would have fetched.
      .replace(/\s*<!--[^>]*-->\s*(?=<link rel="preload" href="\/api)/, '\n    ')
      .replace(/<link rel="preload" href="\/api[^>]*>\s*/g, '')
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
      .replace(/<meta name="description" content="[^"]*" \/>/, (original) =>
        page.description ? `<meta name="description" content="${escapeHtml(page.description)}" />` : original,
      )
      .replace(
        '<div id="root"></div>',
        `<div id="root">${page.html}</div><script id="${entry.SERVER_STATE_ID}" type="application/json">${scriptJson(page.state)}</script>`,
      );
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    await reply
      .code(page.notFound ? 404 : 200)
      // A page drawn with a visitor's cookies may show their name and numbers: no shared cache keeps it.
      .header('Cache-Control', request.headers.cookie ? 'private, no-cache' : 'no-cache')
      .header('Vary', 'Cookie')
      .type('text/html; charset=utf-8')
      .send(html);
    return true;
  };
}
