/**
 * A cell a spreadsheet would run as a formula (`= + - @`, or a tab or carriage return first) gets a
 * leading apostrophe: every CSV the site writes holds data, never code (OWASP «CSV injection»).
 */
export function neutraliseCsvCell(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** The cell as read back from a file the site wrote: the apostrophe `neutraliseCsvCell` added comes off. */
export function restoreCsvCell(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}
