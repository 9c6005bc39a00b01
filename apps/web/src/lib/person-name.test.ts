import { describe, expect, it } from 'vitest';
import { shortName } from './person-name';

describe('shortName', () => {
  it('keeps the surname and the initials, for the header', () => {
    expect(shortName('Кузнецова Мария Викторовна')).toBe('Кузнецова М. В.');
    expect(shortName(' Иванов  Иван ')).toBe('Иванов И.');
    expect(shortName('Cher')).toBe('Cher');
  });
});
