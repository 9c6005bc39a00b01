/**
 * Switches the site's features: `npm run flags -- list | enable <Feature> | disable <Feature>`.
 * Works on the configured database (DATABASE_URL, or PGlite in PGLITE_DIR: stop the server first,
 * PGlite allows one process at a time).
 */
import { loadConfig } from '../config/env';
import { prepareDatabase } from '../db/prepare';
import { FEATURES, type Feature, listFeatures, setFeature } from '../modules/settings';

const usage = `Использование:
  npm run flags -- list
  npm run flags -- enable <раздел>
  npm run flags -- disable <раздел>
Разделы: ${FEATURES.join(', ')}`;

async function main(args: string[]): Promise<number> {
  const [command, name] = args;
  if (command !== 'list' && command !== 'enable' && command !== 'disable') {
    process.stderr.write(`${usage}\n`);
    return 2;
  }
  let feature: Feature | undefined;
  if (command !== 'list') {
    feature = FEATURES.find((f) => f.toLowerCase() === (name ?? '').toLowerCase());
    if (!feature) {
      process.stderr.write(`Неизвестный раздел: ${name ?? '(не указан)'}\n${usage}\n`);
      return 2;
    }
  }
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const { handle } = await prepareDatabase(config);
  try {
    if (feature) await setFeature(handle.db, feature, command === 'enable');
    for (const f of await listFeatures(handle.db)) {
      process.stdout.write(`${f.feature.padEnd(22)} ${f.isEnabled ? 'включён' : 'выключен'}\n`);
    }
  } finally {
    await handle.close();
  }
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
