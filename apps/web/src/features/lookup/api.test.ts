import { ApiError } from '@perenos/api-client';
import { describe, expect, it } from 'vitest';
import { lookupErrorMessage, quotaOfAnswer } from './api';

const apiError = (status: number, result: unknown = null) => new ApiError('failed', status, '', {}, result);

describe('lookupErrorMessage', () => {
  it('says what 404, 413, 429 and a server failure mean for a lookup, and keeps the rest', () => {
    expect(lookupErrorMessage(apiError(404))).toBe('Номер не найден: он не входит ни в один диапазон плана нумерации.');
    expect(lookupErrorMessage(apiError(413))).toBe('Файл слишком большой.');
    expect(lookupErrorMessage(apiError(429, { type: 'urn:perenos:problem:quota-exceeded' }))).toBe(
      'Лимит проверок на сегодня исчерпан.',
    );
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

describe('a 429', () => {
  const spent = {
    type: 'urn:perenos:problem:quota-exceeded',
    title: 'Лимит проверок на сегодня исчерпан',
    status: 429,
    refreshAt: '2026-11-26T21:00:00.000Z',
  };
  const limited = { type: 'urn:perenos:problem:rate-limited', title: 'Слишком много запросов', status: 429 };

  it('is the spent quota only when its problem type says so, whatever fields it carries', () => {
    expect(quotaOfAnswer(apiError(429, spent))).toEqual({ remainingCount: 0, refreshAt: spent.refreshAt });
    expect(quotaOfAnswer(apiError(429, limited))).toBeNull();
    // A rate limit with a date in it is still not the day's quota.
    expect(quotaOfAnswer(apiError(429, { ...limited, refreshAt: spent.refreshAt }))).toBeNull();
  });

  it('says the quota is spent, with when it renews, or asks to wait a moment', () => {
    expect(lookupErrorMessage(apiError(429, spent))).toMatch(
      /^Лимит проверок на сегодня исчерпан\. Новые проверки будут доступны 27\.11\.2026, 00:00/,
    );
    expect(lookupErrorMessage(apiError(429, limited))).toBe('Слишком много запросов. Попробуйте позже.');
  });
});
