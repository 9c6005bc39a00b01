import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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
  /** Public origin of the site, used for absolute links. */
  publicOrigin: string | undefined;
  repoRoot: string;
  /** Number lookup: quotas, batch upload limits, index refresh, registry refresh. */
  lookup: LookupConfig;
  /** Sign-in through ESIA (Госуслуги). */
  esia: EsiaConfig;
}

export interface EsiaConfig {
  /** Mount the ESIA stand-in at /esia-standin (development and test only). */
  standin: boolean;
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

function parseEsiaConfig(env: NodeJS.ProcessEnv, mode: AppMode): EsiaConfig {
  const baseUrl = env.ESIA_BASE_URL || undefined;
  return {
    standin: parseBool('ESIA_STANDIN', env.ESIA_STANDIN, mode !== 'production' && baseUrl === undefined),
    baseUrl: baseUrl?.replace(/\/+$/, ''),
    clientId: env.ESIA_CLIENT_ID || 'PERENOS',
    scope: env.ESIA_SCOPE || 'openid fullname birthdate mobile email id_doc',
    clientCertificateHash: env.ESIA_CLIENT_CERTIFICATE_HASH || undefined,
    publicKeyPath: env.ESIA_PUBLIC_KEY || undefined,
    signerCommand: env.ESIA_SIGNER_COMMAND || undefined,
    signerUrl: env.ESIA_SIGNER_URL || undefined,
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
  /** How often a node polls the database for registry changes (a ported number shows within 2 s). */
  pollMs: number;
  /** Official numbering-plan files refreshed on a schedule; empty turns the schedule off. */
  planUrls: string[];
  planRefreshHours: number;
}

function parsePositiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw new ConfigError(`${name} должен быть целым положительным числом, получено: ${value}`);
  return n;
}

function parseLookupConfig(env: NodeJS.ProcessEnv): LookupConfig {
  return {
    quotaAnonymous: parsePositiveInt('LOOKUP_QUOTA_ANONYMOUS', env.LOOKUP_QUOTA_ANONYMOUS, 20),
    quotaSignedIn: parsePositiveInt('LOOKUP_QUOTA_SIGNED_IN', env.LOOKUP_QUOTA_SIGNED_IN, 200),
    batchMaxBytes: parsePositiveInt('BATCH_MAX_BYTES', env.BATCH_MAX_BYTES, 20 * 1024 * 1024),
    batchMaxRows: parsePositiveInt('BATCH_MAX_ROWS', env.BATCH_MAX_ROWS, 100_000),
    batchMaxUncompressedBytes: parsePositiveInt(
      'BATCH_MAX_UNCOMPRESSED_BYTES',
      env.BATCH_MAX_UNCOMPRESSED_BYTES,
      200 * 1024 * 1024,
    ),
    batchMaxZipEntries: parsePositiveInt('BATCH_MAX_ZIP_ENTRIES', env.BATCH_MAX_ZIP_ENTRIES, 1000),
    batchTimeoutMs: parsePositiveInt('BATCH_TIMEOUT_MS', env.BATCH_TIMEOUT_MS, 60_000),
    pollMs: parsePositiveInt('LOOKUP_POLL_MS', env.LOOKUP_POLL_MS, 1000),
    planUrls: (env.NUMBERING_PLAN_URLS ?? '').split(/[\s,]+/).filter((u) => u !== ''),
    planRefreshHours: parsePositiveInt('NUMBERING_REFRESH_HOURS', env.NUMBERING_REFRESH_HOURS, 24),
  };
}

export class ConfigError extends Error {}

function parseMode(value: string | undefined): AppMode {
  if (value === undefined || value === '') return 'development';
  if (value === 'development' || value === 'test' || value === 'production') return value;
  throw new ConfigError(`NODE_ENV должен быть development, test или production, получено: ${value}`);
}

function parsePort(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT должен быть целым числом 0–65535, получено: ${value}`);
  }
  return port;
}

function parseBool(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (['1', 'true', 'yes'].includes(value)) return true;
  if (['0', 'false', 'no'].includes(value)) return false;
  throw new ConfigError(`${name} должен быть true или false, получено: ${value}`);
}

/** Reads and validates the environment once; production refuses development defaults. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const mode = parseMode(env.NODE_ENV);
  const config: AppConfig = {
    mode,
    host: env.HOST || '127.0.0.1',
    port: parsePort(env.PORT, 3000),
    logLevel: env.LOG_LEVEL || (mode === 'test' ? 'silent' : 'info'),
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteDir: env.PGLITE_DIR || resolve(repoRoot, '.data/pglite'),
    seedDemo: parseBool('SEED_DEMO', env.SEED_DEMO, mode !== 'production'),
    sessionSecret: env.SESSION_SECRET || DEV_SESSION_SECRET,
    mapTileUrl: env.MAP_TILE_URL || undefined,
    mapTileAttribution: env.MAP_TILE_ATTRIBUTION ?? '',
    webDist: env.WEB_DIST || resolve(repoRoot, 'apps/web/dist'),
    publicOrigin: env.PUBLIC_ORIGIN || undefined,
    repoRoot,
    lookup: parseLookupConfig(env),
    esia: parseEsiaConfig(env, mode),
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
  if (config.mode === 'production') {
    if (config.sessionSecret === DEV_SESSION_SECRET) {
      throw new ConfigError('В режиме production задайте SESSION_SECRET: ключ для разработки запрещён.');
    }
    if (config.sessionSecret.length < 32) {
      throw new ConfigError('SESSION_SECRET должен содержать не меньше 32 символов.');
    }
    if (config.seedDemo) {
      throw new ConfigError('В режиме production демонстрационные данные не загружаются (SEED_DEMO=false).');
    }
  }
  return config;
}
