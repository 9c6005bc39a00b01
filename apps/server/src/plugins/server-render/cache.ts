import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CachedPage, DrawLimiter } from '../../lib/page-cache';
import { encodingFor, keptForms, matches } from './compression';

// The page cache's policy (decision 040): what a kept page is, how it is sent, and what a visitor past the
// bound of pages drawn is shown.

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
export const FILE_NAME = /\.[a-z0-9]+$/i;

/** The most a kept page is served without being drawn again, whatever the versions say. */
export const PAGE_TTL_MS = 60_000;

/** A page as drawn for one request, with what decides whether anybody else may be given it. */
export interface Drawn {
  status: number;
  html: string;
  cookies: string[];
  /** Drawn only from answers that are the same for every visitor without a session. */
  shared: boolean;
  /** Drawn only from those and the signed-in person's own answers (decision 149). */
  personal: boolean;
  /** The numbers the person's answers named. */
  msisdns: ReadonlySet<string>;
}

/**
 * A drawn page as kept, with its compressed forms: for everyone without a session at brotli 10 (served
 * thousands of times), for one person at brotli 4 (served a few times; decision 149).
 */
export async function cachedPage(
  drawn: Drawn,
  drawnFor: string,
  now: () => number,
  quality: 'shared' | 'personal' = 'shared',
): Promise<CachedPage> {
  const identity = Buffer.from(drawn.html);
  const forms = await keptForms(identity, quality === 'shared' ? 10 : 4);
  return { status: drawn.status, identity, ...forms, version: drawnFor, storedAt: now() };
}

/** Sends a kept page: 304 when the caller has it, else the form its Accept-Encoding takes. */
export function sendKept(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  hit: boolean,
  scope: 'public' | 'private' = 'public',
) {
  if (hit && scope === 'public') app.metrics?.pageCache.hit();
  reply
    .code(page.status)
    // Anyone without a session gets the same page: a shared cache may keep it, and asks again each time.
    // A person's page is theirs: only their browser keeps it, and asks again each time (decision 149).
    .header('Cache-Control', `${scope}, no-cache`)
    .header('Vary', 'Cookie, Accept-Encoding')
    .header('ETag', page.etag)
    .header('X-Page-Cache', hit ? 'hit' : 'miss')
    .type('text/html; charset=utf-8');
  if (matches(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
  const encoding = encodingFor(request.headers['accept-encoding']);
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity);
}

/** The answer to a visitor past the bound of pages drawn (the limiter said no). */
export async function tooManyDraws(request: FastifyRequest, reply: FastifyReply, limiter: DrawLimiter): Promise<void> {
  request.log.info({ ip: request.ip }, 'страница: слишком много новых страниц с одного адреса');
  await reply
    .code(429)
    .header('Retry-After', String(limiter.retryAfter(request.ip)))
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(TOO_MANY_DRAWS);
}
