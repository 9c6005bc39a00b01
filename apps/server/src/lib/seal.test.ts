import { describe, expect, it } from 'vitest';
import { deriveKey, keyedHash, seal, unseal } from './seal';

describe('sealing personal data', () => {
  const key = deriveKey('x'.repeat(40), 'pii seal v1');

  it('opens what it sealed, and nothing sealed under another key or altered', () => {
    const sealed = seal(key, '{"series":"4510","number":"123456"}');
    expect(sealed).not.toContain('123456');
    expect(unseal(key, sealed)).toBe('{"series":"4510","number":"123456"}');
    expect(unseal(deriveKey('x'.repeat(40), 'another purpose'), sealed)).toBeNull();
    const parts = sealed.split('.');
    // One bit of the tag flipped: always a change, unlike rewriting its last characters, which the
    // tag already ended with in one run out of 256.
    const tag = Buffer.from(parts[2] ?? '', 'base64url');
    tag[0] = (tag[0] ?? 0) ^ 1;
    parts[2] = tag.toString('base64url');
    expect(unseal(key, parts.join('.'))).toBeNull();
    const data = Buffer.from(parts[3] ?? '', 'base64url');
    data[0] = (data[0] ?? 0) ^ 1;
    expect(unseal(key, [parts[0], parts[1], sealed.split('.')[2], data.toString('base64url')].join('.'))).toBeNull();
    expect(unseal(key, 'garbage')).toBeNull();
  });

  it('hashes codes under a key, the same code to the same hash', () => {
    expect(keyedHash(key, '123456')).toBe(keyedHash(key, '123456'));
    expect(keyedHash(key, '123456')).not.toBe(keyedHash(deriveKey('y'.repeat(40), 'p'), '123456'));
  });
});
