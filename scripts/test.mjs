#!/usr/bin/env node
// `npm test`: everything CI checks, in order — typecheck, lint, generated client is current, the API
// document passes redocly lint, unit and API tests (PGlite and PostgreSQL), browser tests. Stops at
// the first failure.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createConnection } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const postgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const totals = { passed: 0, failed: 0, skipped: 0 };

function fail(status) {
  console.log(`\n${totals.passed} passed, ${Math.max(totals.failed, 1)} failed`);
  process.exit(status || 1);
}

/** Runs one step; returns its exit status. */
function step(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`  ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return result.status ?? 1;
}

function run(title, command, args, env = {}) {
  const status = step(title, command, args, env);
  if (status !== 0) fail(status);
}

function reportPath() {
  return join(tmpdir(), `vitest-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
}

function vitestArgs(report, args) {
  return ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args];
}

/** Adds a vitest JSON report's counts to the totals. */
function count(report) {
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests;
    totals.skipped += json.numPendingTests + json.numTodoTests;
  } catch {
    // No report: the run failed before writing it, and has said why.
  }
  rmSync(report, { force: true });
}

/** Runs vitest with a JSON report beside the normal one, and adds its counts to the totals. */
function vitest(title, args, env = {}) {
  const report = reportPath();
  try {
    run(title, 'npx', ['vitest', ...vitestArgs(report, args)], env);
  } finally {
    count(report);
  }
}

/**
 * Starts vitest on another Node in the background, its output kept in a file; `finish()` waits for it,
 * prints what it printed and adds its counts. Used for a suite that waits mostly on PostgreSQL, beside one
 * that keeps a core busy: vitest gives a two-core machine one worker, and the other core sat idle.
 */
function vitestInBackground(title, node, args, env = {}) {
  const report = reportPath();
  const logPath = join(tmpdir(), `vitest-${process.pid}-${Date.now()}.log`);
  const log = openSync(logPath, 'w');
  // The log's own times on both ends: the file system's clock (a faked clock, as under faketime, is not its).
  const started = statSync(logPath).mtimeMs;
  console.log(`\n▶ ${title} (одновременно со следующим шагом; его вывод — по окончании)`);
  const child = spawn(node, [join(root, 'node_modules/vitest/vitest.mjs'), ...vitestArgs(report, args)], {
    cwd: root,
    stdio: ['ignore', log, log],
    env: { ...process.env, ...env },
  });
  const exited = new Promise((done) => {
    child.once('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
    child.once('error', (error) => {
      console.log(`  ${title}: не запустился: ${error.message}`);
      done(1);
    });
  });
  return {
    async finish() {
      const status = await exited;
      // The foreground step blocks this process's event loop: the log's last write tells when the run ended.
      const ended = statSync(logPath).mtimeMs;
      console.log(`\n▶ ${title}`);
      process.stdout.write(readFileSync(logPath, 'utf8'));
      rmSync(logPath, { force: true });
      count(report);
      const seconds = ((ended - started) / 1000).toFixed(1);
      console.log(`  ${title}: ${status === 0 ? 'ok' : 'FAILED'} (${seconds} s)`);
      return status;
    },
  };
}

async function postgresReachable() {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (error) {
    return error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** True when a command can be started (found on PATH). */
function available(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/**
 * The browser tests drive Debian's Chromium (never a downloaded one). Found first, before minutes of
 * other tests: installed when it can be (root with apt-get, as in CI and fresh containers), otherwise
 * the run stops with the one command to type.
 */
function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(path)) return;
  const install = 'apt-get update && apt-get install -y --no-install-recommends chromium';
  if (process.env.CHROMIUM_PATH === undefined && process.getuid?.() === 0 && available('apt-get')) {
    run('Установка Chromium для браузерных тестов (apt-get)', 'sh', ['-c', install], {
      DEBIAN_FRONTEND: 'noninteractive',
    });
    if (existsSync(path)) return;
  }
  const line = '!'.repeat(78);
  console.log(`\n${line}\n!! Для браузерных тестов нужен Chromium (${path}), а его нет.`);
  if (process.env.CHROMIUM_PATH === undefined) {
    console.log(`!! Установите его одной командой и запустите npm test снова:\n!!   sudo sh -c '${install}'`);
  } else {
    console.log('!! Проверьте путь в CHROMIUM_PATH или уберите переменную, чтобы взять /usr/bin/chromium.');
  }
  console.log(line);
  process.exit(1);
}

/**
 * ESIA's GOST-signed tokens are checked by Debian's `openssl` with the GOST engine (decision 050): the
 * packages' tests and the browser suite's GOST sign-in need it. Installed like Chromium when it can be.
 */
function ensureGostEngine() {
  const works = () =>
    spawnSync('openssl', ['dgst', '-engine', 'gost', '-md_gost12_256'], {
      input: '',
      stdio: ['pipe', 'ignore', 'ignore'],
    }).status === 0;
  if (works()) return;
  const install = 'apt-get update && apt-get install -y --no-install-recommends openssl libengine-gost-openssl';
  if (process.getuid?.() === 0 && available('apt-get')) {
    run('Установка движка ГОСТ для OpenSSL (apt-get)', 'sh', ['-c', install], { DEBIAN_FRONTEND: 'noninteractive' });
    if (works()) return;
  }
  const line = '!'.repeat(78);
  console.log(`\n${line}\n!! Для проверки подписей ЕСИА по ГОСТ нужен OpenSSL с движком gost, а его нет.`);
  console.log(`!! Установите его одной командой и запустите npm test снова:\n!!   sudo sh -c '${install}'`);
  console.log(line);
  process.exit(1);
}

ensureChromium();
ensureGostEngine();
run('Проверка типов (tsc)', 'npm', ['run', '--silent', 'typecheck']);
run('Линтер и формат (biome)', 'npx', ['biome', 'check', '.']);
run('Записи решений: не длиннее 600 слов, все в указателе', 'node', ['scripts/check-decisions.mjs']);
run('API-клиент соответствует OpenAPI', 'npm', ['run', '--silent', 'check:client']);
run('OpenAPI-документ без ошибок (redocly lint)', 'npm', ['run', '--silent', 'lint:openapi']);

const pgStatus = await postgresReachable();
// Production runs Node 24 LTS on PostgreSQL. When CI passes a Node 24 binary (NODE24_BIN, from the npm
// registry's `node` package), the server suite runs on PostgreSQL with it, once: the production runtime on
// the production engine. PGlite, the embedded default a developer runs, and the rest run on this Node.
// Without NODE24_BIN everything runs on this Node.
const node24 = process.env.NODE24_BIN;
const projects = ['server-pglite', 'packages', 'web-unit'];
if (pgStatus === true) {
  if (!node24) projects.push('server-postgres');
} else {
  const line = '!'.repeat(78);
  console.log(`\n${line}\n!! PostgreSQL по адресу ${postgresUrl} недоступен: ${pgStatus.message}`);
  console.log('!! Тесты базы данных идут ТОЛЬКО на PGlite. Запустите PostgreSQL или задайте TEST_POSTGRES_URL.');
  console.log(`${line}\n`);
}
let onNode24 = null;
if (node24 && pgStatus === true) {
  const version = spawnSync(node24, ['--version'], { encoding: 'utf8' }).stdout.trim();
  onNode24 = vitestInBackground(
    `Серверные тесты на PostgreSQL, Node ${version}`,
    node24,
    ['--project', 'server-postgres'],
    { TEST_POSTGRES_URL: postgresUrl },
  );
}
const unitReport = reportPath();
// As many workers as cores, not vitest's default of one fewer: beside the background suite, which mostly
// waits on PostgreSQL, a two-core machine ran these files one at a time, and once the background suite was
// done a core sat idle for five minutes (614 s for both; 489 s with two workers here).
const unitStatus = step(
  'Модульные и API-тесты',
  'npx',
  [
    'vitest',
    ...vitestArgs(unitReport, [`--maxWorkers=${availableParallelism()}`, ...projects.flatMap((p) => ['--project', p])]),
  ],
  { TEST_POSTGRES_URL: postgresUrl },
);
count(unitReport);
const node24Status = onNode24 ? await onNode24.finish() : 0;
if (unitStatus !== 0) fail(unitStatus);
if (node24Status !== 0) fail(node24Status);
run('Сборка веб-приложения', 'npm', ['run', '--silent', 'build']);
vitest('Браузерные тесты (Chromium)', ['--config', 'apps/web/e2e/vitest.config.ts']);

/** True when something accepts TCP connections at host:port within a second. */
function listening(host, port) {
  return new Promise((done) => {
    const socket = createConnection({ host, port, timeout: 1000 });
    socket.once('connect', () => {
      socket.end();
      done(true);
    });
    socket.once('error', () => done(false));
    socket.once('timeout', () => {
      socket.destroy();
      done(false);
    });
  });
}

// The scale-out test needs nginx, PostgreSQL and Redis (CI has all three; .ci/run installs nginx).
const redisUp = await listening('127.0.0.1', 6379);
const nginxFound = spawnSync('nginx', ['-v']).status === 0;
if (pgStatus === true && redisUp && nginxFound) {
  const report = join(tmpdir(), `scale-${process.pid}.json`);
  const status = step(
    'Масштабирование: 3 узла за nginx (npm run scale:test)',
    'npm',
    ['run', '--silent', 'scale:test'],
    {
      SCALE_REPORT: report,
      TEST_POSTGRES_URL: postgresUrl,
    },
  );
  try {
    const counts = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += counts.passed;
    totals.failed += counts.failed;
  } catch {
    totals.failed += 1;
  }
  rmSync(report, { force: true });
  if (status !== 0) fail(status);
} else {
  const missing = [nginxFound ? null : 'nginx', pgStatus === true ? null : 'PostgreSQL', redisUp ? null : 'Redis']
    .filter(Boolean)
    .join(', ');
  const line = '!'.repeat(78);
  console.log(`\n${line}\n!! Тест масштабирования (npm run scale:test) НЕ ЗАПУЩЕН: нет ${missing}.`);
  console.log(`!! В CI это ошибка; на своей машине установите недостающее (apt-get install nginx).\n${line}\n`);
  if (process.env.CI) {
    totals.failed += 1;
    fail(1);
  }
}

const skippedNote = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skippedNote}`);
process.exit(totals.failed > 0 ? 1 : 0);
