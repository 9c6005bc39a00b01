import { IMask } from 'react-imask';
import { describe, expect, it } from 'vitest';
import { masks, phonePrefixReader } from './masks';

type MaskedPattern = InstanceType<typeof IMask.MaskedPattern>;

/** The phone mask as the field runs it, with one reader of typed characters. */
function phoneMask() {
  const reader = phonePrefixReader();
  const masked = IMask.createMask({ ...masks.phone, prepareChar: reader.prepareChar }) as unknown as MaskedPattern;
  masked.value = '';
  return { masked, reader };
}

/** Types `text` key by key at the end of what is there, as imask's input control does. */
function typeKeys(masked: MaskedPattern, text: string): string {
  for (const ch of text) {
    const at = masked.nearestInputPos(masked.nearestInputPos(masked.displayValue.length, 'LEFT'));
    masked.splice(at, 0, ch, 'NONE', { input: true, raw: true });
  }
  return masked.displayValue;
}

describe('the phone mask', () => {
  it('keeps a landline typed key by key as it is, instead of turning it into another number', () => {
    expect(typeKeys(phoneMask().masked, '84951234567')).toBe('+7 (495) 123-45-67');
    expect(typeKeys(phoneMask().masked, '8 (495) 123-45-67')).toBe('+7 (495) 123-45-67');
    expect(typeKeys(phoneMask().masked, '4951234567')).toBe('+7 (495) 123-45-67');
  });

  it('drops the 8 or +7 people type in front of a mobile number, once', () => {
    expect(typeKeys(phoneMask().masked, '89161234567')).toBe('+7 (916) 123-45-67');
    expect(typeKeys(phoneMask().masked, '+79161234567')).toBe('+7 (916) 123-45-67');
    expect(typeKeys(phoneMask().masked, '9161234567')).toBe('+7 (916) 123-45-67');
    // 8 800 …: the second 8 is the code's.
    expect(typeKeys(phoneMask().masked, '88005553535')).toBe('+7 (800) 555-35-35');
  });

  it('takes a number the page sets as it is, and drops a prefix again once the field was emptied', () => {
    const { masked, reader } = phoneMask();
    masked.value = '+7 (800) 555-35-35';
    expect(masked.displayValue).toBe('+7 (800) 555-35-35');
    masked.value = '';
    typeKeys(masked, '8');
    masked.value = '';
    reader.reset();
    expect(typeKeys(masked, '89031234567')).toBe('+7 (903) 123-45-67');
  });
});
