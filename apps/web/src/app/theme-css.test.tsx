import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, themeCssVariables, themeFor } from './theme';

/** The CSS variables Mantine's own provider writes for a theme (its first `<style data-mantine-styles>`). */
function providersOwn(name: string): string {
  const html = renderToString(
    <MantineProvider theme={themeFor(name)} cssVariablesResolver={cssVariablesResolver}>
      <p>…</p>
    </MantineProvider>,
  );
  const css = /<style data-mantine-styles="true"[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1];
  if (css === undefined) throw new Error(`no CSS variables in ${html.slice(0, 200)}`);
  return css;
}

describe('the theme’s CSS variables, made once', () => {
  it('are what Mantine’s provider writes, for every theme and an unknown name', () => {
    for (const name of ['green', 'blue', 'teal', 'violet', 'no-such-theme']) {
      const ours = themeCssVariables(name);
      expect(ours).toBe(providersOwn(name));
      expect(ours).toContain('--mantine-color-dimmed');
    }
    expect(themeCssVariables('blue')).not.toBe(themeCssVariables('green'));
  });
});
