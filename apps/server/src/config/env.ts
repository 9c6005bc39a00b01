import { isIP } from 'node:net';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, type Env, readEnv } from './env-schema';

export { ConfigError } from './env-schema';

/** Development-only secret: production mode refuses to start with it. */
export const DEV_SESSION_SECRET = 'dev-only-session-secret-change-me-0123456789';

const repoRoot = resolve(fileURLToPath(new URL('../../../../', import.meta.url)));

export type AppMode = 'development' | 'test' | 'production';

export interface AppConfig {
  mode: AppMode;
  host: string;
  port: number;
  logLevel: string;
  /** PostgreSQL server URL; when absent the embedded PGlite is used. */
  databaseUrl: string | undefined;
  /** PGlite data folder, or `memory://` for a throw-away database. */
  pgliteDir: string;
  /** Load demo content (reference data is always loaded). */
  seedDemo: boolean;
  sessionSecret: string;
  /** Base map of the coverage page: an XYZ tile URL template (its host is allowed by the CSP); none by default. */
  mapTileUrl: string | undefined;
  mapTileAttribution: string;
  /** Built web app served at `/`; absent folder means API only. */
  webDist: string;
  /**
   * Public origin of the site (`https://perenos.example`): the ESIA `redirect_uri`, the logout return and
   * the CSRF origin check. Required in production; elsewhere the server's own listening address. Never
   * taken from the request's Host header.
   */
  publicOrigin: string | undefined;
  /** Addresses or CIDRs of the balancers whose `X-Forwarded-For` is believed; empty: none. */
  trustProxy: string[];
  /** Graceful drain on SIGTERM: readiness 503 for `delayMs`, then in-flight requests get up to `timeoutMs`. */
  drain: { delayMs: number; timeoutMs: number };
  /** How often a node re-reads the feature flags (a switch reaches every node within 2 s). */
  flagsPollMs: number;
  /** Bytes of drawn pages a node keeps for visitors without a session (0: no page cache; decision 040). */
  pageCacheBytes: number;
  /** Pages drawn afresh per client address and minute; past it a 429 page (0: no bound). */
  pageDrawsPerMinute: number;
  /** Days the passport, birth date and courier address are kept after a porting ended (docs/privacy.md). */
  personalDataRetentionDays: number;
  /** Days a contact-form message (name, e-mail, text), its replies and e-mail copies are kept. */
  feedbackRetentionDays: number;
  /** Shared Redis for counters and pub/sub across nodes; absent on the embedded default. */
  redisUrl: string | undefined;
  /** Prefix of this site's Redis keys and channels. */
  redisPrefix: string;
  /** How long a node trusts that a session family is active (ms); undefined: 5 s alone, 60 s with Redis. */
  sessionCacheMs?: number | undefined;
  repoRoot: string;
  /** Number lookup: quotas, batch upload limits, index refresh, registry refresh. */
  lookup: LookupConfig;
  /** Sign-in through ESIA (Госуслуги). */
  esia: EsiaConfig;
  /** Porting: the central database, the time scale, the background workers. */
  porting: PortingConfig;
  /** Signing the application in Госключ (the Goskey feature). */
  goskey: GoskeyConfig;
  /** Where e-mail and SMS go. */
  notifications: NotificationsConfig;
  /** Run background jobs on this node (off in tests that drive the engine by hand). */
  jobWorkers: boolean;
  /** Prometheus metrics (decision 060). */
  metrics: MetricsConfig;
  /** Where each new feedback message is also sent by e-mail; absent: the staff inbox only. */
  supportEmail: string | undefined;
}

export interface MetricsConfig {
  /** `/metrics` on the site's port answers only `Authorization: Bearer <token>`; absent: it is not served there. */
  token: string | undefined;
  /** A second listener serving only `/metrics`, without the token, on `host` (a private address). */
  port: number | undefined;
  host: string;
}

export interface PortingConfig {
  /** Every wait of the porting process runs this many times faster (1 in production; the demo uses 5000). */
  timeScale: number;
  /**
   * The stand-in donor answers no sooner than this (real ms), whatever the scale: the demo's minute to
   * withdraw before the window is set (0: no floor; `npm start` sets 60 s).
   */
  donorWaitMs: number;
  /** Mount the central-database (БДПН) and donor stand-in at /bdpn-standin (development and test only). */
  standin: boolean;
  /** The central database's gateway for this site; absent: the stand-in on this site. */
  gatewayUrl: string | undefined;
  gatewayToken: string | undefined;
}

export interface GoskeyConfig {
  /** Mount the Госключ stand-in at /goskey-standin (development and test only). */
  standin: boolean;
  /** Where the stand-in keeps its test certification centre (made at the first start). */
  standinDir: string;
  /** The Госуслуги API that sends documents to Госключ; absent: the stand-in on this site. */
  apiUrl: string | undefined;
  /** The organisation's API key there (its requests are also signed with the ESIA signer). */
  apiKey: string | undefined;
  /** PEM file of the roots a signature must chain to (the Минцифры certification centre's). */
  trustedRootsPath: string | undefined;
}

function goskeyConfig(env: Env, mode: AppMode): GoskeyConfig {
  const apiUrl = env.GOSKEY_API_URL?.replace(/\/+$/, '');
  return {
    standin: env.GOSKEY_STANDIN ?? (mode !== 'production' && apiUrl === undefined),
    // Tests share one centre per machine (made once, kept between runs); the site keeps its own with its data.
    standinDir:
      env.GOSKEY_STANDIN_DIR ??
      (mode === 'test' ? resolve(tmpdir(), 'perenos-goskey-standin-test') : resolve(repoRoot, '.data/goskey-standin')),
    apiUrl,
    apiKey: env.GOSKEY_API_KEY,
    trustedRootsPath: env.GOSKEY_TRUSTED_ROOTS,
  };
}

export interface NotificationsConfig {
  /** Mount the outbox stand-in at /outbox-standin: it receives what the gateways would send (demo and test). */
  outboxStandin: boolean;
  /** HTTP gateways (JSON POST, Bearer token); absent in production: that channel is not sent. */
  smsGatewayUrl: string | undefined;
  smsGatewayToken: string | undefined;
  emailGatewayUrl: string | undefined;
  emailGatewayToken: string | undefined;
}

function portingConfig(env: Env, mode: AppMode): PortingConfig {
  const gatewayUrl = env.BDPN_GATEWAY_URL;
  return {
    timeScale: env.PORTING_TIME_SCALE ?? 1,
    donorWaitMs: (env.PORTING_DONOR_MIN_SECONDS ?? 0) * 1000,
    standin: env.BDPN_STANDIN ?? (mode !== 'production' && gatewayUrl === undefined),
    gatewayUrl: gatewayUrl?.replace(/\/+$/, ''),
    gatewayToken: env.BDPN_GATEWAY_TOKEN,
  };
}

function notificationsConfig(env: Env, mode: AppMode): NotificationsConfig {
  return {
    outboxStandin: env.OUTBOX_STANDIN ?? mode !== 'production',
    smsGatewayUrl: env.SMS_GATEWAY_URL,
    smsGatewayToken: env.SMS_GATEWAY_TOKEN,
    emailGatewayUrl: env.EMAIL_GATEWAY_URL,
    emailGatewayToken: env.EMAIL_GATEWAY_TOKEN,
  };
}

export interface EsiaConfig {
  /** Mount the ESIA stand-in at /esia-standin (development and test only). */
  standin: boolean;
  /** How the stand-in signs its tokens: RS256, or GOST R 34.10-2012 as the real ESIA (decision 050). */
  standinTokenAlg: 'RS256' | 'GOST3410_2012_256' | 'GOST3410_2012_512';
  /** ESIA host, e.g. https://esia-portal1.test.gosuslugi.ru; absent: the stand-in on this site. */
  baseUrl: string | undefined;
  clientId: string;
  scope: string;
  /** `client_certificate_hash` of the registered certificate (hex, made by ESIA's utility). */
  clientCertificateHash: string | undefined;
  /** PEM file of ESIA's certificate or public key: the tokens are checked with it. */
  publicKeyPath: string | undefined;
  /** External signer of `client_secret`: a command (data on stdin, base64 CMS on stdout) or an HTTP URL. */
  signerCommand: string | undefined;
  signerUrl: string | undefined;
}

function esiaConfig(env: Env, mode: AppMode): EsiaConfig {
  const baseUrl = env.ESIA_BASE_URL;
  return {
    standin: env.ESIA_STANDIN ?? (mode !== 'production' && baseUrl === undefined),
    standinTokenAlg: env.ESIA_STANDIN_TOKEN_ALG ?? 'RS256',
    baseUrl: baseUrl?.replace(/\/+$/, ''),
    clientId: env.ESIA_CLIENT_ID ?? 'PERENOS',
    // СНИЛС is asked to tell a Госключ signature as the person's; only its keyed hash is kept (decision 129).
    scope: env.ESIA_SCOPE ?? 'openid fullname birthdate snils mobile email id_doc',
    clientCertificateHash: env.ESIA_CLIENT_CERTIFICATE_HASH,
    publicKeyPath: env.ESIA_PUBLIC_KEY,
    signerCommand: env.ESIA_SIGNER_COMMAND,
    signerUrl: env.ESIA_SIGNER_URL,
  };
}

export interface LookupConfig {
  /** Single lookups a Moscow day for an anonymous client (by IP) and for a signed-in user. */
  quotaAnonymous: number;
  quotaSignedIn: number;
  /** Batch upload: file size, rows, uncompressed XLSX size and entry count, processing time. */
  batchMaxBytes: number;
  batchMaxRows: number;
  batchMaxUncompressedBytes: number;
  batchMaxZipEntries: number;
  batchTimeoutMs: number;
  /** Batch files processed at once on this node; more get 503 with a time to come back. */
  batchConcurrency: number;
  /** How often a node polls the database for registry changes (a ported number shows within 2 s). */
  pollMs: number;
  /** Official numbering-plan files refreshed on a schedule; empty turns the schedule off. */
  planUrls: string[];
  planRefreshHours: number;
}

/** `TRUST_PROXY`: addresses or CIDRs (IPv4 or IPv6), comma- or space-separated; `true` (anyone) is refused. */
function parseTrustProxy(value: string | undefined): string[] {
  const items = (value ?? '').split(/[\s,]+/).filter((v) => v !== '');
  for (const item of items) {
    const [address = '', bits, extra] = item.split('/');
    const family = isIP(address);
    const maxBits = family === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
    if (family === 0 || !bitsOk || extra !== undefined) {
      throw new ConfigError(
        `TRUST_PROXY: ожидаются адреса или подсети балансировщиков (127.0.0.1, 10.0.0.0/8), получено: ${item}`,
      );
    }
  }
  return items;
}

/** `PUBLIC_ORIGIN` (already an http(s) address without a path, EnvSchema) as a normalised origin. */
function originOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    return new URL(value).origin;
  } catch {
    throw new ConfigError(`PUBLIC_ORIGIN должен быть адресом сайта вида https://perenos.example, получено: ${value}`);
  }
}

function lookupConfig(env: Env): LookupConfig {
  return {
    quotaAnonymous: env.LOOKUP_QUOTA_ANONYMOUS ?? 20,
    quotaSignedIn: env.LOOKUP_QUOTA_SIGNED_IN ?? 200,
    batchMaxBytes: env.BATCH_MAX_BYTES ?? 20 * 1024 * 1024,
    batchMaxRows: env.BATCH_MAX_ROWS ?? 100_000,
    batchMaxUncompressedBytes: env.BATCH_MAX_UNCOMPRESSED_BYTES ?? 200 * 1024 * 1024,
    batchMaxZipEntries: env.BATCH_MAX_ZIP_ENTRIES ?? 1000,
    batchTimeoutMs: env.BATCH_TIMEOUT_MS ?? 60_000,
    // A batch keeps a core busy (and zlib the pool): two at once on the usual two-core node.
    batchConcurrency: env.BATCH_CONCURRENCY ?? 2,
    pollMs: env.LOOKUP_POLL_MS ?? 1000,
    planUrls: (env.NUMBERING_PLAN_URLS ?? '').split(/[\s,]+/).filter((u) => u !== ''),
    planRefreshHours: env.NUMBERING_REFRESH_HOURS ?? 24,
  };
}

/** Reads and validates the environment once; production refuses development defaults. */
export function loadConfig(processEnv: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const env = readEnv(processEnv);
  const mode = env.NODE_ENV ?? 'development';
  const config: AppConfig = {
    mode,
    host: env.HOST ?? '127.0.0.1',
    port: env.PORT ?? 3000,
    logLevel: env.LOG_LEVEL ?? (mode === 'test' ? 'silent' : 'info'),
    databaseUrl: env.DATABASE_URL,
    pgliteDir: env.PGLITE_DIR ?? resolve(repoRoot, '.data/pglite'),
    seedDemo: env.SEED_DEMO ?? mode !== 'production',
    sessionSecret: env.SESSION_SECRET ?? DEV_SESSION_SECRET,
    mapTileUrl: env.MAP_TILE_URL,
    mapTileAttribution: env.MAP_TILE_ATTRIBUTION ?? '',
    webDist: env.WEB_DIST ?? resolve(repoRoot, 'apps/web/dist'),
    publicOrigin: originOf(env.PUBLIC_ORIGIN),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    drain: { delayMs: env.DRAIN_DELAY_MS ?? 0, timeoutMs: env.DRAIN_TIMEOUT_MS ?? 30_000 },
    flagsPollMs: env.FLAGS_POLL_MS ?? 1000,
    pageCacheBytes: (env.PAGE_CACHE_MB ?? 64) * 1024 * 1024,
    pageDrawsPerMinute: env.PAGE_DRAWS_PER_MINUTE ?? 120,
    personalDataRetentionDays: env.PERSONAL_DATA_RETENTION_DAYS ?? 30,
    feedbackRetentionDays: env.FEEDBACK_RETENTION_DAYS ?? 365,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX ?? 'perenos:',
    repoRoot,
    lookup: lookupConfig(env),
    esia: esiaConfig(env, mode),
    porting: portingConfig(env, mode),
    goskey: goskeyConfig(env, mode),
    notifications: notificationsConfig(env, mode),
    jobWorkers: env.JOB_WORKERS ?? mode !== 'test',
    metrics: { token: env.METRICS_TOKEN, port: env.METRICS_PORT, host: env.METRICS_HOST ?? '127.0.0.1' },
    supportEmail: env.SUPPORT_EMAIL,
    ...overrides,
  };
  if (config.mode === 'production' && config.esia.standin) {
    throw new ConfigError('В режиме production тестовая ЕСИА запрещена (ESIA_STANDIN=false).');
  }
  const esia = config.esia;
  if (esia.baseUrl !== undefined) {
    const missing = [
      esia.clientCertificateHash ? null : 'ESIA_CLIENT_CERTIFICATE_HASH',
      esia.publicKeyPath ? null : 'ESIA_PUBLIC_KEY',
      esia.signerCommand || esia.signerUrl ? null : 'ESIA_SIGNER_COMMAND или ESIA_SIGNER_URL',
    ].filter((x) => x !== null);
    if (missing.length > 0)
      throw new ConfigError(`Для входа через ЕСИА (ESIA_BASE_URL) задайте: ${missing.join(', ')}.`);
  }
  const goskey = config.goskey;
  if (goskey.apiUrl !== undefined) {
    const missing = [
      goskey.apiKey ? null : 'GOSKEY_API_KEY',
      goskey.trustedRootsPath ? null : 'GOSKEY_TRUSTED_ROOTS',
      esia.signerCommand || esia.signerUrl
        ? null
        : 'ESIA_SIGNER_COMMAND или ESIA_SIGNER_URL (подписывает и запросы к Госключу)',
    ].filter((x) => x !== null);
    if (missing.length > 0)
      throw new ConfigError(`Для подписи в Госключе (GOSKEY_API_URL) задайте: ${missing.join(', ')}.`);
  }
  if (config.mode === 'production') {
    if (goskey.standin) {
      throw new ConfigError('В режиме production тестовый Госключ запрещён (GOSKEY_STANDIN=false).');
    }
    if (config.sessionSecret === DEV_SESSION_SECRET) {
      throw new ConfigError('В режиме production задайте SESSION_SECRET: ключ для разработки запрещён.');
    }
    if (config.sessionSecret.length < 32) {
      throw new ConfigError('SESSION_SECRET должен содержать не меньше 32 символов.');
    }
    if (config.publicOrigin === undefined) {
      throw new ConfigError(
        'В режиме production задайте PUBLIC_ORIGIN (например https://perenos.example): адрес возврата из ЕСИА и проверка Origin не берутся из заголовка Host.',
      );
    }
    if (config.seedDemo) {
      throw new ConfigError('В режиме production демонстрационные данные не загружаются (SEED_DEMO=false).');
    }
    if (config.porting.standin || config.notifications.outboxStandin) {
      throw new ConfigError(
        'В режиме production заглушки БДПН и исходящих сообщений запрещены (BDPN_STANDIN=false, OUTBOX_STANDIN=false).',
      );
    }
    if (config.metrics.token !== undefined && config.metrics.token.length < 32) {
      throw new ConfigError('METRICS_TOKEN должен содержать не меньше 32 символов.');
    }
    if (config.porting.timeScale !== 1) {
      throw new ConfigError('В режиме production перенос идёт в реальном времени: PORTING_TIME_SCALE=1.');
    }
  }
  return config;
}
