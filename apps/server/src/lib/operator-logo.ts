// The operator's logo address and the monogram drawn when an operator has no logo file: shared by every
// answer that names an operator (operators, regions, tariffs, lookup, coverage).
/** Up to two letters that stand for the brand: «МТС» → «МТ», «Т-Мобайл» → «ТМ», «Yota» → «Yo». */
export function monogramLetters(name: string): string {
  const words = name.split(/[\s\-–]+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  const first = words[0] ?? '?';
  if (words.length >= 2) return (first[0]! + words[1]![0]!).toUpperCase();
  const letters = [...first].filter((c) => /[\p{L}\p{N}]/u.test(c));
  const second = letters[1] ?? '';
  const isAcronym = first === first.toUpperCase();
  return letters[0]!.toUpperCase() + (isAcronym ? second.toUpperCase() : second.toLowerCase());
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Relative luminance decides white or near-black letters, so the monogram stays readable on any brand colour. */
function textColourFor(hex: string): string {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.4 ? '#1a1a1a' : '#ffffff';
}

/** A neutral generated logo: the brand colour and the monogram, no trademarked artwork. */
export function monogramSvg(name: string, color: string): string {
  const letters = escapeXml(monogramLetters(name));
  const fill = /^#[0-9a-f]{6}$/i.test(color) ? color : '#2f9e44';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${escapeXml(name)}"><rect width="64" height="64" rx="14" fill="${fill}"/><text x="32" y="41" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="24" font-weight="700" fill="${textColourFor(fill)}">${letters}</text></svg>`;
}

/** Where the web app loads an operator's logo from. */
export function logoUrl(slug: string): string {
  return `/api/v1/operator/${encodeURIComponent(slug)}/logo.svg`;
}
