import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, themeFor } from './theme';
import { themeStyles } from './theme-styles';

const page = createElement('main', null, createElement('h1', null, 'Тарифы'));

/** What Mantine's provider draws for a theme, with its styles drawn by itself or kept by the server. */
const drawn = (theme: string, kept: boolean) =>
  renderToString(
    createElement(
      MantineProvider,
      {
        theme: themeFor(theme),
        cssVariablesResolver,
        withCssVariables: !kept,
        withGlobalClasses: !kept,
      },
      kept ? themeStyles(theme) : null,
      page,
    ),
  );

describe('the theme styles the server keeps (decision 115)', () => {
  it.each(['green', 'blue', 'violet', 'no-such-theme'])('draw the markup Mantine draws for %s', (theme) => {
    const own = drawn(theme, false);
    expect(own).toContain('<style data-mantine-styles="true">');
    expect(drawn(theme, true)).toBe(own);
    // Kept: asked again, the same elements.
    expect(themeStyles(theme)).toBe(themeStyles(theme));
  });

  it('differ between themes', () => {
    expect(drawn('blue', true)).not.toBe(drawn('green', true));
  });
});
