import { describe, expect, it } from 'vitest';
import { likelyRegion } from './likely-region';

const KNOWN = ['moskva', 'sverdlovskaya-oblast', 'primorskiy-kray'];

describe('likelyRegion', () => {
  it('prefers the region chosen last on this device', () => {
    expect(likelyRegion(KNOWN, 'primorskiy-kray', 'Asia/Yekaterinburg')).toBe('primorskiy-kray');
  });

  it('else reads the time zone', () => {
    expect(likelyRegion(KNOWN, null, 'Asia/Yekaterinburg')).toBe('sverdlovskaya-oblast');
  });

  it('falls back to Moscow for an unknown zone or a forgotten region', () => {
    expect(likelyRegion(KNOWN, 'no-such-region', 'America/New_York')).toBe('moskva');
    expect(likelyRegion(KNOWN, null, undefined)).toBe('moskva');
    expect(likelyRegion([], null, undefined)).toBeNull();
  });
});
