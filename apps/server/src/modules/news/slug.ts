/**
 * A story's address made from its title when the editor leaves it empty: the title transliterated into
 * Latin letters as Russian web addresses are usually spelt (й → y, х → kh, ц → ts, щ → shch, ю → yu,
 * я → ya, ъ and ь dropped: «Сайт научился» → `sayt-nauchilsya`), lower case, words joined by hyphens,
 * at most 80 characters ending on a whole word.
 */

const LETTERS: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

/** What an address may be: Latin lower-case letters, digits and single hyphens between them. */
export const SLUG_RE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const MAX_MADE = 80;

/** The address a title makes; «novost» when the title has no letter or digit to make one of. */
export function slugFromTitle(title: string): string {
  const latin = [...title.toLowerCase()].map((c) => LETTERS[c] ?? c).join('');
  const words = latin
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > MAX_MADE) break;
    slug = next;
  }
  return slug || (words[0] ?? '').slice(0, MAX_MADE) || 'novost';
}

/** The first of `base`, `base-2`, `base-3`… that no other story has. */
export function firstFree(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
