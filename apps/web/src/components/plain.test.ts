import * as Mantine from '@mantine/core';
import { type ComponentType, createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, themeFor } from '../app/theme';
import * as Plain from './plain';

const drawn = (component: ComponentType<Record<string, unknown>>, props: Record<string, unknown>) =>
  renderToString(
    createElement(
      Mantine.MantineProvider,
      { theme: themeFor('green'), cssVariablesResolver, withCssVariables: false, withGlobalClasses: false },
      createElement(component, props, 'Текст'),
    ),
  );

/**
 * An element as a comparable value: its tag, its attributes, its classes and style declarations as sets,
 * and what it holds as drawn.
 */
function normalised(html: string) {
  const match = /^<([a-z0-9]+)((?:\s+[a-zA-Z-]+="[^"]*")*)\s*>(.*Текст.*)<\/\1>$/.exec(html);
  if (!match) throw new Error(`не один элемент: ${html}`);
  const attributes: Record<string, unknown> = {};
  for (const [, name, value] of (match[2] ?? '').matchAll(/([a-zA-Z-]+)="([^"]*)"/g)) {
    if (name === 'class') attributes.class = (value ?? '').split(/\s+/).filter(Boolean).sort();
    else if (name === 'style') {
      attributes.style = (value ?? '')
        .split(';')
        .map((d) => d.trim())
        .filter(Boolean)
        .sort();
    } else attributes[name as string] = value;
  }
  return { tag: match[1], attributes, content: match[3] };
}

// Every prop the site gives these components, alone and together.
const CASES: Record<
  'Text' | 'Anchor' | 'Title' | 'Stack' | 'Group' | 'Card' | 'Container' | 'Badge',
  Record<string, unknown>[]
> = {
  Text: [
    {},
    ...['xs', 'sm', 'md', 'lg', 'xl'].map((size) => ({ size })),
    { size: 'sm', c: 'dimmed' },
    { c: 'red.7', fw: 600 },
    { c: 'green.9', fw: 700, size: 'lg', mt: 'xs' },
    { c: 'red', mb: 4, ta: 'center' },
    { component: 'span', size: 'xs', c: 'dimmed' },
    { span: true, size: 'xs', c: 'var(--mantine-primary-color-filled)' },
    { span: true, fw: 600, inherit: true },
    { size: 'sm', fw: 600, inherit: true },
    { component: 'div', fz: 'sm', ff: 'monospace', tt: 'uppercase' },
    { fz: 28, fw: 700, ml: 'md', w: 120 },
    { className: 'x y', style: { whiteSpace: 'nowrap' }, id: 'a', role: 'status', 'aria-live': 'polite' },
    { size: 'sm', c: 'var(--mantine-color-green-9)', 'data-testid': 't' },
  ],
  Anchor: [
    { href: '/faq' },
    { href: '/faq', size: 'sm', fw: 500, c: 'dimmed', underline: 'always' },
    { href: 'https://example.ru', target: '_blank', rel: 'noopener noreferrer', className: 'a' },
    { component: 'button', type: 'button', size: 'sm', underline: 'never' },
    { href: '/account', inherit: true },
  ],
  Title: [
    {},
    ...[1, 2, 3, 4, 5, 6].map((order) => ({ order })),
    { order: 2, size: 'h3' },
    { order: 3, size: 'h4', mb: 'md' },
    { order: 2, size: 'lg', ta: 'center' },
    { order: 1, id: 'title', className: 'z', c: 'green.9' },
  ],
  Stack: [
    {},
    { gap: 'xs' },
    { gap: 4, align: 'center' },
    { gap: 'lg', justify: 'space-between', align: 'flex-start' },
    { component: 'nav', 'aria-label': 'Меню', gap: 0 },
    { p: 'md', mt: 'xl', m: 0, h: '100%' },
    { hiddenFrom: 'sm', className: 'k' },
    { component: 'ul', style: { listStyle: 'none' } },
  ],
  Group: [
    {},
    { gap: 'xs' },
    { justify: 'space-between', align: 'flex-start', wrap: 'nowrap' },
    { gap: 6, mt: 'md', mb: 'sm' },
    { visibleFrom: 'md', className: 'g', 'aria-hidden': true },
  ],
  Container: [{}, { size: 'xl', h: '100%' }, { size: 'md', py: 'xl' }, { size: 640, className: 'w' }],
  Badge: [
    {},
    { variant: 'light' },
    { variant: 'light', color: 'gray' },
    { variant: 'light', color: 'green', size: 'lg', tt: 'none', 'data-testid': 'b' },
    { variant: 'light', color: 'orange', size: 'md', tt: 'none', miw: 'max-content' },
    { color: 'red', variant: 'outline', radius: 'sm' },
    { color: 'teal' },
  ],
  Card: [
    {},
    { withBorder: true },
    { withBorder: true, padding: 'lg' },
    { withBorder: true, padding: 'lg', radius: 'md', className: 'card' },
    { withBorder: true, padding: 'md', component: 'li' },
    { withBorder: true, padding: 'lg', component: 'article', 'aria-labelledby': 'h' },
    { withBorder: true, padding: 'lg', component: 'form', noValidate: true, 'aria-label': 'Форма' },
    { withBorder: true, bg: 'var(--mantine-primary-color-light)', padding: 'lg' },
    { padding: 0, radius: 'sm', style: { overflow: 'hidden' }, 'data-testid': 'c' },
  ],
};

describe('the plain components draw what Mantine draws (decision 118)', () => {
  for (const [name, cases] of Object.entries(CASES)) {
    it.each(cases.map((props) => [JSON.stringify(props), props]))(`${name} %s`, (_, props) => {
      const mantine = drawn(
        (Mantine as unknown as Record<string, ComponentType<Record<string, unknown>>>)[name]!,
        props,
      );
      const plain = drawn((Plain as unknown as Record<string, ComponentType<Record<string, unknown>>>)[name]!, props);
      expect(normalised(plain)).toEqual(normalised(mantine));
    });
  }

  it('sees a difference when there is one', () => {
    const mantine = drawn(Mantine.Text as never, { size: 'sm' });
    const plain = drawn(Plain.Text as never, { size: 'lg' });
    expect(normalised(plain)).not.toEqual(normalised(mantine));
  });
});
