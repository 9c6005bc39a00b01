import { describe, expect, it } from 'vitest';
import { describeRouteError } from './route-error';

describe('describeRouteError', () => {
  it('tells a failed page download apart from other errors', () => {
    const failed = describeRouteError(
      new TypeError('Failed to fetch dynamically imported module: /assets/tariffs-abc.js'),
    );
    expect(failed.title).toBe('Страница не загрузилась');
  });

  it('never shows the technical message', () => {
    const other = describeRouteError(new Error('Cannot read properties of undefined'));
    expect(other.title).toBe('Что-то пошло не так');
    expect(other.text).not.toContain('undefined');
  });

  it('handles thrown non-errors', () => {
    expect(describeRouteError('boom').title).toBe('Что-то пошло не так');
  });
});
