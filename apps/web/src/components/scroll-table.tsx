import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

interface ScrollTableProps {
  /** What the table is, read out when keyboard focus enters the scrollable region. */
  label: string;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  children: ReactNode;
}

/**
 * A table that may scroll sideways on narrow screens. The scrolling box is a named region in the tab
 * order, so a keyboard user can reach and scroll it (WCAG 2.1.1, axe `scrollable-region-focusable`).
 */
export function ScrollTable({ label, minWidth, children }: ScrollTableProps) {
  return (
    <Table.ScrollContainer
      type="native"
      minWidth={minWidth}
      tabIndex={0}
      role="region"
      aria-label={label}
      data-scroll-region
      // A visually hidden header (position: absolute) stays inside the scrolling box, not beside the page:
      // it made the staff list of roles 577 px wide on a 390 px phone.
      style={{ position: 'relative' }}
    >
      {children}
    </Table.ScrollContainer>
  );
}
