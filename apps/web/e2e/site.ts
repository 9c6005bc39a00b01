import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';

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
 * A data folder of its own for a site: a copy of the run's seeded template (global-setup.ts), or an empty
 * one where the demo must be seeded at another time scale (its portings' dates depend on it).
 */
export function newDataDir(env: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'perenos-e2e-'));
  if (env.PORTING_TIME_SCALE !== undefined && env.PORTING_TIME_SCALE !== '1') return dir;
  cpSync(inject('siteTemplate'), dir, { recursive: true });
  return dir;
}

/**
 * Starts the built site as `npm start` would (own PGlite folder, demo data, a free port); `env`
 * overrides its environment (e.g. PORTING_TIME_SCALE).
 */
export async function startSite(dataDir?: string, env: Record<string, string> = {}): Promise<Site> {
  dataDir ??= newDataDir(env);
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
      // The whole browser suite comes from this one address: no per-client bound of pages drawn.
      PAGE_DRAWS_PER_MINUTE: '0',
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

/**
 * Waits, after a page of the site has loaded, until the browser has taken over the server's HTML: a
 * visitor who types into the drawn form before its code has arrived would be typing into plain HTML.
 * Pages of other sites (the ESIA stand-in) and pages without the app pass at once.
 */
async function untilHydrated(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => !document.getElementById('root') || document.documentElement.dataset.hydrated === 'true',
      undefined,
      { timeout: 15_000 },
    )
    // A page that navigates away meanwhile (a redirect to sign in) has nothing to wait for.
    .catch(() => undefined);
}

/** Each patched page's own `goto`, which does not wait for hydration. */
const plainGoto = new WeakMap<Page, Page['goto']>();

/**
 * Opens `url` and returns as soon as the server's HTML has arrived, without waiting for the browser to take
 * the page over: for a test of what a visitor does before the page's code has loaded.
 */
export function gotoBeforeHydration(page: Page, url: string): ReturnType<Page['goto']> {
  const goto = plainGoto.get(page) ?? page.goto.bind(page);
  return goto(url, { waitUntil: 'commit' });
}

/** Every navigation of the page (goto, reload, waitForURL) ends once the page is the browser's. */
function waitingForHydration(page: Page): Page {
  plainGoto.set(page, page.goto.bind(page));
  for (const name of ['goto', 'reload', 'waitForURL'] as const) {
    const original = (page[name] as (...args: unknown[]) => Promise<unknown>).bind(page);
    (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const result = await original(...args);
      await untilHydrated(page);
      return result;
    };
  }
  return page;
}

/**
 * The journeys' pictures of the pages (into /tmp, to look at) are taken unless `E2E_SCREENSHOTS=off`: CI
 * reads none of them, and a full-page picture costs Chromium about a second of CPU on a two-core machine.
 * What a test asserts never depends on them.
 */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS !== 'off';

function withoutPictures(page: Page): Page {
  if (!SCREENSHOTS) page.screenshot = async () => Buffer.alloc(0);
  return page;
}

/** Debian's Chromium, headless; no downloaded browser. Its pages wait for hydration after navigating. */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
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
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    const newPage = context.newPage.bind(context);
    // Without JavaScript nothing takes the page over: there is nothing to wait for.
    if (args[0]?.javaScriptEnabled === false) {
      context.newPage = async () => withoutPictures(await newPage());
      return context;
    }
    context.newPage = async () => withoutPictures(waitingForHydration(await newPage()));
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args) => withoutPictures(waitingForHydration(await newPage(...args)));
  return browser;
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

/**
 * Closes every page a test left open (contexts, with their sign-ins, stay). An open page keeps running its
 * live streams, timers and refetches for the rest of the file, on a machine whose two cores the browser
 * suite keeps busy.
 */
export async function closeOpenPages(browser: Browser | undefined): Promise<void> {
  for (const context of browser?.contexts() ?? []) {
    await Promise.all(context.pages().map((page) => page.close()));
  }
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
  afterEach(() => closeOpenPages(browser));
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    if (site) removeDir(site.dataDir);
  });
}

/** An API call from the page, as the web app makes it (cookies and the CSRF header). */
export async function apiCall<T>(page: Page, method: string, path: string, body?: object): Promise<T> {
  const answer = await page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: { 'x-requested-with': 'XMLHttpRequest', ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: res.status, text: await res.text() };
    },
    { method, path, body },
  );
  if (answer.status >= 400) throw new Error(`${method} ${path} → ${answer.status} ${answer.text}`);
  return (answer.text ? JSON.parse(answer.text) : null) as T;
}
