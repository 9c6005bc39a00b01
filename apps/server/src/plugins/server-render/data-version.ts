import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { coverageVersion } from '../../modules/coverage';
import { planVersion } from '../../modules/lookup';
import { operatorsVersion } from '../../modules/operators';
import { regionsVersion } from '../../modules/regions';
import { settingsVersion } from '../../modules/settings';

/**
 * What the pages are drawn from, as one value: settings (the news and tariff catalogue versions are
 * settings rows, as are the theme and the rest), flags, regions, operators, their regions, coverage and
 * the numbering plan's version, each read by the module that owns it. Small tables: one read a period per node.
 */
async function dataVersion(db: Database): Promise<string> {
  const parts = await Promise.all([
    settingsVersion(db),
    regionsVersion(db),
    operatorsVersion(db),
    coverageVersion(db),
    planVersion(db),
  ]);
  return createHash('md5').update(parts.join('|')).digest('hex');
}

/**
 * The data version this node last read (undefined until read, or after a read failed: nothing kept is
 * served then), read every `pollMs` and at once after a staff change made through this node; `forget`
 * runs whenever it moves or is lost, and empties what was kept under it.
 */
export function watchDataVersion(app: FastifyInstance, pollMs: number, forget: () => void): () => string | undefined {
  let version: string | undefined;
  const readVersion = async () => {
    const next = await dataVersion(app.db);
    if (next !== version) {
      version = next;
      forget();
    }
  };
  // The version is read whether or not pages are kept: the reference answers are kept by it too.
  let timer: NodeJS.Timeout | undefined;
  const poll = () => {
    readVersion()
      .catch((err: unknown) => {
        // Unknown data: nothing kept is served until the version is read again.
        version = undefined;
        forget();
        app.log.warn({ err }, 'кэш страниц: версия данных не прочитана');
      })
      .finally(() => {
        if (timer) timer = setTimeout(poll, pollMs).unref();
      });
  };
  // A staff change made through this node (news, tariffs, flags, settings) empties its kept pages before
  // the change is answered, so whoever acted sees the site changed at once; other nodes hear of it at
  // their next read of the data version.
  // A callback, not an async hook: every answer passes here, a kept page's too, and an async hook costs a
  // promise and a microtask turn each (decision 023).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      request.method === 'GET' ||
      request.method === 'HEAD' ||
      // The matched route says it is a staff call, not the address's text (`/%61pi/v1/staff/…` is one too).
      request.routeOptions.config.staff === undefined ||
      reply.statusCode >= 400
    ) {
      return done(null, payload);
    }
    forget();
    readVersion().then(
      () => done(null, payload),
      (err: unknown) => {
        // Unknown data, as when the poll fails: nothing is kept or served until the version is read again.
        version = undefined;
        request.log.warn({ err }, 'кэш страниц: версия данных не прочитана после изменения');
        done(null, payload);
      },
    );
  });
  app.addHook('onReady', async () => {
    await readVersion().catch(() => undefined);
    timer = setTimeout(poll, pollMs).unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  });
  return () => version;
}
