import { describe, expect, it } from 'vitest';
import { verifyDetachedCms } from './cms';
import { parseEsiaTimestamp } from './index';

describe('parseEsiaTimestamp', () => {
  it('reads ESIA timestamps with their offset', () => {
    expect(parseEsiaTimestamp('2026.11.22 15:04:05 +0300')?.toISOString()).toBe('2026-11-22T12:04:05.000Z');
    expect(parseEsiaTimestamp('2026.11.22 12:04:05 +0000')?.toISOString()).toBe('2026-11-22T12:04:05.000Z');
    expect(parseEsiaTimestamp('2026.11.22 07:04:05 -0500')?.toISOString()).toBe('2026-11-22T12:04:05.000Z');
  });

  it.each(['', '2026-11-22 15:04:05 +0300', '2026.11.22 15:04:05', '2026.11.22T15:04:05 +0300', 'x'])(
    'refuses %j',
    (value) => {
      expect(parseEsiaTimestamp(value)).toBeNull();
    },
  );
});

describe('verifyDetachedCms', () => {
  it('refuses what is not a CMS signature without throwing', async () => {
    const cert = new Uint8Array([0x30, 0x03, 0x02, 0x01, 0x01]);
    for (const sig of ['', 'AAAA', Buffer.from('not der').toString('base64url'), '!!!']) {
      expect(await verifyDetachedCms('data', sig, cert)).toBe(false);
    }
  });
});
