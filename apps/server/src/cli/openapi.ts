/** Prints the OpenAPI document built from the route schemas (used to generate the web client). */
import { buildApp } from '../app';
import { loadConfig } from '../config/env';
import { openDatabase } from '../db/client';

const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' }, { webDist: '/nonexistent' });
const database = await openDatabase({ pgliteDir: 'memory://' });
const app = await buildApp({ config, database, ownsDatabase: true });
await app.ready();
process.stdout.write(`${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
