import { describe, expect, it } from 'vitest';
import { appliedText } from './components/catalogue-panel';

describe('what an applied catalogue upload says', () => {
  // Issue 36: «Применено: 1 1 тариф добавлено…» — the count twice and the verb in the wrong form.
  it('counts once, with the noun and the verb in the count’s form', () => {
    expect(appliedText(1)).toBe('Применено: 1 тариф добавлен или изменён.');
    expect(appliedText(3)).toBe('Применено: 3 тарифа добавлены или изменены.');
    expect(appliedText(5)).toBe('Применено: 5 тарифов добавлено или изменено.');
    expect(appliedText(21)).toBe('Применено: 21 тариф добавлен или изменён.');
    expect(appliedText(1250)).toBe('Применено: 1\u00a0250 тарифов добавлено или изменено.');
  });
});
