import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HOME_JS_BUDGET_BYTES, routeScripts } from '../../../scripts/web-budget.mjs';

// Bytes do not depend on the machine: the first visit's budget (issue 9) is checked on every build, so
// a change that drags a page's code into the entry (a barrel's side effects, say) fails here.
describe('the first visit’s JavaScript', () => {
  it('the home page needs at most 120 KB gzip of scripts before it is interactive', () => {
    const { total, rows } = routeScripts('src/routes/home.tsx');
    expect(rows.length).toBeGreaterThan(1);
    expect(total, rows.map((r) => `${r.file} ${r.gzip}`).join('\n')).toBeLessThanOrEqual(HOME_JS_BUDGET_BYTES);
  });

  it('no page of the site’s first visits carries another page’s code in the entry', () => {
    // The entry plus a page is the entry's share plus that page's own: a page that weighs the same as
    // the entry alone would mean the pages were bundled into it.
    const entryOnly = routeScripts('index.html').total;
    for (const page of ['src/routes/check.tsx', 'src/routes/tariffs.tsx', 'src/routes/faq.tsx']) {
      expect(routeScripts(page).total, page).toBeGreaterThan(entryOnly);
    }
    expect(entryOnly).toBeLessThan(HOME_JS_BUDGET_BYTES);
  });
});

// Mantine's stylesheet is linked per component (app/mantine-styles.css): a class the scripts name must have
// its rules in the built stylesheets, or a component would appear unstyled.
describe('the site’s stylesheet', () => {
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  const assets = join(root, 'apps/web/dist/assets');
  const mantine = join(root, 'node_modules/@mantine/core/styles');
  const classes = (text: string) => new Set([...text.matchAll(/m_[0-9a-f]{8}/g)].map((m) => m[0]));
  const read = (suffix: string) =>
    readdirSync(assets)
      .filter((file) => file.endsWith(suffix))
      .map((file) => readFileSync(join(assets, file), 'utf8'))
      .join('\n');
  const named = classes(read('.js'));
  const styled = classes(read('.css'));
  const everyMantineClass = classes(readFileSync(join(mantine, '../styles.css'), 'utf8'));

  it('has the rules of every Mantine class the scripts name', () => {
    expect(everyMantineClass.size).toBeGreaterThan(300);
    const unstyled = [...named].filter((c) => everyMantineClass.has(c) && !styled.has(c));
    expect(unstyled, 'их файлы не подключены в apps/web/src/app/mantine-styles.css').toEqual([]);
  });

  it('links no Mantine file none of whose classes the scripts name, and not Mantine’s whole sheet', () => {
    const list = readFileSync(join(root, 'apps/web/src/app/mantine-styles.css'), 'utf8');
    const files = [...list.matchAll(/@import ["']@mantine\/core\/styles\/([A-Z]\w+\.css)["']/g)].map(
      (m) => m[1] as string,
    );
    expect(files.length).toBeGreaterThan(10);
    const unused = files.filter(
      (file) => ![...classes(readFileSync(join(mantine, file), 'utf8'))].some((c) => named.has(c)),
    );
    expect(unused).toEqual([]);
    // About a hundred components' rules are left out.
    expect(styled.size).toBeLessThan(everyMantineClass.size * 0.8);
  });
});
