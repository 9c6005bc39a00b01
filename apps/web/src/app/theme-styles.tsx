// Server only (entry-server.tsx): the stylesheet the server links in a drawn page's head (decision 121).
import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { cssVariablesResolver, themeFor, themeName } from './theme';

// What Mantine's provider draws for a theme: its CSS variables, then its global classes.
const MANTINE_STYLES =
  /^<style data-mantine-styles="true">([\s\S]*?)<\/style><style data-mantine-styles="classes">([\s\S]*?)<\/style>$/;

export interface ThemeStylesheet {
  /** The theme's name (a site-theme-current value the site does not have is green). */
  name: string;
  css: string;
}

// One per theme the site has (four): drawn once each (decision 115).
const sheets = new Map<string, ThemeStylesheet | undefined>();

/**
 * The CSS Mantine's provider draws into every page for a theme (its colours' variables and its global
 * classes, 6.7 KB, 1 KB of each page in brotli) as one stylesheet: the server links it in the head of the
 * pages it draws, under a name that changes with its text, and the browser keeps it. Undefined when the
 * provider draws them otherwise (another Mantine): then it draws them into every page, as before.
 */
export function themeStylesheet(theme: string): ThemeStylesheet | undefined {
  const name = themeName(theme);
  if (sheets.has(name)) return sheets.get(name);
  const drawn = renderToString(<MantineProvider theme={themeFor(name)} cssVariablesResolver={cssVariablesResolver} />);
  const match = MANTINE_STYLES.exec(drawn);
  const sheet = match ? { name, css: `${match[1]}\n${match[2]}\n` } : undefined;
  sheets.set(name, sheet);
  return sheet;
}
