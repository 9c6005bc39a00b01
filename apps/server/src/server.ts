import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/env';
import { prepareDatabase } from './db/prepare';
import { drainAndClose } from './plugins/drain';

async function main() {
  const config = loadConfig();
  const { handle, seeded } = await prepareDatabase(config);
  const app = await buildApp({ config, database: handle, ownsDatabase: true });
  app.log.info({ database: handle.kind, seeded }, 'database ready');

  // Graceful drain (plugins/drain.ts): readiness 503, a pause for balancers, stop accepting, finish the
  // requests in flight up to the deadline, then jobs stop and the database closes. A second signal, or
  // the whole budget running out, forces the exit.
  const { delayMs, timeoutMs } = config.drain;
  closeWithGrace({ delay: delayMs + timeoutMs + 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'closing');
    await drainAndClose(app, { delayMs, timeoutMs });
    app.log.info('closed');
  });

  const address = await app.listen({ host: config.host, port: config.port });
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite (${config.pgliteDir})`;
  // The one line a person starting the site looks for.
  process.stdout.write(`\nСайт работает: ${address.replace('127.0.0.1', 'localhost')}  (база данных: ${where})\n\n`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`Ошибка настройки: ${err.message}\n`);
  } else {
    process.stderr.write(
      `Не удалось запустить сервер: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
  }
  process.exit(1);
});
