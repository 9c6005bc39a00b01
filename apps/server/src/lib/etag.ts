import { createHash } from 'node:crypto';

/**
 * `"<sha1 in base64>"`: the strong tag of an answer's body, made by the ETag plugin for every GET answer
 * and by the tariff lists for the pages they keep; the same function, so a cached page's tag is the tag
 * the plugin would have made.
 */
export function etagOf(payload: string | Buffer): string {
  return `"${createHash('sha1').update(payload).digest('base64')}"`;
}

/**
 * Whether an `If-None-Match` header names `tag` (RFC 9110 §13.1.2: `*`, or a list of tags compared
 * weakly, so `W/"x"` and `"x"` are the same version).
 */
export function matchesETag(ifNoneMatch: string, tag: string): boolean {
  const opaque = (t: string) => (t.startsWith('W/') ? t.slice(2) : t);
  const wanted = opaque(tag);
  return ifNoneMatch.split(',').some((t) => {
    const candidate = t.trim();
    return candidate === '*' || opaque(candidate) === wanted;
  });
}
