/**
 * Mantine's Text, Anchor, Title, Stack, Group, Card, Container and Badge without Mantine's machinery
 * (decision 118): the same element, classes, data attributes and CSS variables Mantine draws for the props
 * below, made by a plain function. Each Mantine component resolves default props, the Styles API and some
 * seventy style props on every render: 17–29 µs per component on the server, against about 1 µs here, and
 * the same again in the browser when it hydrates. `plain.test.ts` draws every prop combination the site
 * uses both ways and compares the elements, so a Mantine upgrade that changes its output fails there, not
 * on screen. SimpleGrid, at the end, is the one that draws its own markup.
 *
 * Only what the site needs is accepted: no responsive values (an object per breakpoint), no Styles API,
 * no `Card.Section` (those stay Mantine's). TypeScript refuses the rest.
 */
import {
  getFontSize,
  getLineHeight,
  getRadius,
  getSize,
  getSpacing,
  type MantineBreakpoint,
  type MantineColor,
  type MantineFontSize,
  type MantineRadius,
  type MantineSpacing,
  parseStyleProps,
  STYLE_PROPS_DATA,
  useMantineTheme,
} from '@mantine/core';
import type { ComponentPropsWithoutRef, CSSProperties, ElementType, ReactNode, Ref } from 'react';
import grid from './simple-grid.module.css';

type Spacing = MantineSpacing | number;

/** The style props the site gives these components; each is drawn inline as Mantine's Box draws it. */
export interface PlainStyleProps {
  m?: Spacing;
  mt?: Spacing;
  mb?: Spacing;
  ml?: Spacing;
  mr?: Spacing;
  mx?: Spacing;
  my?: Spacing;
  p?: Spacing;
  pt?: Spacing;
  pb?: Spacing;
  px?: Spacing;
  py?: Spacing;
  c?: MantineColor | 'dimmed' | 'bright' | (string & {});
  bg?: MantineColor | (string & {});
  fw?: CSSProperties['fontWeight'];
  fz?: MantineFontSize | number | (string & {});
  ff?: 'monospace' | 'text' | 'heading' | (string & {});
  ta?: CSSProperties['textAlign'];
  tt?: CSSProperties['textTransform'];
  w?: CSSProperties['width'];
  h?: CSSProperties['height'];
  maw?: CSSProperties['maxWidth'];
  miw?: CSSProperties['minWidth'];
  hiddenFrom?: MantineBreakpoint;
  visibleFrom?: MantineBreakpoint;
}

/** The style props above, by name: each is drawn inline as Mantine's Box draws it. */
const STYLE_KEYS: Record<string, true> = {
  m: true,
  mt: true,
  mb: true,
  ml: true,
  mr: true,
  mx: true,
  my: true,
  p: true,
  pt: true,
  pb: true,
  px: true,
  py: true,
  c: true,
  bg: true,
  fw: true,
  fz: true,
  ff: true,
  ta: true,
  tt: true,
  w: true,
  h: true,
  maw: true,
  miw: true,
};

type Attributes<E extends ElementType> = Omit<ComponentPropsWithoutRef<E>, keyof PlainStyleProps | 'color'>;

/**
 * The element as Mantine's Box draws it: `classes` and the caller's class, the caller's style, then the
 * component's variables, then the style props; the data attributes that have a value; and the caller's
 * other props, passed on. One pass over the props (a hook: it reads the theme).
 */
function useElement(
  Element: ElementType,
  props: Record<string, unknown>,
  classes: string,
  vars: Record<string, string | undefined>,
  data: Record<string, unknown>,
  children: ReactNode,
) {
  const theme = useMantineTheme();
  let styleProps: Record<string, unknown> | undefined;
  let className = classes;
  let style: Record<string, unknown> | undefined;
  const rest: Record<string, unknown> = {};
  for (const key in props) {
    const value = props[key];
    if (STYLE_KEYS[key] === true) {
      if (value !== undefined) {
        styleProps ??= {};
        styleProps[key] = value;
      }
    } else if (key === 'className') {
      if (value) className += ` ${value as string}`;
    } else if (key === 'style') {
      if (value) style = { ...(value as CSSProperties) };
    } else if (key === 'hiddenFrom') {
      if (value) className += ` mantine-hidden-from-${value as string}`;
    } else if (key === 'visibleFrom') {
      if (value) className += ` mantine-visible-from-${value as string}`;
    } else rest[key] = value;
  }
  for (const name in vars) {
    const value = vars[name];
    if (value !== undefined) {
      style ??= {};
      style[name] = value;
    }
  }
  if (styleProps) {
    style = Object.assign(
      style ?? {},
      parseStyleProps({ styleProps: styleProps as never, theme, data: STYLE_PROPS_DATA }).inlineStyles,
    );
  }
  for (const name in data) {
    const value = data[name];
    // The caller's own attribute of that name wins, as in Box.
    if (value !== undefined && value !== false && value !== null && value !== '' && !(name in rest)) rest[name] = value;
  }
  return (
    <Element className={className} style={style} {...rest}>
      {children}
    </Element>
  );
}

/** Mantine's `data-size`: a size given by name, not by number. */
const sizeName = (size: unknown) => (typeof size === 'string' && !/^[\d.]/.test(size) ? size : undefined);

type TextOwnProps = PlainStyleProps & {
  size?: MantineFontSize;
  /** A `span` rather than a `p`. */
  span?: boolean;
  /** The font of the text around it. */
  inherit?: boolean;
  component?: 'p' | 'span' | 'div' | 'label' | 'dt' | 'dd' | 'time' | 'strong' | 'li' | 'small';
  children?: ReactNode;
  ref?: Ref<HTMLParagraphElement>;
};

/** Text's element (a hook: it reads the theme): its classes (with `classes` before them) and size, and `data` beside them. */
function useTextElement(
  Element: ElementType,
  classes: string,
  data: Record<string, unknown>,
  { size, children, ...rest }: { size?: MantineFontSize; children?: ReactNode } & Record<string, unknown>,
) {
  return useElement(
    Element,
    rest,
    `mantine-focus-auto ${classes}m_b6d8b162 mantine-Text-root`,
    { '--text-fz': getFontSize(size), '--text-lh': getLineHeight(size) },
    { ...data, 'data-size': sizeName(size) },
    children,
  );
}

/** Mantine's Text: a paragraph (or `component`) in a size of the theme. */
export function Text(props: TextOwnProps & Attributes<'p'> & { htmlFor?: string; dateTime?: string }) {
  const { span, inherit, component, ...rest } = props as TextOwnProps & Record<string, unknown>;
  return useTextElement(component ?? (span ? 'span' : 'p'), '', { 'data-inherit': inherit }, rest);
}

type AnchorOwnProps = PlainStyleProps & {
  size?: MantineFontSize;
  underline?: 'always' | 'hover' | 'not-hover' | 'never';
  /** The font of the text around it. */
  inherit?: boolean;
  /** An element or a component (a router link); its own props (`to`) pass through. */
  component?: ElementType;
  to?: string;
  children?: ReactNode;
};

/** Mantine's Anchor: a link in Text's sizes, underlined on hover unless told otherwise. */
export function Anchor(props: AnchorOwnProps & Attributes<'a'>) {
  const { underline = 'hover', inherit, component = 'a', ...rest } = props as AnchorOwnProps & Record<string, unknown>;
  return useTextElement(
    component,
    'm_849cf0da mantine-Anchor-root ',
    { 'data-inherit': inherit, 'data-underline': underline },
    rest,
  );
}

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

type TitleOwnProps = PlainStyleProps & {
  order?: 1 | 2 | 3 | 4 | 5 | 6;
  /** A heading's size from the theme (`h4`), or a font size. */
  size?: 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6' | MantineFontSize;
  children?: ReactNode;
};

/** Mantine's Title: a heading of `order` in the theme's heading sizes. */
export function Title(props: TitleOwnProps & Attributes<'h2'>) {
  const { order = 1, size, children, ...rest } = props as TitleOwnProps & Record<string, unknown>;
  const named = size ?? `h${order}`;
  const heading = HEADINGS.includes(named);
  return useElement(
    `h${order}`,
    rest,
    'm_8a5d1357 mantine-Title-root',
    {
      '--title-fw': `var(--mantine-h${heading ? named.slice(1) : order}-font-weight)`,
      '--title-lh': `var(--mantine-h${heading ? named.slice(1) : order}-line-height)`,
      '--title-fz': heading ? `var(--mantine-${named}-font-size)` : `var(--mantine-font-size-${named})`,
    },
    { 'data-size': sizeName(size), 'data-order': order },
    children,
  );
}

type StackOwnProps = PlainStyleProps & {
  gap?: Spacing;
  align?: CSSProperties['alignItems'];
  justify?: CSSProperties['justifyContent'];
  component?: 'div' | 'nav' | 'ul' | 'ol' | 'section' | 'form' | 'article' | 'dl' | 'fieldset';
  children?: ReactNode;
};

/** Mantine's Stack: children in a column, `gap` apart. */
export function Stack(props: StackOwnProps & Attributes<'div'>) {
  const {
    gap = 'md',
    align = 'stretch',
    justify = 'flex-start',
    component = 'div',
    children,
    ...rest
  } = props as StackOwnProps & Record<string, unknown>;
  return useElement(
    component,
    rest,
    'm_6d731127 mantine-Stack-root',
    { '--stack-gap': getSpacing(gap), '--stack-align': align, '--stack-justify': justify },
    {},
    children,
  );
}

type GroupOwnProps = PlainStyleProps & {
  gap?: Spacing;
  align?: CSSProperties['alignItems'];
  justify?: CSSProperties['justifyContent'];
  wrap?: CSSProperties['flexWrap'];
  component?: 'div' | 'nav' | 'ul' | 'section' | 'footer';
  children?: ReactNode;
};

/** Mantine's Group: children in a row, `gap` apart, wrapping unless told not to. */
export function Group(props: GroupOwnProps & Attributes<'div'>) {
  const {
    gap = 'md',
    align = 'center',
    justify = 'flex-start',
    wrap = 'wrap',
    component = 'div',
    children,
    ...rest
  } = props as GroupOwnProps & Record<string, unknown>;
  return useElement(
    component,
    rest,
    'm_4081bf90 mantine-Group-root',
    { '--group-gap': getSpacing(gap), '--group-align': align, '--group-justify': justify, '--group-wrap': wrap },
    {},
    children,
  );
}

type CardOwnProps = PlainStyleProps & {
  withBorder?: boolean;
  padding?: Spacing;
  radius?: MantineRadius;
  /** An element or a component (a router link); its own props (`to`, `href`) pass through. */
  component?: ElementType;
  to?: string;
  href?: string;
  /** For a card drawn as a form. */
  noValidate?: boolean;
  children?: ReactNode;
};

/** Mantine's Card (a Paper) without sections: a bordered box of `padding`. */
export function Card(props: CardOwnProps & Attributes<'div'>) {
  const {
    withBorder,
    padding,
    radius,
    component = 'div',
    children,
    ...rest
  } = props as CardOwnProps & Record<string, unknown>;
  return useElement(
    component,
    rest,
    'm_e615b15f mantine-Card-root m_1b7284a3 mantine-Paper-root',
    {
      '--paper-radius': radius === undefined ? undefined : getRadius(radius),
      '--card-padding': getSpacing(padding),
    },
    { 'data-with-border': withBorder, 'data-orientation': 'vertical' },
    children,
  );
}

type ContainerOwnProps = PlainStyleProps & {
  size?: MantineSpacing | number;
  children?: ReactNode;
};

/** Mantine's Container: centred, at most the theme's width of `size`. */
export function Container(props: ContainerOwnProps & Attributes<'div'>) {
  const { size, children, ...rest } = props as ContainerOwnProps & Record<string, unknown>;
  return useElement(
    'div',
    rest,
    'm_7485cace mantine-Container-root',
    { '--container-size': getSize(size, 'container-size') },
    { 'data-size': sizeName(size), 'data-strategy': 'block' },
    children,
  );
}

type BadgeOwnProps = PlainStyleProps & {
  variant?: 'filled' | 'light' | 'outline' | 'default' | 'transparent' | 'white';
  color?: MantineColor;
  size?: MantineSpacing;
  radius?: MantineRadius;
  children?: ReactNode;
};

/** Mantine's Badge: a short label in `color`, its colours from the theme's variant resolver. */
export function Badge(props: BadgeOwnProps & Attributes<'div'>) {
  const { variant, color, size, radius, children, ...rest } = props as BadgeOwnProps & Record<string, unknown>;
  const theme = useMantineTheme();
  const colors = theme.variantColorResolver({
    color: color || theme.primaryColor,
    theme,
    variant: variant || 'filled',
  });
  const coloured = color !== undefined || variant !== undefined;
  return useElement(
    'div',
    rest,
    'm_347db0ec mantine-Badge-root',
    {
      '--badge-height': getSize(size, 'badge-height'),
      '--badge-padding-x': getSize(size, 'badge-padding-x'),
      '--badge-fz': getSize(size, 'badge-fz'),
      '--badge-radius': radius === undefined ? undefined : getRadius(radius),
      '--badge-bg': coloured ? colors.background : undefined,
      '--badge-color': coloured ? colors.color : undefined,
      '--badge-bd': coloured ? colors.border : undefined,
    },
    { 'data-variant': variant, 'data-size': sizeName(size) },
    <span className="m_5add502a mantine-Badge-label">{children}</span>,
  );
}

type Breakpoint = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

type SimpleGridOwnProps = PlainStyleProps & {
  /** Columns from the narrowest screen (`base`) and from each wider breakpoint given. */
  cols: { base: number } & Partial<Record<Breakpoint, number>>;
  spacing?: MantineSpacing;
  children?: ReactNode;
};

const BREAKPOINTS: Breakpoint[] = ['xs', 'sm', 'md', 'lg', 'xl'];

/**
 * Mantine's SimpleGrid for columns that change with the screen's width. Mantine writes a style element
 * with media queries for every grid it draws; here the columns are variables on the grid and one
 * stylesheet (simple-grid.module.css) picks them per breakpoint. Not the same markup as Mantine's, so
 * not in the equivalence test: the browser tests' screenshots of the pages at two widths cover it.
 */
export function SimpleGrid(props: SimpleGridOwnProps & Attributes<'div'>) {
  const { cols, spacing = 'md', children, ...rest } = props as SimpleGridOwnProps & Record<string, unknown>;
  const gap = getSpacing(spacing);
  const vars: Record<string, string | undefined> = {
    '--sg-spacing-x': gap,
    '--sg-spacing-y': gap,
    '--cols': String(cols.base),
  };
  for (const breakpoint of BREAKPOINTS) {
    const value = cols[breakpoint];
    if (value !== undefined) vars[`--cols-${breakpoint}`] = String(value);
  }
  return useElement('div', rest, `m_2415a157 mantine-SimpleGrid-root ${grid.root}`, vars, {}, children);
}
