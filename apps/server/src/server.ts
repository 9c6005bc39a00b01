import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/env';
import { prepareDatabase } from './db/prepare';

async function main() {
  const config = loadConfig();
  const { handle, seeded } = await prepareDatabase(config);
  const app = await buildApp({ config, database: handle, ownsDatabase: true });
  app.log.info({ database: handle.kind, seeded }, 'database ready');

  // Finish requests in flight, then close the database; a second signal or 10 s forces the exit.
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'closing');
    await app.close();
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
