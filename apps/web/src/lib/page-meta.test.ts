import { describe, expect, it } from 'vitest';
import { documentTitle } from './page-meta';

describe('document title', () => {
  it('adds the site name after the page’s own title', () => {
    expect(documentTitle('Проверка номера')).toBe('Проверка номера — Перенос номера');
  });

  it('does not repeat the site name for a page named like the site', () => {
    expect(documentTitle('Перенос номера')).toBe('Перенос номера');
    expect(documentTitle('перенос номера ')).toBe('Перенос номера');
    expect(documentTitle('')).toBe('Перенос номера');
  });
});
