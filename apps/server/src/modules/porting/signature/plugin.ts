import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createGoskeyStandin, type GoskeyStandin } from '@perenos/goskey-standin';
import { checkGostEngine, GostUnavailable, pemCertificates } from '@perenos/gost';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type AppConfig, ConfigError } from '../../../config/env';
import { deriveKey } from '../../../lib/seal';
import { selfFetch } from '../../../lib/self-fetch';
import { createHttpGoskey, type Goskey } from './goskey';
import signatureRoutes from './routes';
import { SIGNATURE_SCHEMAS } from './schemas';
import { GOSKEY_POLL_QUEUE, pollSigning, type SigningDeps, submitSigning } from './service';
import signatureStaffRoutes from './staff-routes';

/** Where the Госключ stand-in is mounted (demo and test only). */
export const GOSKEY_STANDIN_PREFIX = '/goskey-standin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signing in Госключ: what it runs on, and the stand-in when this site hosts it (tests answer its packages). */
    goskey: { deps: SigningDeps; standin: GoskeyStandin | null };
  }
}

/**
 * Signing the application in Госключ (decision 128): in development and tests the stand-in is mounted at
 * /goskey-standin with its own certification centre, and the site talks to it over HTTP as to the real
 * Госуслуги API (GOSKEY_API_URL in production); the token requests are signed by ESIA's signer. While the
 * Goskey flag is on, the submit asks for a valid signature instead of the consent tick.
 */
export default fp(
  async function signaturePlugin(app: FastifyInstance, opts: { config: AppConfig }) {
    const cfg = opts.config.goskey;
    let goskey: Goskey | null = null;
    let trustedRoots: string | null = null;
    let standin: GoskeyStandin | null = null;
    const esia = app.esia;

    if (cfg.standin) {
      // The demo's API key: derived, never stored; the stand-in keeps only its hash.
      const apiKey = deriveKey(opts.config.sessionSecret, 'goskey standin api key').toString('hex');
      try {
        standin = await createGoskeyStandin({
          dataDir: cfg.standinDir,
          clients: esia?.demoCertificate
            ? [
                {
                  name: 'Перенос номера',
                  apiKeyHash: createHash('sha256').update(apiKey).digest('hex'),
                  certificate: esia.demoCertificate,
                },
              ]
            : [],
        });
      } catch (err) {
        // A demo without the GOST engine still starts: only signing in Госключ is unavailable (503).
        if (!(err instanceof GostUnavailable)) throw err;
        app.log.warn({ err }, 'Тестовый Госключ не запущен: нужен OpenSSL с движком ГОСТ');
      }
      if (standin) {
        await app.register(standin.plugin, { prefix: GOSKEY_STANDIN_PREFIX });
        trustedRoots = standin.rootPem;
        if (esia && cfg.apiUrl === undefined) {
          goskey = createHttpGoskey({
            baseUrl: GOSKEY_STANDIN_PREFIX,
            apiKey,
            signer: esia.signer,
            fetch: selfFetch(app),
          });
        }
      }
    }
    if (cfg.apiUrl !== undefined && esia) {
      goskey = createHttpGoskey({ baseUrl: cfg.apiUrl, apiKey: cfg.apiKey ?? '', signer: esia.signer });
      // Signatures are checked by Debian's OpenSSL with the GOST engine: missing, the site does not start.
      await checkGostEngine();
    }
    if (cfg.trustedRootsPath) {
      trustedRoots = readFileSync(cfg.trustedRootsPath, 'utf8');
      if (pemCertificates(trustedRoots).length === 0) {
        throw new ConfigError(`GOSKEY_TRUSTED_ROOTS: в файле ${cfg.trustedRootsPath} нет сертификатов PEM.`);
      }
    }
    if (!goskey) app.log.warn('Подпись в Госключе не настроена: задайте GOSKEY_API_URL и связанные параметры');

    const sd: SigningDeps = {
      porting: app.porting.deps,
      documents: app.porting.documents,
      goskey,
      trustedRoots,
      isOn: () => app.features.isEnabled('Goskey'),
      // Not app.porting.deps.publish: that one counts a porting step in the metrics.
      announce: (change) => app.porting.feed.publish(change),
      returnUrl: (id) => `${app.siteOrigin()}/portation/${id}/submit`,
    };
    // The submit's check, seen by porting/steps/submit.ts through its deps.
    app.porting.deps.signing = submitSigning(sd);
    app.decorate('goskey', { deps: sd, standin });
    app.jobs.work<{ orderId: number }>(GOSKEY_POLL_QUEUE, (data) => pollSigning(sd, data.orderId));
    // Shared by the owner's and the desk's routes.
    for (const schema of SIGNATURE_SCHEMAS) app.addSchema(schema);
    await app.register(signatureRoutes, { prefix: '/api', sd });
    await app.register(signatureStaffRoutes, { prefix: '/api', sd });
  },
  { name: 'porting-signature', dependencies: ['porting', 'esia', 'features', 'jobs', 'site-origin', 'staff'] },
);
