import { describe, expect, it } from 'vitest';
import { formatFromPrice } from './format';

describe('formatFromPrice', () => {
  it('names a price from which tariffs start', () => {
    expect(formatFromPrice(290)).toBe('от 290\u00a0₽/мес');
  });

  it('never says «от 0 ₽/мес»: a pay-as-you-go cheapest tariff has no monthly fee', () => {
    expect(formatFromPrice(0)).toBe('в том числе без абонентской платы');
  });
});
