import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { encodingFor, matches } from './compression';
import type { ServerEntry } from './entry';

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
export function themeSheets(app: FastifyInstance, entry: ServerEntry): (theme: string) => ThemeSheet | undefined {
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
