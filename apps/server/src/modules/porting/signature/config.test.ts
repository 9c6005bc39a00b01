import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config/env';

const PROD = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'x'.repeat(40),
  SEED_DEMO: 'false',
  PUBLIC_ORIGIN: 'https://perenos.example',
  BDPN_GATEWAY_URL: 'https://bdpn.example',
  OUTBOX_STANDIN: 'false',
};

describe('Госключ configuration', () => {
  it('mounts the stand-in in development and tests, never by default in production, and refuses it there', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).goskey.standin).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).goskey.standin).toBe(true);
    expect(loadConfig(PROD).goskey.standin).toBe(false);
    expect(() => loadConfig({ ...PROD, GOSKEY_STANDIN: 'true' })).toThrow(
      new ConfigError('В режиме production тестовый Госключ запрещён (GOSKEY_STANDIN=false).'),
    );
  });

  it('needs the API key, the trusted roots and the ESIA signer when the real Госуслуги API is named', () => {
    expect(() => loadConfig({ ...PROD, GOSKEY_API_URL: 'https://svcdev-beta.test.gosuslugi.ru' })).toThrow(
      /GOSKEY_API_KEY, GOSKEY_TRUSTED_ROOTS, ESIA_SIGNER_COMMAND или ESIA_SIGNER_URL/,
    );
    const config = loadConfig({
      ...PROD,
      GOSKEY_API_URL: 'https://svcdev-beta.test.gosuslugi.ru/',
      GOSKEY_API_KEY: 'key',
      GOSKEY_TRUSTED_ROOTS: '/etc/perenos/goskey-roots.pem',
      ESIA_SIGNER_URL: 'http://127.0.0.1:9000/sign',
    });
    expect(config.goskey).toMatchObject({
      standin: false,
      apiUrl: 'https://svcdev-beta.test.gosuslugi.ru',
      trustedRootsPath: '/etc/perenos/goskey-roots.pem',
    });
    // With the real API named, development does not mount the stand-in either.
    expect(
      loadConfig({
        NODE_ENV: 'development',
        GOSKEY_API_URL: 'https://x.example',
        GOSKEY_API_KEY: 'k',
        GOSKEY_TRUSTED_ROOTS: '/r.pem',
        ESIA_SIGNER_URL: 'http://s',
      }).goskey.standin,
    ).toBe(false);
  });
});
