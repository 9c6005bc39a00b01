import { describe, expect, it } from 'vitest';
import { documentTitle } from './page-meta';

describe('documentTitle', () => {
  it('adds the site name after the page title', () => {
    expect(documentTitle('Тарифы')).toBe('Тарифы — Перенос номера');
  });

  it('does not double a page titled like the site', () => {
    expect(documentTitle('Перенос номера')).toBe('Перенос номера');
    expect(documentTitle('')).toBe('Перенос номера');
  });
});
