import { createHash } from 'node:crypto';

/**
 * `"<sha1 in base64>"`: the strong tag of an answer's body, made by the ETag plugin for every GET answer
 * and by the tariff lists for the pages they keep; the same function, so a cached page's tag is the tag
 * the plugin would have made.
 */
export function etagOf(payload: string | Buffer): string {
  return `"${createHash('sha1').update(payload).digest('base64')}"`;
}
