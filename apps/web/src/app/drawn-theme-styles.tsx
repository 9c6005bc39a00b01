import type { MantineColorSchemeManager } from '@mantine/core';
import type { ReactNode } from 'react';

/** Mantine's two style elements for a theme (its CSS variables, its global classes) as markup to draw. */
export function themeStyleElements(variables: string, classes: string): ReactNode {
  return (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: Mantine's own CSS for the site's theme, as it draws it */}
      <style data-mantine-styles="true" dangerouslySetInnerHTML={{ __html: variables }} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: Mantine's own CSS for the site's theme, as it draws it */}
      <style data-mantine-styles="classes" dangerouslySetInnerHTML={{ __html: classes }} />
    </>
  );
}

/**
 * The theme's style elements as the server drew them into the page, for the browser to take over as they
 * are (decision 120). Mantine's provider would compute them again from the theme: its colours' variables,
 * merged and written out, 15–25 ms on this machine and four times that on the phone Lighthouse imitates,
 * for the same text. Undefined when the page has none (then the provider draws them itself).
 */
export function drawnThemeStyles(root: HTMLElement): ReactNode {
  const variables = root.querySelector('style[data-mantine-styles="true"]');
  const classes = root.querySelector('style[data-mantine-styles="classes"]');
  if (!variables || !classes) return undefined;
  return themeStyleElements(variables.textContent ?? '', classes.textContent ?? '');
}

/**
 * The site has one colour scheme, light (the server marks the page so): nothing to read from or keep in
 * the browser's storage. Mantine's default manager reads localStorage as the page is taken over, and a
 * page's first touch of localStorage opens it: 8 ms on this machine.
 */
export const lightOnly: MantineColorSchemeManager = {
  get: () => 'light',
  set: () => undefined,
  subscribe: () => undefined,
  unsubscribe: () => undefined,
  clear: () => undefined,
};
