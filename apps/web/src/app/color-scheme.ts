import type { MantineColorSchemeManager } from '@mantine/core';

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
