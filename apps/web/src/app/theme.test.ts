import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../lib/contrast';
import { DIMMED, ERROR, GREEN, PLACEHOLDER, themeFor } from './theme';

const WHITE = '#ffffff';
const PANEL = '#f8f9fa'; // Mantine gray 0, the site's grey panels

describe('the green theme meets WCAG 2.2 AA', () => {
  it('keeps green the default and for unknown names', () => {
    expect(themeFor('green').primaryColor).toBe('green');
    expect(themeFor('no-such-theme').primaryColor).toBe('green');
  });

  it('puts white text on the filled green and green text on white at 4.5:1 or more', () => {
    const filled = GREEN[8];
    expect(contrastRatio(WHITE, filled)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(filled, PANEL)).toBeGreaterThanOrEqual(4.5);
    // Hover colour of filled buttons.
    expect(contrastRatio(WHITE, GREEN[9])).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps light buttons and badges readable (shade 9 on shade 1)', () => {
    expect(contrastRatio(GREEN[9], GREEN[1])).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(GREEN[9], GREEN[0])).toBeGreaterThanOrEqual(4.5);
  });

  it('gives secondary, placeholder and error text 4.5:1 on white and on panels', () => {
    for (const colour of [DIMMED, ERROR]) {
      expect(contrastRatio(colour, WHITE)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(colour, PANEL)).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrastRatio(PLACEHOLDER, WHITE)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps every palette of the theme readable in filled and light variants', () => {
    const colors = themeFor('green').colors ?? {};
    for (const name of ['green', 'yellow', 'orange', 'teal', 'cyan'] as const) {
      const palette = colors[name];
      if (!palette) throw new Error(name);
      expect(contrastRatio(WHITE, palette[8]), name).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(palette[9], palette[1]), name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('is still green: the filled colour has green as its strongest channel', () => {
    const [r, g, b] = (GREEN[8].slice(1).match(/../g) ?? []).map((x) => Number.parseInt(x, 16)) as number[];
    expect(g).toBeGreaterThan((r ?? 0) * 2);
    expect(g).toBeGreaterThan((b ?? 0) * 2);
  });
});
