import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  classifyPhoneInput,
  formatMsisdn,
  INVALID_MSISDN_MESSAGE,
  isMobileMsisdn,
  normaliseMsisdn,
  phoneInputProblem,
} from './index';

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

describe('formatMsisdn', () => {
  it('writes an MSISDN as +7 (XXX) XXX-XX-XX and leaves anything else alone', () => {
    expect(formatMsisdn('79161234567')).toBe('+7 (916) 123-45-67');
    expect(formatMsisdn('12345')).toBe('12345');
  });
});

describe('classifyPhoneInput', () => {
  it('reads a mobile number in any notation', () => {
    expect(classifyPhoneInput('8 916 123-45-67')).toEqual({ kind: 'mobile', msisdn: '79161234567' });
    expect(classifyPhoneInput('+79161234567')).toEqual({ kind: 'mobile', msisdn: '79161234567' });
  });

  it('says a Moscow landline is not mobile', () => {
    const kind = classifyPhoneInput('8 495 123-45-67');
    expect(kind).toEqual({ kind: 'landline', msisdn: '74951234567' });
    expect(phoneInputProblem(kind)).toMatch(/^\+7 \(495\) 123-45-67 — не мобильный номер/);
  });

  it('says a foreign number is foreign', () => {
    for (const input of [
      '+44 20 7946 0958',
      '+380 44 123 4567',
      '+7 701 123 45 67',
      '00 49 30 1234567',
      '810 49 30 1234567',
    ]) {
      expect(classifyPhoneInput(input), input).toEqual({ kind: 'foreign' });
    }
    expect(phoneInputProblem({ kind: 'foreign' })).toMatch(/другой страны/);
  });

  it('calls anything else invalid', () => {
    for (const input of ['abc', '123', '+7 916 123'])
      expect(classifyPhoneInput(input), input).toEqual({ kind: 'invalid' });
    expect(phoneInputProblem({ kind: 'invalid' })).toBe(INVALID_MSISDN_MESSAGE);
    expect(phoneInputProblem({ kind: 'mobile', msisdn: '79161234567' })).toBeNull();
  });
});
