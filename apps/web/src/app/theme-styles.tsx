// Server only (entry-server.tsx): the browser takes over the elements drawn (drawn-theme-styles.tsx).
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { themeStyleElements } from './drawn-theme-styles';
import { cssVariablesResolver, themeFor } from './theme';

// The theme's CSS variables and Mantine's global classes, drawn once per theme (decision 115): Mantine draws
// them for every page otherwise, about half a millisecond of each page's server time.
const themeStylesKept = new Map<string, ReactNode>();
const MANTINE_STYLES =
  /^<style data-mantine-styles="true">([\s\S]*?)<\/style><style data-mantine-styles="classes">([\s\S]*?)<\/style>$/;

/** The two style elements Mantine's provider draws for a theme, as elements that draw the same markup. */
export function themeStyles(theme: string): ReactNode {
  const kept = themeStylesKept.get(theme);
  if (kept) return kept;
  const drawn = renderToString(<MantineProvider theme={themeFor(theme)} cssVariablesResolver={cssVariablesResolver} />);
  const match = MANTINE_STYLES.exec(drawn);
  // Another Mantine may draw them otherwise: then its provider draws them for every page, as before.
  if (!match) return undefined;
  const styles = themeStyleElements(match[1] ?? '', match[2] ?? '');
  // A theme is a setting's value: a handful at most, but nothing unbounded is kept.
  if (themeStylesKept.size >= 16) themeStylesKept.clear();
  themeStylesKept.set(theme, styles);
  return styles;
}
