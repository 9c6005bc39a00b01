/**
 * Russian phone numbers (MSISDN) in the one form the site stores and compares: 11 digits `7XXXXXXXXXX`.
 * Pure functions shared by the server and the web app.
 */

/** Characters people put between digits: spaces (also no-break and thin), brackets, dashes, dots. */
function isSeparator(c: number): boolean {
  return (
    c === 32 || // space
    c === 9 ||
    c === 10 ||
    c === 13 ||
    c === 40 || // (
    c === 41 || // )
    c === 45 || // -
    c === 46 || // .
    c === 0xa0 || // no-break space
    (c >= 0x2000 && c <= 0x200a) || // typographic spaces
    (c >= 0x2010 && c <= 0x2015) || // hyphens and dashes
    c === 0x202f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/**
 * Normalises a Russian number written in any common notation to `7XXXXXXXXXX`, or returns null.
 * Accepts `+7 916 123-45-67`, `8 (916) 123-45-67`, `79161234567`, `89161234567` and the bare
 * ten digits `9161234567`; refuses letters, a `+` anywhere but in front, `+8…`, and wrong lengths.
 * Written as one pass over the characters: batch files run it a million times.
 */
export function normaliseMsisdn(input: string): string | null {
  let value = 0;
  let count = 0;
  let plus = false;
  for (let i = 0; i < input.length; i++) {
    const c = input.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      if (++count > 11) return null;
      value = value * 10 + (c - 48);
    } else if (c === 43) {
      // A plus only in front of the digits, and only once.
      if (plus || count > 0) return null;
      plus = true;
    } else if (!isSeparator(c)) {
      return null;
    }
  }
  let msisdn: number;
  if (plus) {
    // With a plus only the country code 7 is Russian; +8 is not a notation anyone means.
    if (count !== 11 || Math.floor(value / 1e10) !== 7) return null;
    msisdn = value;
  } else if (count === 11) {
    const first = Math.floor(value / 1e10);
    if (first !== 7 && first !== 8) return null;
    msisdn = value - first * 1e10 + 7e10;
  } else if (count === 10) {
    msisdn = 7e10 + value;
  } else {
    return null;
  }
  // Russian zones 3xx, 4xx, 8xx (geographic and services) and 9xx (mobile); +7 6xx/7xx is Kazakhstan.
  const zone = Math.floor(msisdn / 1e9) % 10;
  return zone === 3 || zone === 4 || zone === 8 || zone === 9 ? String(msisdn) : null;
}

/** True for a normalised number in a mobile (DEF 9xx) code. */
export function isMobileMsisdn(msisdn: string): boolean {
  return /^79\d{9}$/.test(msisdn);
}

/** `+7 (916) 123-45-67` from `79161234567`; anything that is not 11 digits comes back unchanged. */
export function formatMsisdn(msisdn: string): string {
  const d = msisdn.replace(/\D/g, '');
  if (d.length !== 11) return msisdn;
  return `+7 (${d.slice(1, 4)}) ${d.slice(4, 7)}-${d.slice(7, 9)}-${d.slice(9, 11)}`;
}

/** The message every part of the site shows for a number it cannot read. */
export const INVALID_MSISDN_MESSAGE =
  'Введите российский номер телефона: например, +7 916 123-45-67 или 8 916 123-45-67.';

/** What a pasted or typed phone number is, so a form can say exactly what is wrong with it. */
export type PhoneInputKind =
  | { kind: 'mobile'; msisdn: string }
  | { kind: 'landline'; msisdn: string }
  | { kind: 'foreign' }
  | { kind: 'invalid' };

/**
 * Classifies a number written in any notation: a Russian mobile (9xx), a Russian landline or service
 * number (3xx, 4xx, 8xx), a number of another country (`+44…`, `+7 7xx…` of Kazakhstan, `00…`, `810…`),
 * or something that is not a phone number at all.
 */
export function classifyPhoneInput(input: string): PhoneInputKind {
  const msisdn = normaliseMsisdn(input);
  if (msisdn) return isMobileMsisdn(msisdn) ? { kind: 'mobile', msisdn } : { kind: 'landline', msisdn };
  const trimmed = input.trim();
  if (/[^\d\s()+\-.\u00a0\u2010-\u2015]/.test(trimmed)) return { kind: 'invalid' };
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length < 8) return { kind: 'invalid' };
  // An international prefix, a country code other than 7, or +7 6xx/7xx (Kazakhstan).
  if (/^\+\s*[1-689]/.test(trimmed)) return { kind: 'foreign' };
  if (/^(00|810)/.test(digits) && digits.length > 10) return { kind: 'foreign' };
  if (/^\+?7[67]\d{9}$/.test(digits) || (trimmed.startsWith('+') && digits.length === 11 && /^7[67]/.test(digits))) {
    return { kind: 'foreign' };
  }
  return { kind: 'invalid' };
}

/** The message for a number that is not a Russian mobile one; null for a mobile number. */
export function phoneInputProblem(kind: PhoneInputKind): string | null {
  switch (kind.kind) {
    case 'mobile':
      return null;
    case 'landline':
      return `${formatMsisdn(kind.msisdn)} — не мобильный номер, а городской или служебный. Сайт проверяет и переносит только мобильные номера: +7 9XX XXX-XX-XX.`;
    case 'foreign':
      return 'Это номер другой страны. Сайт проверяет и переносит только российские мобильные номера: +7 9XX XXX-XX-XX.';
    default:
      return INVALID_MSISDN_MESSAGE;
  }
}
