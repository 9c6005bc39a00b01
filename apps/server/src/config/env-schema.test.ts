import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, EnvSchema, readEnv } from './env-schema';

describe('environment schema', () => {
  it('converts text to the declared types and treats an empty value as unset', () => {
    expect(readEnv({ PORT: '8080', SEED_DEMO: 'yes', JOB_WORKERS: '0', PORTING_TIME_SCALE: '2.5', HOST: '' })).toEqual({
      PORT: 8080,
      SEED_DEMO: true,
      JOB_WORKERS: false,
      PORTING_TIME_SCALE: 2.5,
    });
  });

  it.each([
    ['PORT', '70000', 'PORT должен быть целым числом 0–65535, получено: 70000'],
    ['SEED_DEMO', 'maybe', 'SEED_DEMO должен быть true или false, получено: maybe'],
    ['DRAIN_DELAY_MS', '-1', 'DRAIN_DELAY_MS должен быть целым неотрицательным числом, получено: -1'],
    ['BATCH_MAX_ROWS', '1e3', 'BATCH_MAX_ROWS должен быть целым положительным числом, получено: 1e3'],
    ['NODE_ENV', 'prod', 'NODE_ENV должен быть development, test или production, получено: prod'],
    ['PUBLIC_ORIGIN', 'https://a.example/path', 'PUBLIC_ORIGIN должен быть адресом сайта вида https://perenos.example'],
  ])('refuses %s=%s in Russian', (name, value, message) => {
    expect(() => readEnv({ [name]: value })).toThrow(ConfigError);
    expect(() => readEnv({ [name]: value })).toThrow(message);
  });

  it('documents every variable in docs/configuration.md and lists it in .env.example', () => {
    const read = (path: string) => readFileSync(new URL(`../../../../${path}`, import.meta.url), 'utf8');
    const table = read('docs/configuration.md');
    // Each variable as a line of its own (commented out), so that uncommenting it sets it.
    const example = read('.env.example');
    const names = Object.keys(EnvSchema.properties);
    expect(names.filter((name) => !table.includes(`\`${name}\``))).toEqual([]);
    expect(names.filter((name) => !new RegExp(`^# ${name}=`, 'm').test(example))).toEqual([]);
  });
});
