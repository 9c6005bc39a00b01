import { readFileSync } from 'node:fs';
import { createEsiaStandin, type EsiaStandin, type StandinTokenAlg } from '@perenos/esia-standin';
import { checkGostEngine } from '@perenos/gost';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config/env';
import { systemClock } from '../../lib/clock';
import { selfFetch } from '../../lib/self-fetch';
import { EsiaAdapter } from './adapter';
import type { EsiaEndpoints } from './service';
import {
  createBuiltinSigner,
  createCommandSigner,
  createDemoCredentials,
  createHttpSigner,
  type DemoCredentials,
  type EsiaSigner,
} from './signer';
import { type EsiaTokenKey, loadEsiaTokenKey } from './token-key';

/** Where the stand-in is mounted on this site. */
export const STANDIN_PREFIX = '/esia-standin';
/** The callback path registered with ESIA. */
export const CALLBACK_PATH = '/api/v1/esia/callback';

/** The configured ESIA: the adapter and where it is for this request. */
export interface EsiaRuntime {
  adapter: EsiaAdapter;
  endpoints(request: FastifyRequest): EsiaEndpoints;
  /** The information system's signer of `client_secret`; Госключ's token requests are signed by it too. */
  signer: EsiaSigner;
  /** The stand-in's demo certificate of that signer (DER); null with the real ESIA. */
  demoCertificate: Uint8Array | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Null when sign-in is not configured (production without ESIA settings). */
    esia: EsiaRuntime | null;
  }
}

type DemoSetup = { credentials: DemoCredentials; standin: EsiaStandin; tokenKey: EsiaTokenKey };
const demoSetups = new Map<string, Promise<DemoSetup>>();

/**
 * The demo key, certificate and stand-in, made once per process and token algorithm (key generation
 * takes a moment). The adapter reads the stand-in's published key as it reads the real ESIA's.
 */
function demoSetup(clientId: string, tokenAlg: StandinTokenAlg): Promise<DemoSetup> {
  const name = `${clientId} ${tokenAlg}`;
  let setup = demoSetups.get(name);
  if (!setup) {
    setup = (async () => {
      const credentials = await createDemoCredentials(clientId, systemClock());
      const standin = await createEsiaStandin({
        tokenAlg,
        clients: [
          {
            clientId,
            certificate: credentials.certificateDer,
            certificateHash: credentials.certificateHash,
            redirectPath: CALLBACK_PATH,
          },
        ],
      });
      return { credentials, standin, tokenKey: await loadEsiaTokenKey(standin.tokenKeyPem) };
    })();
    // A failed set-up (no GOST engine) is not kept: the next start tries again.
    setup.catch(() => demoSetups.delete(name));
    demoSetups.set(name, setup);
  }
  return setup;
}

/**
 * Sets up ESIA: in development and tests the stand-in is mounted at /esia-standin with a key and
 * certificate made at start, and the adapter talks to it over HTTP exactly as to the real ESIA.
 */
export default fp(
  async function esiaPlugin(app: FastifyInstance, opts: { config: AppConfig }) {
    const { config } = opts;
    const esia = config.esia;
    const siteOrigin = (_request: FastifyRequest) => app.siteOrigin();
    let runtime: EsiaRuntime | null = null;

    if (esia.standin) {
      const { credentials, standin, tokenKey } = await demoSetup(esia.clientId, esia.standinTokenAlg);
      await app.register(standin.plugin, { prefix: STANDIN_PREFIX });
      if (esia.baseUrl === undefined) {
        const signer = createBuiltinSigner(credentials.privateKey, credentials.certificateDer);
        const adapter = new EsiaAdapter({
          now: app.clock,
          clientId: esia.clientId,
          scope: esia.scope,
          clientCertificateHash: credentials.certificateHash,
          signer,
          tokenKey,
          // Over a real socket when the server listens; through inject when a test drives the app without one.
          http: selfFetch(app),
        });
        runtime = {
          adapter,
          signer,
          demoCertificate: credentials.certificateDer,
          endpoints: (request) => {
            const origin = siteOrigin(request);
            return {
              browserBase: `${origin}${STANDIN_PREFIX}`,
              serverBase: `${origin}${STANDIN_PREFIX}`,
              redirectUri: `${origin}${CALLBACK_PATH}`,
            };
          },
        };
      }
    }

    if (esia.baseUrl !== undefined) {
      const base = esia.baseUrl;
      const tokenKey = await loadEsiaTokenKey(readFileSync(esia.publicKeyPath as string, 'utf8'));
      // A GOST key is checked by Debian's OpenSSL with the GOST engine: missing, the site does not start.
      if (tokenKey.alg !== 'RS256') await checkGostEngine();
      const signer = esia.signerCommand
        ? createCommandSigner(esia.signerCommand)
        : createHttpSigner(esia.signerUrl as string);
      runtime = {
        adapter: new EsiaAdapter({
          now: app.clock,
          clientId: esia.clientId,
          scope: esia.scope,
          clientCertificateHash: esia.clientCertificateHash as string,
          signer,
          tokenKey,
        }),
        signer,
        demoCertificate: null,
        endpoints: (request) => ({
          browserBase: base,
          serverBase: base,
          redirectUri: `${siteOrigin(request)}${CALLBACK_PATH}`,
        }),
      };
    }
    if (!runtime) app.log.warn('Вход через ЕСИА не настроен: задайте ESIA_BASE_URL и связанные параметры');
    app.decorate('esia', runtime);
  },
  { name: 'esia', dependencies: ['session', 'site-origin'] },
);
