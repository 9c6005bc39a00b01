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
    parts[3] = `${parts[3]?.slice(0, -2)}AA`;
    expect(unseal(key, parts.join('.'))).toBeNull();
    expect(unseal(key, 'garbage')).toBeNull();
  });

  it('hashes codes under a key, the same code to the same hash', () => {
    expect(keyedHash(key, '123456')).toBe(keyedHash(key, '123456'));
    expect(keyedHash(key, '123456')).not.toBe(keyedHash(deriveKey('y'.repeat(40), 'p'), '123456'));
  });
});
