#!/usr/bin/env node
// The first visit's JavaScript budget (issue 9: the home route ≤ 120 KB gzip). Reads the build's
// manifest (apps/web/dist/.vite/manifest.json) and sums, gzipped, every script the home page needs
// before it is interactive: the entry, its static imports and the home route's chunk with its own.
// Run on its own after `npm run build` (`node scripts/web-budget.mjs`) or through `npm run bench:web`.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const HOME_JS_BUDGET_BYTES = 120 * 1024;
const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const dist = join(root, 'apps/web/dist');

/** Gzip bytes of the scripts a first visit to a route's page needs (entry and the page's chunk, with static imports). */
export function routeScripts(pageSource = 'src/routes/home.tsx') {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  visit(pageSource);
  const rows = [...files]
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, gzip: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length }))
    .sort((a, b) => b.gzip - a.gzip);
  return { rows, total: rows.reduce((sum, r) => sum + r.gzip, 0) };
}

/** One line: the home route's JS against the budget. */
export function budgetLine() {
  const { total } = routeScripts();
  const verdict = total <= HOME_JS_BUDGET_BYTES ? 'в бюджете' : 'СВЕРХ бюджета';
  return `JS главной страницы (gzip): ${(total / 1024).toFixed(1)} КБ из ${HOME_JS_BUDGET_BYTES / 1024} КБ — ${verdict}`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (!existsSync(join(dist, '.vite/manifest.json'))) {
    console.error('Нет apps/web/dist/.vite/manifest.json: сначала npm run build.');
    process.exit(1);
  }
  const page = process.argv[2];
  const { rows } = routeScripts(page);
  for (const r of rows) console.log(`${(r.gzip / 1024).toFixed(1).padStart(7)} КБ  ${r.file}`);
  console.log(budgetLine());
}
