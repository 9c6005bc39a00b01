import { createHmac, hkdfSync } from 'node:crypto';

/**
 * A СНИЛС as the site keeps it: a keyed hash of its 11 digits, to tell whether a Госключ certificate is
 * the signed-in person's, never to read it back (decision 129). The key is a sub-key of the personal-data
 * seal, for this one purpose. Null for what is not 11 digits.
 */
export function snilsHash(sealKey: Buffer, snils: string): string | null {
  const digits = snils.replace(/\D/g, '');
  if (digits.length !== 11) return null;
  const key = Buffer.from(hkdfSync('sha256', sealKey, 'perenos', 'snils match v1', 32));
  return createHmac('sha256', key).update(digits).digest('hex');
}
