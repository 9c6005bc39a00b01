import { createHash } from 'node:crypto';
import type { DrawnPage } from './entry';

// The drawn page's HTML: the built head put in the order a first paint wants (headInOrder, once per
// build), and the page's title, description, card, stylesheets, scripts and body written into it.

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

/** JSON inside a script element: nothing in it can close the element or open a comment. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** Where a page's own stylesheets go in the head: after the site's, before any script. */
export const PAGE_STYLES = '<!--page-styles-->';

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

/** What a drawn page is written into besides the page itself. */
export interface PageFrame {
  /** The built index.html, its head in order (headInOrder). */
  template: string;
  /** The site's public address. */
  origin: string;
  /** The address drawn: its path is the page's canonical address. */
  url: string;
  /** The stylesheets and modules the page brings beyond index.html's. */
  assets: { styles: string[]; scripts: string[] };
  /** The theme's stylesheet (decision 121), when the entry draws one. */
  themeHref: string | undefined;
  /** The id of the script element that carries the page's state to the browser. */
  stateId: string;
}

/** The page's own head lines: its canonical address and, for a page with a card, Open Graph and Twitter's. */
function headLines(page: DrawnPage, origin: string, canonical: string): string[] {
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
  return head;
}

/** The drawn page's document: the template with the page's head, stylesheets, scripts, body and state. */
export function pageHtml(page: DrawnPage, frame: PageFrame): string {
  const path = frame.url.split('?')[0] ?? '/';
  const head = headLines(page, frame.origin, `${frame.origin}${path}`);
  const { assets } = frame;
  const styles = [
    ...assets.styles.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`),
    // Where Mantine drew its style elements before: after every other stylesheet.
    ...(frame.themeHref ? [`<link rel="stylesheet" data-theme-styles href="${frame.themeHref}">`] : []),
  ];
  return (
    frame.template
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
          `<div id="root">${page.html}</div><script id="${frame.stateId}" type="application/json">${scriptJson(page.state)}</script>`,
      )
  );
}
