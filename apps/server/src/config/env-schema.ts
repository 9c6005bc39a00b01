import { type Static, type TSchema, Type } from 'typebox';
import { Value } from 'typebox/value';

/** A configuration value the server refuses to start with; the message names the variable, in Russian. */
export class ConfigError extends Error {}

const bool = (name: string) => Type.Optional(Type.Boolean({ message: `${name} должен быть true или false` }));
const positive = (name: string) =>
  Type.Optional(Type.Integer({ minimum: 1, message: `${name} должен быть целым положительным числом` }));
const text = () => Type.Optional(Type.String());

/**
 * Every environment variable the server reads, with what it may hold. Values arrive as text; an empty
 * value counts as unset. Defaults that depend on the mode are chosen by loadConfig (config/env.ts).
 */
export const EnvSchema = Type.Object({
  NODE_ENV: Type.Optional(
    Type.Union([Type.Literal('development'), Type.Literal('test'), Type.Literal('production')], {
      message: 'NODE_ENV должен быть development, test или production',
    }),
  ),
  HOST: text(),
  PORT: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535, message: 'PORT должен быть целым числом 0–65535' })),
  LOG_LEVEL: text(),
  DATABASE_URL: text(),
  PGLITE_DIR: text(),
  SEED_DEMO: bool('SEED_DEMO'),
  SESSION_SECRET: text(),
  MAP_TILE_URL: text(),
  MAP_TILE_ATTRIBUTION: text(),
  WEB_DIST: text(),
  PUBLIC_ORIGIN: Type.Optional(
    Type.String({
      pattern: '^https?://[^/?#\\s]+/?$',
      message: 'PUBLIC_ORIGIN должен быть адресом сайта вида https://perenos.example',
    }),
  ),
  /** Checked address by address in config/env.ts (the message names the wrong one). */
  TRUST_PROXY: text(),
  DRAIN_DELAY_MS: Type.Optional(
    Type.Integer({ minimum: 0, message: 'DRAIN_DELAY_MS должен быть целым неотрицательным числом' }),
  ),
  DRAIN_TIMEOUT_MS: positive('DRAIN_TIMEOUT_MS'),
  FLAGS_POLL_MS: positive('FLAGS_POLL_MS'),
  PAGE_CACHE_MB: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 4096,
      message: 'PAGE_CACHE_MB должен быть целым числом мегабайт от 0 до 4096',
    }),
  ),
  PAGE_DRAWS_PER_MINUTE: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 1_000_000,
      message: 'PAGE_DRAWS_PER_MINUTE должен быть целым числом от 0 (без ограничения) до 1 000 000',
    }),
  ),
  PERSONAL_DATA_RETENTION_DAYS: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 3650,
      message: 'PERSONAL_DATA_RETENTION_DAYS должен быть целым числом дней от 1 до 3650',
    }),
  ),
  FEEDBACK_RETENTION_DAYS: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 3650,
      message: 'FEEDBACK_RETENTION_DAYS должен быть целым числом дней от 1 до 3650',
    }),
  ),
  REDIS_URL: text(),
  REDIS_PREFIX: text(),
  JOB_WORKERS: bool('JOB_WORKERS'),
  LOOKUP_QUOTA_ANONYMOUS: positive('LOOKUP_QUOTA_ANONYMOUS'),
  LOOKUP_QUOTA_SIGNED_IN: positive('LOOKUP_QUOTA_SIGNED_IN'),
  BATCH_MAX_BYTES: positive('BATCH_MAX_BYTES'),
  BATCH_MAX_ROWS: positive('BATCH_MAX_ROWS'),
  BATCH_MAX_UNCOMPRESSED_BYTES: positive('BATCH_MAX_UNCOMPRESSED_BYTES'),
  BATCH_MAX_ZIP_ENTRIES: positive('BATCH_MAX_ZIP_ENTRIES'),
  BATCH_TIMEOUT_MS: positive('BATCH_TIMEOUT_MS'),
  BATCH_CONCURRENCY: positive('BATCH_CONCURRENCY'),
  LOOKUP_POLL_MS: positive('LOOKUP_POLL_MS'),
  NUMBERING_PLAN_URLS: text(),
  NUMBERING_REFRESH_HOURS: positive('NUMBERING_REFRESH_HOURS'),
  ESIA_STANDIN: bool('ESIA_STANDIN'),
  ESIA_STANDIN_TOKEN_ALG: Type.Optional(
    Type.Union([Type.Literal('RS256'), Type.Literal('GOST3410_2012_256'), Type.Literal('GOST3410_2012_512')], {
      message: 'ESIA_STANDIN_TOKEN_ALG должен быть RS256, GOST3410_2012_256 или GOST3410_2012_512',
    }),
  ),
  ESIA_BASE_URL: text(),
  ESIA_CLIENT_ID: text(),
  ESIA_SCOPE: text(),
  ESIA_CLIENT_CERTIFICATE_HASH: text(),
  ESIA_PUBLIC_KEY: text(),
  ESIA_SIGNER_COMMAND: text(),
  ESIA_SIGNER_URL: text(),
  GOSKEY_STANDIN: bool('GOSKEY_STANDIN'),
  GOSKEY_STANDIN_DIR: text(),
  GOSKEY_API_URL: Type.Optional(
    Type.String({
      pattern: '^https?://[^\\s]+$',
      message: 'GOSKEY_API_URL должен быть адресом API Госуслуг вида https://…',
    }),
  ),
  GOSKEY_API_KEY: text(),
  GOSKEY_TRUSTED_ROOTS: text(),
  PORTING_TIME_SCALE: Type.Optional(
    Type.Number({ minimum: 1, maximum: 1e9, message: 'PORTING_TIME_SCALE должен быть числом от 1 до 1000000000' }),
  ),
  PORTING_DONOR_MIN_SECONDS: Type.Optional(
    Type.Number({ minimum: 0, maximum: 3600, message: 'PORTING_DONOR_MIN_SECONDS должен быть числом от 0 до 3600' }),
  ),
  BDPN_STANDIN: bool('BDPN_STANDIN'),
  BDPN_GATEWAY_URL: text(),
  BDPN_GATEWAY_TOKEN: text(),
  OUTBOX_STANDIN: bool('OUTBOX_STANDIN'),
  SMS_GATEWAY_URL: text(),
  SMS_GATEWAY_TOKEN: text(),
  EMAIL_GATEWAY_URL: text(),
  EMAIL_GATEWAY_TOKEN: text(),
  SUPPORT_EMAIL: Type.Optional(
    Type.String({
      pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
      message: 'SUPPORT_EMAIL должен быть адресом электронной почты, например support@perenos.example',
    }),
  ),
  METRICS_TOKEN: text(),
  METRICS_PORT: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 65535, message: 'METRICS_PORT должен быть целым числом 0–65535' }),
  ),
  METRICS_HOST: text(),
});

/** The environment, read and typed. */
export type Env = Static<typeof EnvSchema>;

const TRUE = ['1', 'true', 'yes'];
const FALSE = ['0', 'false', 'no'];

/** Text as the schema's type wants it; text that cannot be converted stays text and fails the check. */
function convert(schema: TSchema, value: string): unknown {
  const type = (schema as { type?: unknown }).type;
  if (type === 'boolean') return TRUE.includes(value) ? true : FALSE.includes(value) ? false : value;
  if (type === 'integer') return /^-?\d+$/.test(value) ? Number(value) : value;
  if (type === 'number') return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  return value;
}

/** Reads the variables of EnvSchema from `env`; the first wrong one throws a ConfigError naming it. */
export function readEnv(env: NodeJS.ProcessEnv): Env {
  const values: Record<string, unknown> = {};
  const properties: Record<string, TSchema> = EnvSchema.properties;
  for (const [name, schema] of Object.entries(properties)) {
    const raw = env[name];
    if (raw !== undefined && raw !== '') values[name] = convert(schema, raw);
  }
  for (const error of Value.Errors(EnvSchema, values)) {
    const name = error.instancePath.split('/')[1] ?? '';
    const message = (properties[name] as { message?: string } | undefined)?.message ?? `${name}: неверное значение`;
    throw new ConfigError(`${message}, получено: ${env[name]}`);
  }
  return values as Env;
}
