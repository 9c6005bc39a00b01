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
