import { describe, expect, it } from 'vitest';
import { CatalogueError, parseCsvRows } from './catalogue';

describe('catalogue CSV rows', () => {
  it('reads RFC 4180: BOM, CRLF, quoted separators, doubled quotes and line breaks; skips blank rows', () => {
    const text = '\uFEFFa,b,c\r\n"x, y","он сказал ""да""","две\nстроки"\r\n\r\n,,\r\n1,2,3';
    expect(parseCsvRows(text)).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'он сказал "да"', 'две\nстроки'],
      ['1', '2', '3'],
    ]);
  });

  it('keeps a quote inside an unquoted field, and rows of any length', () => {
    expect(parseCsvRows('ООО "Т2",1\nодин')).toEqual([['ООО "Т2"', '1'], ['один']]);
  });

  it('refuses a quoted field that never closes, in Russian', () => {
    expect(() => parseCsvRows('a,b\n"не закрыто,1')).toThrow(CatalogueError);
    expect(() => parseCsvRows('a,b\n"не закрыто,1')).toThrow('Файл CSV не читается');
  });
});
