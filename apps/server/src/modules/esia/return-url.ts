const PLACEHOLDER_ORIGIN = 'http://return-url.invalid';

/**
 * A path on this site, or `/`. Accepts `/path?query#hash` and absolute URLs of `siteOrigin`; refuses
 * protocol-relative (`//evil`, `/\evil`), scheme-only (`https:evil`, `javascript:`), encoded
 * (`%2F%2Fevil`) and other-origin addresses. The answer is the URL parser's own re-serialisation.
 */
export function safeReturnPath(value: unknown, siteOrigin?: string): string {
  if (typeof value !== 'string' || value === '' || value.length > 2000) return '/';
  // Browsers strip tabs and newlines and treat `\` as `/`, so `/\t/evil` or `/\evil` would leave the site.
  if ([...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || c === '\\')) return '/';
  let candidate = value;
  if (siteOrigin && !value.startsWith('/')) {
    try {
      const absolute = new URL(value);
      if (absolute.origin !== new URL(siteOrigin).origin || !/^https?:\/\//i.test(value)) return '/';
      candidate = absolute.pathname + absolute.search + absolute.hash;
    } catch {
      return '/';
    }
  }
  if (!candidate.startsWith('/') || candidate.startsWith('//')) return '/';
  try {
    const url = new URL(candidate, PLACEHOLDER_ORIGIN);
    if (url.origin !== PLACEHOLDER_ORIGIN) return '/';
    const path = url.pathname + url.search + url.hash;
    return path.startsWith('//') ? '/' : path;
  } catch {
    return '/';
  }
}
