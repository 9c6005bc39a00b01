#!/usr/bin/env node
// `npm start`: builds the web app when its sources are newer than the build, then runs the server,
// which creates and migrates the database and loads reference and demo data on first start.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));

// `.env` (a copy of .env.example, ignored by git) fills in what the environment does not already set.
const envFile = join(root, '.env');
if (existsSync(envFile)) {
  for (const [name, value] of Object.entries(parseEnv(readFileSync(envFile, 'utf8')))) {
    if (process.env[name] === undefined) process.env[name] = value;
  }
}
const web = join(root, 'apps/web');
const builtIndex = join(web, 'dist/index.html');
// The server's drawing of pages (dist-server/) is built with the browser's app, by the same command.
const builtServerEntry = join(web, 'dist-server/entry-server.js');

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const sources = ['src', 'public', 'index.html', 'vite.config.ts', '../../packages/api-client/src']
  .map((p) => join(web, p))
  .filter(existsSync);
const needsBuild =
  !existsSync(builtIndex) ||
  !existsSync(builtServerEntry) ||
  Math.max(...sources.map(newestMtime)) > statSync(builtIndex).mtimeMs;
if (needsBuild) {
  console.log('Сборка веб-приложения…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@perenos/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    // The demo runs a porting 5000 times faster: one chosen 8 days ahead is done in about three minutes…
    PORTING_TIME_SCALE:
      process.env.PORTING_TIME_SCALE ?? ((process.env.NODE_ENV ?? 'development') === 'production' ? '1' : '5000'),
    // …and its donor answers no sooner than a minute after the application: time to withdraw it (decision 140).
    PORTING_DONOR_MIN_SECONDS:
      process.env.PORTING_DONOR_MIN_SECONDS ?? ((process.env.NODE_ENV ?? 'development') === 'production' ? '0' : '60'),
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
