import { type CSSVariablesResolver, createTheme, type MantineColor, type MantineColorsTuple } from '@mantine/core';

/**
 * The site's green, darkened where text or controls use it so that every pairing passes WCAG 2.2 AA
 * (decision 030): shade 8 is the filled colour (white on it 5.3:1, it on white 5.3:1), shade 9 the
 * text of light buttons and badges (6.4:1 on shade 1). Shades 0–5 stay Mantine's, for backgrounds.
 */
export const GREEN: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#51cf66',
  '#37b24d',
  '#2b8a3e',
  '#1e7b34',
  '#16632a',
];

// Warm colours keep Mantine's light shades for backgrounds; the two darkest become text-strength
// (filled buttons take shade 8 with white text, light badges and alert titles shade 9 on shade 1).
const YELLOW: MantineColorsTuple = [
  '#fff9db',
  '#fff3bf',
  '#ffec99',
  '#ffe066',
  '#ffd43b',
  '#fcc419',
  '#fab005',
  '#f59f00',
  '#9c5a00',
  '#8a5100',
];
const ORANGE: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#fd7e14',
  '#f76707',
  '#b3440f',
  '#a83f0c',
];
const TEAL: MantineColorsTuple = [
  '#e6fcf5',
  '#c3fae8',
  '#96f2d7',
  '#63e6be',
  '#38d9a9',
  '#20c997',
  '#12b886',
  '#0ca678',
  '#087f5b',
  '#0b6e50',
];
const CYAN: MantineColorsTuple = [
  '#e3fafc',
  '#c5f6fa',
  '#99e9f2',
  '#66d9e8',
  '#3bc9db',
  '#22b8cf',
  '#15aabf',
  '#1098ad',
  '#0b7285',
  '#0a6373',
];

/** Secondary ("dimmed") text: 6.1:1 on white, 5.8:1 on the grey panels. */
export const DIMMED = '#5c636a';
/** Input placeholders: 4.7:1 on white. */
export const PLACEHOLDER = '#6c757d';
/** Error text and borders: Mantine's red 9, 5.5:1 on white. */
export const ERROR = '#c92a2a';

// Theme names the site-theme-current setting may hold; anything else falls back to green.
const THEMES: Record<string, MantineColor> = { green: 'green', blue: 'blue', teal: 'teal', violet: 'violet' };

/** The theme a site-theme-current value names: itself when the site has it, else green. */
export function themeName(name: string): string {
  return Object.hasOwn(THEMES, name) ? name : 'green';
}

const PAGER_ARROWS: Record<string, string> = {
  previous: 'Предыдущая страница',
  next: 'Следующая страница',
  first: 'Первая страница',
  last: 'Последняя страница',
};

/** The names of the pager's arrow buttons. */
function paginationControlProps(control: string) {
  return { 'aria-label': PAGER_ARROWS[control] ?? control };
}

/** The Mantine theme for a site-theme-current value; green unless the setting names another. */
export function themeFor(name: string) {
  return createTheme({
    primaryColor: THEMES[themeName(name)] ?? 'green',
    // Filled buttons, links and focus rings take shade 8: the lighter default shade 6 fails AA with white.
    primaryShade: { light: 8, dark: 8 },
    colors: { green: GREEN, yellow: YELLOW, orange: ORANGE, teal: TEAL, cyan: CYAN },
    fontFamily: 'Inter, "Segoe UI", Roboto, Arial, sans-serif',
    defaultRadius: 'md',
    focusRing: 'auto',
    components: {
      // Mantine keeps a closed dropdown mounted (hidden): a region picker's 85 options and their scroll
      // area were drawn, measured and drawn again after every page took over the server's HTML, a dozen
      // renders in the way of the first tap on /tariffs. Drawn when opened instead. A plain object, not
      // `Combobox.extend`, so the entry does not import the combobox.
      Combobox: { defaultProps: { keepMounted: false } },
      // A toast's × and a file field's × are icons: they are named for screen readers (axe button-name).
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Закрыть уведомление' } } },
      FileInput: { defaultProps: { clearButtonProps: { 'aria-label': 'Убрать выбранный файл' } } },
      // The pager's arrows are icons too: each says where it goes.
      Pagination: { defaultProps: { getControlProps: paginationControlProps } },
    },
  });
}

/** Darker secondary, placeholder and error colours than Mantine's defaults (which are 3.3:1 and below). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': DIMMED,
    '--mantine-color-placeholder': PLACEHOLDER,
    '--mantine-color-error': ERROR,
  },
  dark: {},
});
