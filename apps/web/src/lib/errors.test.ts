import { ApiError } from '@perenos/api-client';
import { describe, expect, it } from 'vitest';
import { retryOnce, userMessage } from './errors';

const apiError = (status: number, result: unknown = null) => new ApiError('failed', status, '', {}, result);

describe('userMessage', () => {
  it('puts the field messages first, then a sentence per status', () => {
    expect(userMessage(apiError(400, { errors: { Msisdn: ['Неверный номер.'], Name: ['Укажите имя.'] } }))).toBe(
      'Неверный номер. Укажите имя.',
    );
    expect(userMessage(apiError(400))).toBe('Проверьте введённые данные.');
    expect(userMessage(apiError(401))).toBe('Сеанс истёк. Войдите через Госуслуги ещё раз.');
    expect(userMessage(apiError(404))).toBe('Запись не найдена.');
    expect(userMessage(apiError(503))).toBe('Сервис временно недоступен. Попробуйте позже.');
    expect(userMessage(new TypeError('Failed to fetch'))).toBe(
      'Нет связи с сервером. Проверьте подключение к интернету.',
    );
    expect(userMessage(new Error('boom'))).toBe('Что-то пошло не так. Попробуйте ещё раз.');
  });
});

describe('retryOnce', () => {
  it('retries network and server failures once, never a client error', () => {
    expect(retryOnce(0, apiError(500))).toBe(true);
    expect(retryOnce(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(retryOnce(1, apiError(500))).toBe(false);
    expect(retryOnce(0, apiError(404))).toBe(false);
  });
});
