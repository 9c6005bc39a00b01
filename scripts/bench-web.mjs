#!/usr/bin/env node
// `npm run bench:web`: Lighthouse (mobile, simulated throttling: its default) on the site's key pages,
// three runs each, Debian's Chromium. Builds the web app, starts the built site as `npm start` does
// (own PGlite folder with demo data, a free port), prints the median scores, LCP, TBT, CLS and the
// JS/CSS bytes each page transferred, and the home route's JS gzip total against its 120 KB budget.
// Options: --runs N (default 3), --page /path (repeatable).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { budgetLine } from './web-budget.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1] || 3) || 3;
const chosen = args.flatMap((a, i) => (args[i - 1] === '--page' ? [a] : []));
const PAGES = chosen.length > 0 ? chosen : ['/', '/check', '/tariffs/moskva', '/faq', '/operators'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

function startSite(dataDir) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      PGLITE_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`Сервер не запустился за 120 с:\n${log}`)), 120_000);
    child.stdout.on('data', (chunk) => {
      log += chunk;
      const match = /Сайт работает: (http:\/\/\S+)/.exec(log);
      if (match) {
        clearTimeout(timer);
        done({ url: match[1].replace(/\/$/, ''), child });
      }
    });
    child.stderr.on('data', (chunk) => (log += chunk));
    child.on('exit', (code) => fail(new Error(`Сервер завершился с кодом ${code}:\n${log}`)));
  });
}

// A run Lighthouse could not finish (e.g. no paint within its limit) has null figures: left out.
const median = (xs) => {
  const s = xs.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  return s.length === 0 ? null : s[Math.floor((s.length - 1) / 2)];
};
const fixed = (x, digits) => (x === null ? '—' : x.toFixed(digits));
const kb = (bytes) => (bytes === null ? '—' : `${(bytes / 1024).toFixed(0)} КБ`);

async function audit(url, port) {
  const { lhr } = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
  const items = lhr.audits['resource-summary']?.details?.items ?? [];
  const bytes = (type) => items.find((i) => i.resourceType === type)?.transferSize ?? 0;
  if (lhr.runtimeError) console.log(`  ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const failed = CATEGORIES.flatMap((c) =>
    lhr.categories[c].score === 1
      ? []
      : lhr.categories[c].auditRefs
          .filter((r) => r.weight > 0 && lhr.audits[r.id].score !== null && lhr.audits[r.id].score < 1)
          .map((r) => `${c}:${r.id}`),
  );
  const shifted = (lhr.audits['layout-shifts']?.details?.items ?? []).map(
    (i) => `${i.node?.selector ?? i.node?.snippet ?? '?'} (${Number(i.score).toFixed(3)})`,
  );
  return {
    shifted,
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c].score])),
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    js: bytes('script'),
    css: bytes('stylesheet'),
    failed,
  };
}

async function main() {
  console.log('Сборка веб-приложения…');
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  // Bytes do not depend on the machine's load: the one figure to compare across runs as it is.
  console.log(budgetLine());
  const dataDir = mkdtempSync(join(tmpdir(), 'perenos-bench-web-'));
  const site = await startSite(dataDir);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    // One visit first: the server's indexes are built and its files read once.
    await fetch(`${site.url}/`);
    console.log(
      `Lighthouse ${runs}× на страницу, мобильный профиль; нагрузка машины (1/5/15 мин): ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}\n`,
    );
    const header = ['страница', 'Perf', 'A11y', 'BP', 'SEO', 'LCP, мс', 'TBT, мс', 'CLS', 'JS', 'CSS'];
    console.log(header.join('\t'));
    for (const path of PAGES) {
      const results = [];
      for (let i = 0; i < runs; i++) results.push(await audit(`${site.url}${path}`, chrome.port));
      const m = (f) => median(results.map(f));
      console.log(
        [
          path,
          fixed(
            m((r) => r.scores.performance),
            2,
          ),
          fixed(
            m((r) => r.scores.accessibility),
            2,
          ),
          fixed(
            m((r) => r.scores['best-practices']),
            2,
          ),
          fixed(
            m((r) => r.scores.seo),
            2,
          ),
          fixed(
            m((r) => r.lcp),
            0,
          ),
          fixed(
            m((r) => r.tbt),
            0,
          ),
          fixed(
            m((r) => r.cls),
            3,
          ),
          kb(m((r) => r.js)),
          kb(m((r) => r.css)),
        ].join('\t'),
      );
      const failed = [...new Set(results.flatMap((r) => r.failed))];
      if (failed.length > 0) console.log(`  не на 1,0: ${failed.join(', ')}`);
      const shifted = [...new Set(results.flatMap((r) => r.shifted))];
      if (shifted.length > 0) console.log(`  сдвиги: ${shifted.join('; ')}`);
    }
    console.log(
      `\nНагрузка машины после замера: ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    chrome.kill();
    site.child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
