/*
 * Russian names in alphabetical order without `Intl.Collator` (decision 120): the browser's first collator
 * costs 47 ms on this machine, four times that on the phone Lighthouse imitates, in the task that draws
 * the page. For names of Cyrillic words, spaces and dashes (the regions') this is the order the Russian
 * collation gives: case aside, «ё» as «е», a space, a hyphen or a dash before any letter or digit.
 */

/**
 * The marks between words in the collation's order, as characters that sort so and below the digits and
 * the letters (any other mark after these); the digits and the Cyrillic letters already sort by their codes.
 */
const MARKS = new Map(
  [' ', '_', '-', '–', '—', ',', ';', ':', '!', '?', '.', "'", '"', '«', '»', '(', ')', '/', '&', '+'].map(
    (mark, i) => [mark, String.fromCharCode(1 + i)],
  ),
);
const OTHER_MARK = String.fromCharCode(1 + MARKS.size);

/** What a name is ordered by: lower case, «ё» as «е», «№» as «no», the marks as above, Latin after Cyrillic. */
const orderKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/ё/g, 'е')
    // «№» is ordered as the letters it stands for.
    .replace(/№/g, 'no')
    .replace(/[^\p{L}\p{N}]/gu, (mark) => MARKS.get(mark) ?? OTHER_MARK)
    // Russian puts its own letters before the Latin ones.
    .replace(/[a-z]/g, (latin) => String.fromCharCode(latin.charCodeAt(0) + 0x1000));

// Each name's key made once: sorting the 85 regions compares about 550 pairs, and the server sorts them
// for every page that draws the region picker (making the keys each time was 1.1 ms of such a page).
const keys = new Map<string, string>();
const keyOf = (name: string) => {
  let key = keys.get(name);
  if (key === undefined) {
    if (keys.size >= 5000) keys.clear();
    key = orderKey(name);
    keys.set(name, key);
  }
  return key;
};

/** Compares two Russian names as a dictionary orders them; for `Array.prototype.sort`. */
export function compareRussian(a: string, b: string): number {
  const ka = keyOf(a);
  const kb = keyOf(b);
  if (ka !== kb) return ka < kb ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
