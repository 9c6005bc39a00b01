import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-url';

const SITE = 'https://perenos.example';

describe('safeReturnPath', () => {
  it.each([
    ['/account', '/account'],
    ['/account/79161234567/orders/2?x=1#top', '/account/79161234567/orders/2?x=1#top'],
    ['/', '/'],
    [`${SITE}/account`, '/account'],
    [SITE, '/'],
  ])('keeps a path on this site: %s', (input, expected) => {
    expect(safeReturnPath(input, SITE)).toBe(expected);
  });

  it.each([
    '//evil.example',
    '//evil.example/account',
    '///evil.example',
    'https:evil.example',
    'https:/evil.example',
    'http://evil.example/account',
    'https://perenos.example.evil.example/',
    'https://perenos.example@evil.example/',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '%2F%2Fevil.example',
    '%2f%2fevil.example',
    '/..//evil.example',
    '/%2e%2e//evil.example',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'evil.example',
    '',
    `${SITE.replace('https', 'http')}/account`,
  ])('sends anything else to /: %j', (input) => {
    expect(safeReturnPath(input, SITE)).toBe('/');
  });

  it('answers / for non-strings and overly long values', () => {
    expect(safeReturnPath(undefined, SITE)).toBe('/');
    expect(safeReturnPath(['/a'], SITE)).toBe('/');
    expect(safeReturnPath(`/${'a'.repeat(2001)}`, SITE)).toBe('/');
  });

  it('never produces an address that leaves the site, whatever the input', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webUrl(),
          fc.webPath(),
          fc.string().map((s) => `/${s}`),
        ),
        (input) => {
          const out = safeReturnPath(input, SITE);
          expect(out.startsWith('/')).toBe(true);
          expect(out.startsWith('//')).toBe(false);
          expect(out).not.toContain('\\');
          expect(new URL(out, SITE).origin).toBe(SITE);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
