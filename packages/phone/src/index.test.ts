import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMsisdn, isMobileMsisdn, normaliseMsisdn } from './index';

describe('normaliseMsisdn', () => {
  it('turns the common notations into 7XXXXXXXXXX', () => {
    for (const notation of [
      '+7 916 123-45-67',
      ' +7 (916) 123-45-67 ',
      '8 (916) 123-45-67',
      '8-916-123-45-67',
      '79161234567',
      '89161234567',
      '9161234567',
      '+7\u00a0916\u00a0123\u201145\u201167',
      '+7.916.123.45.67',
    ]) {
      expect(normaliseMsisdn(notation), notation).toBe('79161234567');
    }
    expect(normaliseMsisdn('8 800 555-35-35')).toBe('78005553535');
  });

  it('refuses letters, misplaced plus signs, wrong lengths and other countries', () => {
    for (const bad of [
      '',
      'abc',
      '+79161234567+',
      '+8 916 123 45 67',
      '+3 916 123 45 67',
      '916123456',
      '891612345678',
      '7 (7172) 12-34-56',
      '+7 (616) 123-45-67',
      '8916123456a',
      '+7 916 123-45-67 доб. 5',
    ]) {
      expect(normaliseMsisdn(bad), bad).toBeNull();
    }
  });

  it('formatting and reading back gives the same number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), (n) => {
        const msisdn = `79${String(n).padStart(9, '0')}`;
        return normaliseMsisdn(formatMsisdn(msisdn)) === msisdn && isMobileMsisdn(msisdn);
      }),
    );
  });
});
