/** «Кузнецова М. В.» from «Кузнецова Мария Викторовна»: a name that fits the header; one word stays as it is. */
export function shortName(fullName: string): string {
  const [last, ...rest] = fullName.trim().split(/\s+/);
  if (!last || rest.length === 0) return fullName.trim();
  return `${last} ${rest.map((w) => `${w.charAt(0).toUpperCase()}.`).join(' ')}`;
}
