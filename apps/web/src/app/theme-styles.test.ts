import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, themeFor, themeName } from './theme';
import { themeStylesheet } from './theme-styles';

const page = createElement('main', null, createElement('h1', null, 'Тарифы'));

/** What Mantine's provider draws for a theme, with its styles inline or linked in the head. */
const drawn = (theme: string, linked: boolean) =>
  renderToString(
    createElement(
      MantineProvider,
      { theme: themeFor(theme), cssVariablesResolver, withCssVariables: !linked, withGlobalClasses: !linked },
      page,
    ),
  );

/** The CSS of the style elements Mantine's provider draws. */
const inlineCss = (html: string) =>
  [...html.matchAll(/<style data-mantine-styles="[^"]*">([\s\S]*?)<\/style>/g)].map((m) => m[1]);

describe('the theme stylesheet the server links (decision 121)', () => {
  it.each(['green', 'blue', 'teal', 'violet'])('holds the CSS Mantine draws into the page for %s', (theme) => {
    const own = drawn(theme, false);
    const css = inlineCss(own);
    expect(css).toHaveLength(2);
    expect(themeStylesheet(theme)).toEqual({ name: theme, css: `${css.join('\n')}\n` });
    // Linked, the page is the same without the style elements.
    expect(drawn(theme, true)).toBe(own.replace(/<style data-mantine-styles="[^"]*">[\s\S]*?<\/style>/g, ''));
    // Kept: asked again, the same sheet.
    expect(themeStylesheet(theme)).toBe(themeStylesheet(theme));
  });

  it('is green for a theme the site does not have', () => {
    expect(themeName('no-such-theme')).toBe('green');
    expect(themeName('constructor')).toBe('green');
    expect(themeStylesheet('no-such-theme')).toBe(themeStylesheet('green'));
  });

  it('differs between themes', () => {
    expect(themeStylesheet('blue')?.css).not.toBe(themeStylesheet('green')?.css);
    expect(themeStylesheet('green')?.css).toContain(
      '--mantine-primary-color-filled: var(--mantine-color-green-filled)',
    );
    expect(themeStylesheet('violet')?.css).toContain(
      '--mantine-primary-color-filled: var(--mantine-color-violet-filled)',
    );
  });
});
