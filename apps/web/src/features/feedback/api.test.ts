import { describe, expect, it } from 'vitest';
import { validateFeedback } from './api';

const OK = {
  name: 'Анна',
  email: 'anna@example.ru',
  topic: 'Тарифы',
  message: 'Когда придёт SMS о переносе?',
} as const;

describe('validateFeedback', () => {
  it('passes a complete form', () => {
    expect(validateFeedback({ ...OK })).toEqual({});
  });

  it('names the e-mail problem specifically, once', () => {
    expect(validateFeedback({ ...OK, email: 'anna@' })).toEqual({
      email: 'Введите адрес электронной почты целиком, например anna@mail.ru.',
    });
    expect(validateFeedback({ ...OK, email: ' ' }).email).toMatch(/^Укажите электронную почту/);
  });

  it('asks for a name and a longer message', () => {
    const errors = validateFeedback({ ...OK, name: '', message: 'коротко' });
    expect(Object.keys(errors).sort()).toEqual(['message', 'name']);
  });
});
