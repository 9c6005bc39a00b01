import { randomUUID } from 'node:crypto';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import ajvFormats from 'ajv-formats';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { DestinationStream } from 'pino';
import type { AppConfig } from './config/env';
import type { DatabaseHandle } from './db/client';
import { AccessLog, requestSerializer } from './lib/access-log';
import { flagApiRoute, isApiPath, isApiRequest } from './lib/api-route';
import { type Clock, systemClock } from './lib/clock';
import { PROBLEM_TYPES, VALIDATION_TITLE } from './lib/problem';
import { requestLogger } from './lib/request-logger';
import { helmetHeaders } from './lib/security-headers';
import accountRoutes from './modules/account/routes';
import coverageRoutes from './modules/coverage/routes';
import esiaPlugin from './modules/esia/plugin';
import esiaRoutes from './modules/esia/routes';
import feedbackRoutes from './modules/feedback/routes';
import feedbackStaffRoutes from './modules/feedback/staff-routes';
import healthRoutes from './modules/health/routes';
import lookupPlugin from './modules/lookup/plugin';
import lookupRoutes from './modules/lookup/routes';
import newsPlugin from './modules/news/plugin';
import newsRoutes from './modules/news/routes';
import newsStaffRoutes from './modules/news/staff-routes';
import notificationsPlugin from './modules/notifications/plugin';
import { listRegionOperators } from './modules/operators';
import operatorRoutes from './modules/operators/routes';
import portingPlugin from './modules/porting/plugin';
import portingSignaturePlugin from './modules/porting/signature/plugin';
import privacyPlugin from './modules/privacy/plugin';
import regionRoutes from './modules/regions/routes';
import serviceRoutes from './modules/services/routes';
import settingsRoutes from './modules/settings/routes';
import settingsStaffRoutes from './modules/settings/staff-routes';
import sitemapRoutes from './modules/sitemap/routes';
import staffPlugin from './modules/staff/plugin';
import { listOperatorTiles } from './modules/tariffs';
import tariffsPlugin from './modules/tariffs/plugin';
import tariffRoutes from './modules/tariffs/routes';
import tariffsStaffRoutes from './modules/tariffs/staff-routes';
import csrfPlugin from './plugins/csrf';
import databasePlugin from './plugins/database';
import drainPlugin from './plugins/drain';
import errorsPlugin, { clientErrorHandler } from './plugins/errors';
import etagPlugin from './plugins/etag';
import featuresPlugin from './plugins/features';
import inputGuardPlugin from './plugins/input-guard';
import jobsPlugin from './plugins/jobs';
import metricsPlugin from './plugins/metrics';
import openapiPlugin from './plugins/openapi';
import peoplePlugin from './plugins/people';
import redisPlugin from './plugins/redis';
import { SCRIPT_LOADER_SOURCE } from './plugins/server-render';
import sessionPlugin from './plugins/session';
import siteOriginPlugin from './plugins/site-origin';
import webPlugin from './plugins/web';
import { ALL_QUEUES } from './queues';

export interface BuildAppOptions {
  config: AppConfig;
  /** An opened, migrated database. */
  database: DatabaseHandle;
  /** Close the database when the app closes (the server does; tests share one). */
  ownsDatabase?: boolean;
  /** Where the JSON log lines go: stdout unless given (a test reads them). */
  logStream?: DestinationStream;
  /** The site's clock (lib/clock.ts): the wall clock unless a test sets one. */
  clock?: Clock;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The site's one clock: every rule that depends on the time reads it here or is handed it. */
    clock: Clock;
  }
}

/** The origin of a tile URL template ("https://{s}.tile.example/{z}/{x}/{y}.png" → "https://*.tile.example"). */
function tileOrigin(template: string | undefined): string[] {
  if (!template) return [];
  const match = /^(https?:\/\/)([^/]+)/.exec(template.replace(/\{s\}/g, '*'));
  return match ? [`${match[1]}${match[2]}`] : [];
}

/** Builds the whole site: infrastructure plugins first, then one plugin per domain under /api, then the web app. */
export async function buildApp({
  config,
  database,
  ownsDatabase = false,
  logStream,
  clock = systemClock,
}: BuildAppOptions): Promise<FastifyInstance> {
  // Helmet's headers are the same for every response, but @fastify/helmet builds the middleware (and
  // parses the CSP) on each request: a measured 6 % of a lookup's CPU. Computed once, set by one hook.
  const securityHeaders = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The drawn pages' script loader is inline, allowed by its hash (decision 120).
        scriptSrc: ["'self'", SCRIPT_LOADER_SOURCE],
        // Mantine writes its CSS variables inline.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The coverage page's base-map tiles come from the configured tile server, if any.
        imgSrc: ["'self'", 'data:', 'blob:', ...tileOrigin(config.mapTileUrl)],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  // A JSON answer is not a document: it needs no script, style or image sources, and the document-only
  // headers (opener policy, referrer, DNS prefetch…) do nothing for it. The API sends the set OWASP's REST
  // guidance names: nothing may load or frame it, no sniffing, HTTPS only, no cross-origin reads
  // (decision 101).
  const apiHeaders = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    xFrameOptions: { action: 'deny' },
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      // Lines that carry the request write its URL without the sign-in's secrets (decision 051).
      serializers: { req: requestSerializer },
      ...(logStream ? { stream: logStream } : {}),
    },
    // One access-log line per request instead of Fastify's two (decision 023).
    logController: new AccessLog(),
    // request.log makes its pino child only when the request writes a line through it (decision 108).
    childLoggerFactory: requestLogger,
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    // Answers Node gives before Fastify (431 headers too long, 408, malformed) come in Russian too.
    clientErrorHandler,
    // Behind balancers (TRUST_PROXY), request.ip is the client from X-Forwarded-For: quota and rate limits key on it.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // While closing, a request that still arrives on an open connection is served (with Connection: close)
    // instead of a bare 503: the database stays open until the last request has its answer.
    return503OnClosing: false,
    // A path that is not valid percent-encoding (`/api/v1/news/%FF`) never reaches the router or the error
    // handler: answered here in the API's own format (no route was matched, so the text picks only the header
    // set of this 400).
    frameworkErrors: (error, request, reply) => {
      const status: 400 | 414 = error.statusCode === 414 ? 414 : 400;
      (reply as FastifyReply)
        .code(status)
        .headers(isApiPath(request.url) ? apiHeaders : securityHeaders)
        .header('x-request-id', request.id)
        .type('application/problem+json')
        .send({
          type: PROBLEM_TYPES.badRequest,
          title: status === 414 ? 'Слишком длинный адрес запроса' : VALIDATION_TITLE,
          status,
          ...(status === 400 ? { detail: 'Адрес запроса записан в неверной кодировке.' } : {}),
          requestId: request.id,
        });
    },
    ajv: {
      customOptions: { allErrors: true, coerceTypes: 'array', removeAdditional: true, useDefaults: true },
      plugins: [ajvFormats as never],
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Every route is flagged as the API's or not by its declared path, before any is registered: CSRF, the
  // API's headers and the drain decide on the matched route, never on how the address was spelled.
  app.addHook('onRoute', flagApiRoute);
  app.decorate('clock', clock);
  await app.register(errorsPlugin);
  await app.register(drainPlugin);
  await app.register(inputGuardPlugin);
  // The hooks every request runs are callback-style, not async: an async hook costs a promise and a
  // microtask turn per request (decision 023). Headers set here stay on every answer, errors included.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiRequest(request) ? apiHeaders : securityHeaders);
    reply.header('x-request-id', request.id);
    done();
  });
  // ETag (GET and HEAD only) before compression: the tag is of the JSON itself, and a matching GET answers
  // 304 with no body.
  await app.register(etagPlugin);
  // JSON above a kilobyte leaves compressed (brotli at a quality that costs about as much as gzip);
  // the web app's files are compressed at build time and served as they are (plugins/web.ts).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(databasePlugin, { handle: database, owned: ownsDatabase });
  await app.register(metricsPlugin, { config: config.metrics });
  await app.register(redisPlugin, { url: config.redisUrl, prefix: config.redisPrefix });
  await app.register(peoplePlugin);
  await app.register(jobsPlugin, { workers: config.jobWorkers, queues: ALL_QUEUES });
  await app.register(openapiPlugin);
  await app.register(featuresPlugin, { pollMs: config.flagsPollMs });
  await app.register(sessionPlugin, { config });
  await app.register(siteOriginPlugin, { config });
  await app.register(csrfPlugin);
  // Before any route: its guard is added to every route that declares `config.staff`.
  await app.register(staffPlugin);
  await app.register(esiaPlugin, { config });
  await app.register(lookupPlugin, { lookup: config.lookup });
  await app.register(notificationsPlugin, { config: config.notifications, sessionSecret: config.sessionSecret });
  await app.register(portingPlugin, { config });
  await app.register(portingSignaturePlugin, { config });
  await app.register(privacyPlugin, { config });
  await app.register(tariffsPlugin, { pollMs: config.lookup.pollMs });
  await app.register(newsPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(settingsRoutes);
      await api.register(settingsStaffRoutes);
      // Each is given the other module's list it shows (decision 131): regions the operators', operators the tariffs'.
      await api.register(regionRoutes, { regionOperators: listRegionOperators });
      await api.register(operatorRoutes, { tiles: listOperatorTiles });
      await api.register(serviceRoutes);
      await api.register(lookupRoutes, { config });
      await api.register(tariffRoutes);
      await api.register(tariffsStaffRoutes);
      await api.register(esiaRoutes);
      await api.register(accountRoutes);
      await api.register(newsRoutes);
      await api.register(newsStaffRoutes);
      await api.register(feedbackRoutes, { sessionSecret: config.sessionSecret, supportEmail: config.supportEmail });
      await api.register(feedbackStaffRoutes);
      await api.register(coverageRoutes, {
        tileUrl: config.mapTileUrl,
        attribution: config.mapTileAttribution,
      });
    },
    { prefix: '/api' },
  );

  await app.register(sitemapRoutes);
  await app.register(webPlugin, {
    webDist: config.webDist,
    pageCacheBytes: config.pageCacheBytes,
    pageDrawsPerMinute: config.pageDrawsPerMinute,
    pollMs: config.lookup.pollMs,
  });
  return app;
}
