import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** One serious or critical axe finding, where it was and on which elements. */
export interface Finding {
  where: string;
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Resolves once every finite animation and transition of the page has finished (Mantine fades content in:
 * axe must see the final colours). Spinners run forever and are not waited for.
 */
export async function untilStill(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY),
    null,
    { timeout: 10_000 },
  );
}

/** axe-core (WCAG 2.2 AA) on the page as it is now: its serious and critical findings only. */
export async function audit(page: Page, where: string): Promise<Finding[]> {
  await untilStill(page);
  // Legacy mode runs axe in the page itself. The default opens a blank tab (a new renderer) for every
  // audit to merge the frames' results; the site has no frames of other origins to merge.
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode(true)
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      where,
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1] ?? ''}`),
    }));
}

/** The findings, one paragraph each, for a failed expectation's message. */
export function report(findings: Finding[]): string {
  return findings
    .map((f) => `${f.where}: [${f.impact}] ${f.id} — ${f.help}\n    ${f.targets.join('\n    ')}`)
    .join('\n');
}

/**
 * Button and badge labels cut off by their box («Посчитать, сколько я заплач», «НОМЕР П…»): axe does not
 * see clipping, so the page is asked which labels are wider than the room they have.
 */
export async function clippedLabels(page: Page, where: string): Promise<Finding[]> {
  const cut = await page.evaluate(() =>
    Array.from(
      document.querySelectorAll<HTMLElement>(
        // Mantine's, and the site's own in its look (decision 116).
        '.mantine-Button-label, .mantine-Badge-label, .tariff-card_allowance, .light-button_root',
      ),
    )
      .filter((label) => label.offsetParent !== null && label.scrollWidth > label.clientWidth + 1)
      .map((label) => label.textContent?.trim() ?? ''),
  );
  return cut.length === 0
    ? []
    : [{ where, id: 'clipped-label', impact: 'serious', help: 'Label cut off by its box', targets: cut.slice(0, 5) }];
}
