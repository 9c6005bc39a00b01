import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

const root = resolve(fileURLToPath(new URL('../../../', import.meta.url)));

export interface Site {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** Runs a command of the project (e.g. the flags CLI) against a site's data folder. */
export function runCli(args: string[], dataDir: string): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn('npm', ['run', '--silent', ...args], {
      cwd: root,
      env: { ...process.env, PGLITE_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? done(out) : fail(new Error(`${args.join(' ')} → ${code}\n${out}`))));
  });
}

/**
 * Starts the built site as `npm start` would (own PGlite folder, demo data, a free port); `env`
 * overrides its environment (e.g. PORTING_TIME_SCALE).
 */
export async function startSite(
  dataDir = mkdtempSync(join(tmpdir(), 'perenos-e2e-')),
  env: Record<string, string> = {},
): Promise<Site> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      PGLITE_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`Сервер не запустился за 90 с:\n${log}`)), 90_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      log += chunk;
      const match = /Сайт работает: (http:\/\/\S+)/.exec(log);
      if (match?.[1]) {
        clearTimeout(timer);
        done(match[1]);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (log += chunk));
    child.on('exit', (code) => fail(new Error(`Сервер завершился с кодом ${code}:\n${log}`)));
  });
  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

export function removeDir(dir: string) {
  rmSync(dir, { recursive: true, force: true });
}

/** Debian's Chromium, headless; no downloaded browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Collects console errors and failed requests of a page, so a test can assert there were none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('response', (res) => {
    if (res.status() >= 400) errors.push(`HTTP ${res.status()} ${res.url()}`);
  });
  return errors;
}

/** Starts the site and Chromium before the file's tests (handing both to `use`) and stops them after. */
export function withSiteAndBrowser(
  use: (site: Site, browser: Browser) => void,
  env: Record<string, string> = {},
): void {
  let site: Site | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(undefined, env), launchBrowser()]);
    use(site, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    if (site) removeDir(site.dataDir);
  });
}
