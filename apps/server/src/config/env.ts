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
  /** Built web app served at `/`; absent folder means API only. */
  webDist: string;
  /** Public origin of the site, used for absolute links. */
  publicOrigin: string | undefined;
  repoRoot: string;
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
    webDist: env.WEB_DIST || resolve(repoRoot, 'apps/web/dist'),
    publicOrigin: env.PUBLIC_ORIGIN || undefined,
    repoRoot,
    ...overrides,
  };
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
