import { ApiError } from '@perenos/api-client';
import { describe, expect, it } from 'vitest';
import { lookupErrorMessage } from './api';

const apiError = (status: number, result: unknown = null) => new ApiError('failed', status, '', {}, result);

describe('lookupErrorMessage', () => {
  it('says what 404, 413, 429 and a server failure mean for a lookup, and keeps the rest', () => {
    expect(lookupErrorMessage(apiError(404))).toBe('Номер не найден: он не входит ни в один диапазон плана нумерации.');
    expect(lookupErrorMessage(apiError(413))).toBe('Файл слишком большой.');
    expect(lookupErrorMessage(apiError(429, {}))).toBe('Лимит проверок на сегодня исчерпан.');
    expect(lookupErrorMessage(apiError(401))).toBe('Сеанс истёк. Войдите через Госуслуги ещё раз.');
    expect(lookupErrorMessage(apiError(500))).toBe('Сервис проверки временно недоступен. Попробуйте позже.');
  });

  it('passes on when a node busy with files asks to come back, and stays generic for another 503', () => {
    const busy = {
      status: 503,
      title: 'Сервер занят',
      detail: 'Сервер занят обработкой файлов, попробуйте через 7 с.',
    };
    expect(lookupErrorMessage(apiError(503, busy))).toBe('Сервер занят обработкой файлов, попробуйте через 7 с.');
    expect(lookupErrorMessage(apiError(503))).toBe('Сервис проверки временно недоступен. Попробуйте позже.');
  });
});
