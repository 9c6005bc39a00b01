import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

// Compressed forms of what the renderer sends, the encoding a browser takes, and ETag comparison.

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A kept page compressed once off this thread: brotli at `quality` (10 for a page kept for everyone; 4 for
 * a person's, decision 149) and gzip 9 (6 for a person's), and its weak ETag (the document's hash, so a page drawn again the
 * same has the same tag).
 */
export async function keptForms(identity: Buffer, quality = 10): Promise<{ br: Buffer; gzip: Buffer; etag: string }> {
  const [br, gz] = await Promise.all([
    // 10, not 9: brotli's 10 and 11 search differently, and on these pages 10 is both smaller and faster
    // than 9 (a region's tariffs: 8 % smaller, 48 ms instead of 106); 11 is 0.5 % smaller for twice 10's time.
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip(identity, { level: quality >= 10 ? 9 : 6 }),
  ]);
  return { br, gzip: gz, etag: `W/"${createHash('sha1').update(identity).digest('base64url')}"` };
}

/**
 * A page drawn for one visitor, compressed at once on this thread (brotli 2, gzip 6): for a page of 20–90 KB
 * this costs about half the thread pool's way (a hand-off, and an encoder sized for 4 MB of input), and the
 * page is drawn on this thread anyway. Brotli 2 rather than the API's 4 (decision 117): a region's tariffs
 * (69 KB) in 0.64 ms instead of 0.95, 13.3 KB instead of 12.6; the news 0.27 ms instead of 0.52, 6.3 KB
 * instead of 5.8. A page drawn for one visitor is sent once; a kept page is compressed once, at 10.
 */
export function compressNow(html: string, encoding: 'br' | 'gzip'): Buffer {
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
export function encodingFor(accept: string | undefined): 'br' | 'gzip' | undefined {
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

/** Whether the caller's `If-None-Match` names this tag (weak comparison, as for GET). */
export function matches(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = tag.replace(/^W\//, '');
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}
