import { describe, expect, it } from 'vitest';
import { debtMessage, formatEdition, isWholeAddress, simChoiceProblem, simForServer, simOfOrder } from './sim';

describe('the SIM way of step 3', () => {
  it('asks for a way, an office for the office, a whole address for the courier', () => {
    expect(simChoiceProblem(null)).toBe('Выберите, как получить SIM-карту нового оператора.');
    expect(simChoiceProblem({ kind: 'esim' })).toBeNull();
    expect(simChoiceProblem({ kind: 'office' })).toBe('Выберите офис, где заберёте SIM-карту.');
    expect(simChoiceProblem({ kind: 'office', officeId: 'mts-63-1' })).toBeNull();
    expect(simChoiceProblem({ kind: 'courier', address: 'Самара' })).toMatch(/^Укажите адрес доставки целиком/);
    expect(simChoiceProblem({ kind: 'courier', address: ' г. Самара,  ул. Ленина, д. 5 ' })).toBeNull();
  });

  it('checks an address as the server does: ten characters, a word and a number', () => {
    expect(isWholeAddress('ул. Ленина')).toBe(false);
    expect(isWholeAddress('1234567890')).toBe(false);
    expect(isWholeAddress('ул. Ленина, 5')).toBe(true);
  });

  it('reads the order’s choice back, and sends only what the kind uses', () => {
    const office = { id: 'x', name: 'Салон', address: 'ул. Мира, 1', hours: '9–18' };
    expect(simOfOrder({ sim: null })).toBeNull();
    expect(simOfOrder({ sim: { kind: 'office', officeId: 'x', office, address: null } })).toEqual({
      kind: 'office',
      officeId: 'x',
    });
    expect(simOfOrder({ sim: { kind: 'courier', officeId: null, office: null, address: 'ул. Мира, 1' } })).toEqual({
      kind: 'courier',
      address: 'ул. Мира, 1',
    });
    expect(simForServer({ kind: 'esim', officeId: 'x', address: 'y' })).toEqual({ kind: 'esim' });
    expect(simForServer({ kind: 'courier', address: '  ул.   Мира, 1 ', officeId: 'x' })).toEqual({
      kind: 'courier',
      address: 'ул. Мира, 1',
    });
  });
});

describe('words of the application page', () => {
  it('names an edition by its date', () => {
    expect(formatEdition('2026-11-01')).toBe('от 1 ноября 2026');
    expect(formatEdition('v2')).toBe('v2');
  });

  it('says the debt with its amount and pay-by time in Moscow, or when it was paid', () => {
    expect(debtMessage({ amount: 1840, payBy: '2026-12-01T20:59:00.000Z', paidAt: null, numbers: [] })).toBe(
      'Оплатите 1\u00a0840\u00a0₽ до 01.12.2026, 23:59 (МСК), иначе перенос не состоится.',
    );
    expect(
      debtMessage({ amount: 600, payBy: '2026-12-01T20:59:00.000Z', paidAt: '2026-11-30T09:05:00.000Z', numbers: [] }),
    ).toBe('Задолженность 600\u00a0₽ оплачена 30.11.2026, 12:05 (МСК).');
  });
});
